import { ConnectorError, type ConnectorErrorKind } from '../../connector';

export const MIRAKL_PROVIDER = 'mirakl';

/** Mirakl error codes (OR21 … OR24 error lists) and what the engine does with each. */
const KIND_OF_CODE: Readonly<Record<string, ConnectorErrorKind>> = {
  ORDER_INVALID_STATE: 'invalid_state',
  ORDER_NOT_FOUND: 'not_found',
  ORDER_LINE_NOT_FOUND: 'not_found',
  ORDER_LINE_ACCEPTANCE_DECISION_MISSING: 'validation',
  ORDER_PARTIAL_ACCEPTANCE_DISABLED: 'validation',
  ORDER_LINE_DUPLICATE_ID: 'validation',
  VALIDATION_ERROR: 'validation',
};

function kindOfStatus(status: number): ConnectorErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server';
  return 'validation';
}

/**
 * The message and code of an error body. The shape is UNCONFIRMED (channel-apis §8): we read
 * `{message, code}` (what our simulator answers), an `errors` list of those, or plain text, and
 * fall back to the status alone.
 */
export function readMiraklError(text: string): { message: string | null; code: string | null } {
  const trimmed = text.trim();
  if (!trimmed) return { message: null, code: null };
  try {
    const body = JSON.parse(trimmed) as Record<string, unknown>;
    const first = Array.isArray(body.errors)
      ? (body.errors[0] as Record<string, unknown> | undefined)
      : undefined;
    const source = first && typeof first === 'object' ? first : body;
    const message = typeof source.message === 'string' ? source.message : null;
    const code =
      typeof source.code === 'string' ? source.code : typeof source.error === 'string' ? source.error : null;
    return { message, code };
  } catch {
    // Not JSON (an HTML error page from a proxy): keep its start as the message.
    return { message: trimmed.slice(0, 300), code: null };
  }
}

/** A failed answer as a ConnectorError. Mirakl keys never expire, so a 401 is `auth`, never `token_expired`. */
export async function miraklErrorOf(response: Response, what: string): Promise<ConnectorError> {
  const text = await response.text().catch(() => '');
  const { message, code } = readMiraklError(text);
  const kind = (code && KIND_OF_CODE[code]) || kindOfStatus(response.status);
  const explanation =
    kind === 'auth'
      ? 'Mirakl refused the API key. Check the key (and the shop id) in the channel settings.'
      : kind === 'rate_limited'
        ? `Mirakl asked us to slow down while ${what}.`
        : `Mirakl answered ${response.status} while ${what}${message ? `: ${message}` : '.'}`;
  return new ConnectorError(kind, explanation, {
    provider: MIRAKL_PROVIDER,
    httpStatus: response.status,
    code: code ?? null,
  });
}

/** A 2xx answer whose body is not the JSON we expect. */
export function malformed(what: string, status: number): ConnectorError {
  return new ConnectorError('malformed', `Mirakl sent an answer we could not read while ${what}.`, {
    provider: MIRAKL_PROVIDER,
    httpStatus: status,
    code: null,
  });
}

/** A transport failure (timeout, unreachable host, refused target) as a ConnectorError. */
export function transportErrorOf(error: unknown, what: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  // Read by shape: fetch's DOMException comes from another realm under test runners, so
  // `instanceof Error` is not reliable.
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  const reason = typeof message === 'string' ? message : String(error);
  if (code === 'refused_target') {
    return new ConnectorError('refused_target', reason, {
      provider: MIRAKL_PROVIDER,
      code: 'refused_target',
    });
  }
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ConnectorError('timeout', `Mirakl did not answer in time while ${what}.`, {
      provider: MIRAKL_PROVIDER,
      code: null,
    });
  }
  return new ConnectorError('network', `Could not reach Mirakl while ${what}: ${reason}`, {
    provider: MIRAKL_PROVIDER,
    code: null,
  });
}
