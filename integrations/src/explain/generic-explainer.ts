import {
  doingOf,
  jsonBodyOf,
  providerNameOf,
  providerInSentence,
  type ExplainInput,
  type Explanation,
} from './explanation';

/**
 * Failures that look the same whoever the provider is: no answer, no connection, an address we may
 * not call, an answer we cannot read, an expired or revoked authorisation, and the bare HTTP
 * statuses. Provider explainers handle what they know first and fall back to this.
 */
export function explainTransportFailure(input: ExplainInput): Explanation | null {
  const name = providerNameOf(input);
  const doing = doingOf(input.type);
  switch (input.errorCode ?? (isBrokenJsonAnswer(input) ? 'malformed' : null)) {
    case 'refused_target':
      return {
        cause: `The address set for this connection is on a private or local network, which this deployment does not allow us to call.`,
        fix: 'Enter the public address of the shop or API in the connection settings.',
        action: 'settings',
      };
    case 'timeout':
      return {
        cause: `${name} did not answer in time while ${doing}.`,
        fix: 'Nothing to do for now: the next run tries again. If it keeps happening, the provider is probably having trouble; retry this record later.',
        action: 'provider',
      };
    case 'network':
      return {
        cause: `We could not reach ${providerInSentence(input)} while ${doing}: the address could not be found or the connection was refused.`,
        fix: 'Check the shop or API address in the connection settings. If it is right, the provider may be down: retry this record later.',
        action: 'settings',
      };
    case 'malformed':
      return {
        cause: `${name} sent an answer we could not read while ${doing}.`,
        fix: 'This is usually a passing fault at the provider: retry this record later. If it keeps happening, report it to us.',
        action: 'provider',
      };
    case 'token_expired':
      return {
        cause: `The access token of this connection has expired and could not be renewed.`,
        fix: 'Reconnect the channel (authorise it again).',
        action: 'reconnect',
      };
    case 'invalid_grant':
      return {
        cause: `${name} refused to renew our access: the authorisation was revoked or has expired.`,
        fix: 'Reconnect the channel (authorise it again).',
        action: 'reconnect',
      };
    default:
      return null;
  }
}

/**
 * A 2xx answer whose JSON breaks off: what the simulators' `malformed` fault sends, and what a
 * proxy cutting a response looks like. A body we cut ourselves (the transport says so) is not one.
 */
function isBrokenJsonAnswer(input: ExplainInput): boolean {
  const body = input.responseBody?.trimStart() ?? '';
  if (input.httpStatus === null || input.httpStatus < 200 || input.httpStatus > 299) return false;
  if (!(body.startsWith('{') || body.startsWith('[')) || /… \(cut at \d+ characters\)$/.test(body))
    return false;
  return jsonBodyOf(body) === null;
}

/** By HTTP status alone, when nothing more specific is known. */
export function explainHttpStatus(input: ExplainInput): Explanation {
  const name = providerNameOf(input);
  const doing = doingOf(input.type);
  const status = input.httpStatus;
  if (status === null) {
    return {
      cause: `The call to ${providerInSentence(input)} failed while ${doing}: ${input.message}`,
      fix: 'Retry this record. If it fails again, report it to us.',
      action: 'report',
    };
  }
  if (status === 401) {
    return {
      cause: `${name} refused our credentials while ${doing}.`,
      fix: 'Reconnect the channel, or enter valid credentials in its settings.',
      action: 'reconnect',
    };
  }
  if (status === 403) {
    return {
      cause: `${name} does not let these credentials do this (${doing}).`,
      fix: 'Give the connection the missing permission at the provider, then reconnect it.',
      action: 'reconnect',
    };
  }
  if (status === 404) {
    return {
      cause: `${name} could not find what we asked for while ${doing}.`,
      fix: 'Check that the order or product still exists at the provider and that its mapping is right.',
      action: 'check_mapping',
    };
  }
  if (status === 429) {
    return {
      cause: `${name} asked us to slow down (too many calls) while ${doing}.`,
      fix: 'Nothing to do: we wait as long as the provider asks and try again by ourselves.',
      action: 'wait',
    };
  }
  if (status >= 500) {
    return {
      cause: `${name} had a problem on its side (HTTP ${status}) while ${doing}.`,
      fix: 'Retry this record later; the provider usually recovers by itself.',
      action: 'provider',
    };
  }
  if (status >= 400) {
    return {
      cause: `${name} refused the request (HTTP ${status}) while ${doing}: ${input.message}`,
      fix: 'Check the record’s details and the connection settings. If everything looks right, report it to us.',
      action: 'report',
    };
  }
  return {
    cause: `${name} answered, but the call did not complete while ${doing}: ${input.message}`,
    fix: 'Retry this record. If it fails again, report it to us.',
    action: 'report',
  };
}
