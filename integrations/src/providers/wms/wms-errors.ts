import { ConnectorError, type ConnectorErrorKind } from '../../connector';
import { WMS_ERROR_CODES, type WmsErrorCode } from './wms-contract';

export const WMS_PROVIDER = 'wms';

const KIND_BY_CODE: Record<WmsErrorCode, ConnectorErrorKind> = {
  UNAUTHORIZED: 'auth',
  VALIDATION_FAILED: 'validation',
  ORDER_REJECTED: 'invalid_state',
  UNKNOWN_SKU: 'validation',
  RATE_LIMITED: 'rate_limited',
  NOT_FOUND: 'not_found',
  INTERNAL: 'server',
};

function kindByStatus(status: number): ConnectorErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server';
  return 'validation';
}

function isWmsErrorCode(value: unknown): value is WmsErrorCode {
  return typeof value === 'string' && (WMS_ERROR_CODES as readonly string[]).includes(value);
}

/** A warehouse's error answer: the contract's code decides the kind, the status when it sent none. */
export function errorFromAnswer(status: number, body: unknown): ConnectorError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = isWmsErrorCode(error?.code) ? error.code : null;
  const said =
    typeof error?.message === 'string' && error.message.trim() !== '' ? error.message.trim() : null;
  const kind = code ? KIND_BY_CODE[code] : kindByStatus(status);
  const message =
    kind === 'auth'
      ? `The warehouse refused the API key (${status}${code ? ` ${code}` : ''})${said ? `: ${said}` : '.'}`
      : `The warehouse answered ${status}${code ? ` ${code}` : ''}${said ? `: ${said}` : '.'}`;
  return new ConnectorError(kind, message, { provider: WMS_PROVIDER, httpStatus: status, code });
}

/** A call that got no answer: refused by our target rule, timed out, or the host unreachable. */
export function errorFromTransport(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const message = (error as { message?: unknown } | null)?.message;
  const said = typeof message === 'string' ? message : String(error);
  if ((error as { code?: unknown } | null)?.code === 'refused_target') {
    return new ConnectorError('refused_target', said, { provider: WMS_PROVIDER, code: 'refused_target' });
  }
  // By name, not instanceof: fetch's DOMException comes from another realm under some runners.
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ConnectorError('timeout', 'The warehouse did not answer in time.', {
      provider: WMS_PROVIDER,
      code: 'timeout',
    });
  }
  return new ConnectorError('network', `Could not reach the warehouse: ${said}`, {
    provider: WMS_PROVIDER,
    code: 'network',
  });
}

export function malformedAnswer(what: string, status: number): ConnectorError {
  return new ConnectorError('malformed', `The warehouse answered ${status} with ${what}.`, {
    provider: WMS_PROVIDER,
    httpStatus: status,
    code: 'malformed',
  });
}
