import { UNKNOWN_ERROR_STATUS } from '@syncdesk/contracts';

/** The part of `Headers` the error rules read; `Response.headers` satisfies it. */
export interface ResponseHeaders {
  get(name: string): string | null;
}

export interface ApiErrorInit {
  status?: number | null;
  message?: string | null;
  error?: string | null;
  errors?: Record<string, string[] | string> | null;
  headers?: ResponseHeaders | null;
  body?: unknown;
  cause?: unknown;
}

const NO_HEADERS: ResponseHeaders = { get: () => null };

/** A status is usable only when it is an HTTP error status; anything else counts as unknown (spec §8). */
function normaliseStatus(status: number | null | undefined): number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : UNKNOWN_ERROR_STATUS;
}

/** Spec §5: of each field's messages only the first is used; a bare string counts as one message. */
function normaliseErrors(
  errors: Record<string, string[] | string> | null | undefined,
): Record<string, string[]> {
  const normalised: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string',
    );
    normalised[field] = list;
  }
  return normalised;
}

/**
 * The one client-side error shape: every failed call (error status, bad body, network failure)
 * becomes an ApiError, so screens and the notification rules handle one thing.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, 500 when the failure had none (network error, opaque response). */
  readonly status: number;
  /** The server's machine-readable code (`validation`, `trial_period_expired`, …), '' when absent. */
  readonly error: string;
  /** Field → messages, for validation errors; empty otherwise. */
  readonly errors: Record<string, string[]>;
  readonly headers: ResponseHeaders;
  /** The parsed response body, for screens that need more than the standard fields. */
  readonly body: unknown;

  constructor(init: ApiErrorInit = {}) {
    // `message` stays exactly the server's text ('' when it sent none): the notification rule
    // shows it when non-empty, so a made-up fallback here would hide the field-error rule.
    super(init.message ?? '', init.cause === undefined ? undefined : { cause: init.cause });
    this.status = normaliseStatus(init.status);
    this.error = init.error ?? '';
    this.errors = normaliseErrors(init.errors);
    this.headers = init.headers ?? NO_HEADERS;
    this.body = init.body;
  }
}

/** Also recognises an ApiError from a second copy of web-kit (a misconfigured remote sharing). */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError || (value instanceof Error && value.name === 'ApiError' && 'status' in value)
  );
}
