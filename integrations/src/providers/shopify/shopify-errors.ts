import { ConnectorError, type ConnectorErrorKind } from '../../connector';

const PROVIDER = 'shopify';

/** Shopify's `errors` is a string, a list or an object of field → messages; one readable line. */
export function shopifyErrorsText(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors ?? (body as { error?: unknown } | null)?.error;
  if (errors === undefined || errors === null) return null;
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors))
    return errors
      .map((error) =>
        typeof error === 'object' && error !== null && 'message' in error
          ? String((error as { message: unknown }).message)
          : String(error),
      )
      .join('; ');
  if (typeof errors === 'object') {
    return Object.entries(errors as Record<string, unknown>)
      .map(([field, messages]) => {
        const text = Array.isArray(messages) ? messages.join(', ') : String(messages);
        return field === 'base' ? text : `${field} ${text}`;
      })
      .join('; ');
  }
  return String(errors);
}

/** A 422 that says the order or fulfilment order is past the step we asked for. */
const WRONG_STATE =
  /not in an open state|already (been )?fulfilled|cancell?ed|closed|nothing left to fulfill/i;

export function connectorError(
  kind: ConnectorErrorKind,
  message: string,
  httpStatus: number | null,
  code: string,
) {
  return new ConnectorError(kind, message, { provider: PROVIDER, httpStatus, code });
}

/**
 * What an answer that isn't 2xx means for the engine. A 401 is `token_expired` when the token's
 * known expiry has passed (Shopify answers an expired and an unknown token alike), else `auth`.
 */
export function failureOf(
  status: number,
  body: unknown,
  what: string,
  tokenExpiresAt: Date | null,
): ConnectorError {
  const said = shopifyErrorsText(body);
  const detail = said ? `: ${said}` : '';
  if (status === 401) {
    const expired = tokenExpiresAt !== null && tokenExpiresAt.getTime() <= Date.now();
    return expired
      ? connectorError(
          'token_expired',
          `Shopify's access token has expired (${what})${detail}`,
          401,
          'token_expired',
        )
      : connectorError('auth', `Shopify refused the access token (${what})${detail}`, 401, 'invalid_token');
  }
  if (status === 402) {
    return connectorError(
      'auth',
      `The Shopify shop is frozen or unpaid (${what})${detail}`,
      402,
      'payment_required',
    );
  }
  if (status === 403) {
    return connectorError(
      'auth',
      `Shopify did not allow ${what}; the app may lack a permission (scope)${detail}`,
      403,
      'forbidden',
    );
  }
  if (status === 404)
    return connectorError('not_found', `Shopify could not find ${what}${detail}`, 404, 'not_found');
  if (status === 422) {
    return WRONG_STATE.test(said ?? '')
      ? connectorError('invalid_state', `Shopify refused ${what}${detail}`, 422, 'wrong_state')
      : connectorError('validation', `Shopify refused ${what}${detail}`, 422, 'unprocessable');
  }
  if (status === 429) {
    return connectorError(
      'rate_limited',
      `Shopify's rate limit was still reached after waiting (${what})`,
      429,
      'throttled',
    );
  }
  if (status >= 500) {
    return connectorError(
      'server',
      `Shopify had a problem (${status}) with ${what}${detail}`,
      status,
      'server_error',
    );
  }
  return connectorError('validation', `Shopify refused ${what} (${status})${detail}`, status, 'bad_request');
}

/** A call that never got an answer: the transport's timeout, a refused target or the network. */
export function transportFailure(error: unknown, what: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  // Read by shape: an abort is a DOMException, which is not always this realm's Error.
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  if (code === 'refused_target') return connectorError('refused_target', text, null, 'refused_target');
  if (name === 'TimeoutError' || name === 'AbortError') {
    return connectorError('timeout', `Shopify did not answer in time (${what})`, null, 'timeout');
  }
  return connectorError('network', `Could not reach Shopify (${what}): ${text}`, null, 'network');
}

/** The scope an ACCESS_DENIED error names (`requiredAccess`: "`read_orders` access scope."). */
export function missingScopeOf(error: {
  message?: string;
  extensions?: { requiredAccess?: unknown };
}): string | null {
  const text = `${typeof error.extensions?.requiredAccess === 'string' ? error.extensions.requiredAccess : ''} ${error.message ?? ''}`;
  const match = /`?\b((?:read|write|unauthenticated_read|unauthenticated_write)_[a-z_]+)\b`?/.exec(text);
  return match ? match[1]! : null;
}

/**
 * A GraphQL answer's `errors` (Shopify answers 200 with them): ACCESS_DENIED is `auth` with the
 * missing scope's name, INTERNAL_SERVER_ERROR `server`, MAX_COST_EXCEEDED and a query the served
 * schema does not know (a version change) `validation`; no data and no error `malformed`.
 */
export function graphqlFailure(
  errors: { message: string; extensions?: { code?: string; requiredAccess?: string } }[],
  what: string,
  httpStatus: number,
): ConnectorError {
  const first = errors[0];
  if (!first) {
    return connectorError(
      'malformed',
      `Shopify's answer to ${what} has no data`,
      httpStatus,
      'malformed_response',
    );
  }
  const said = errors.map((error) => error.message).join('; ');
  const code = first.extensions?.code;
  if (code === 'ACCESS_DENIED') {
    const scope = missingScopeOf(first);
    return connectorError(
      'auth',
      scope
        ? `Shopify did not allow ${what}: the app lacks the ${scope} permission (access scope); reconnect the channel and grant it (${said})`
        : `Shopify did not allow ${what}; the app lacks a permission (access scope) (${said})`,
      httpStatus,
      'access_denied',
    );
  }
  if (code === 'SHOP_INACTIVE') {
    return connectorError(
      'auth',
      `The Shopify shop is closed or frozen (${what}): ${said}`,
      httpStatus,
      'shop_inactive',
    );
  }
  if (code === 'INTERNAL_SERVER_ERROR') {
    return connectorError(
      'server',
      `Shopify had a problem with ${what}: ${said}`,
      httpStatus,
      'server_error',
    );
  }
  if (code === 'MAX_COST_EXCEEDED') {
    return connectorError(
      'validation',
      `Shopify refused ${what} as too costly: ${said}`,
      httpStatus,
      'max_cost_exceeded',
    );
  }
  return connectorError(
    'validation',
    `Shopify refused our query for ${what}: ${said}`,
    httpStatus,
    'graphql_error',
  );
}

/** A mutation's `userErrors` ({field, message, code}) as one failure; a state refusal is `invalid_state`. */
export function userErrorsFailure(
  userErrors: { field?: string[] | null; message: string; code?: string | null }[],
  what: string,
): ConnectorError {
  const said = userErrors.map((error) => error.message).join('; ');
  const code = userErrors.find((error) => error.code)?.code ?? 'user_error';
  const kind = WRONG_STATE.test(said) ? 'invalid_state' : 'validation';
  return connectorError(kind, `Shopify refused ${what}: ${said}`, 200, String(code).toLowerCase());
}
