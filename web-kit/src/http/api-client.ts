import { encodeListQuery, FRONTEND_HEADER, type ApiErrorBody, type ListParams } from '@syncdesk/contracts';

import { useSessionStore } from '../session/session.store';
import { notifyError } from '../feedback/notify';
import { ApiError, type ResponseHeaders } from './api-error';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** List parameters (spec §7 convention) and/or plain query values such as `show_all` or `types[]`. */
export type QueryParams = ListParams | Record<string, QueryValue>;

/** A JSON-serialisable value, or a body the browser sends as is (multipart uploads, forms). */
export type RequestBody = unknown;

export interface RequestOptions {
  /** Cancels the request; a cancelled request rejects with the AbortError, not an ApiError. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** `blob`: a successful answer resolves with its raw body (file downloads); errors still parse. */
  responseType?: 'json' | 'blob';
}

export interface ApiClientOptions {
  /** Prefix of every path; the api is served under `/api` on the page's origin. */
  baseUrl?: string;
  /** Read on every request, so a token set after creating the client is used. */
  getToken?: () => string | null;
  /** Called with every ApiError before it is thrown (notifications, 401/403 handling). */
  onError?: (error: ApiError) => void;
  /** Defaults to the global fetch, looked up per request. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  get<T>(path: string, params?: QueryParams, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: RequestBody, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: RequestBody, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: RequestBody, options?: RequestOptions): Promise<T>;
  /** DELETE may carry a body: the bulk deletes send `{ all, product_uuids }` and the like. */
  delete<T>(path: string, body?: RequestBody, options?: RequestOptions): Promise<T>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Keys encodeListQuery owns; every other key of `params` is a plain query value.
const LIST_PARAM_KEYS = new Set<string>([
  'filters',
  'dateRanges',
  'search',
  'searchBy',
  'filterBy',
  'filter',
  'sort_by',
  'sort_direction',
  'page',
  'per_page',
]);

/** Builds the query string: list parameters via the shared encoder, other keys appended as given. */
export function encodeQueryParams(params: QueryParams | undefined): string {
  if (!params) return '';
  const query = encodeListQuery(params as ListParams);
  for (const [key, value] of Object.entries(params as Record<string, QueryValue>)) {
    if (LIST_PARAM_KEYS.has(key) || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.append(key, String(value));
  }
  return query.toString();
}

function joinUrl(baseUrl: string, path: string): string {
  // The spec writes paths both with and without a leading slash (`/auth/signIn`, `auth/switchCompany`).
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  );
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Parses JSON when the body is JSON, keeps text otherwise; an empty body (204) is undefined. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromResponse(status: number, headers: ResponseHeaders, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : {};
  return new ApiError({
    status,
    headers,
    body,
    message: typeof fields.message === 'string' ? fields.message : '',
    error: typeof fields.error === 'string' ? fields.error : '',
    errors: typeof fields.errors === 'object' && fields.errors !== null ? fields.errors : undefined,
  });
}

/**
 * A fetch-based client for the api. Every request carries `Accept: application/json`, the
 * front-end marker header and, when signed in, `Authorization: Bearer <token>` (spec §7).
 * Success resolves with the parsed body as the server sent it (`{ data, meta }`); any failure
 * rejects with an ApiError after `onError` has seen it.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';

  async function request<T>(
    method: Method,
    path: string,
    body: RequestBody,
    params: QueryParams | undefined,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const query = encodeQueryParams(params);
    const url = joinUrl(baseUrl, path) + (query ? `${path.includes('?') ? '&' : '?'}${query}` : '');
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [FRONTEND_HEADER.name]: FRONTEND_HEADER.value,
    };
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;

    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) {
        // The browser sets the multipart boundary itself; a hand-written Content-Type would lose it.
        payload = body;
      } else {
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
    Object.assign(headers, requestOptions.headers);

    const fail = (error: ApiError): never => {
      options.onError?.(error);
      throw error;
    };

    let response: Response;
    try {
      const doFetch = options.fetch ?? globalThis.fetch;
      response = await doFetch(url, { method, headers, body: payload, signal: requestOptions.signal });
    } catch (cause) {
      // A cancelled request is the caller's choice, not a failure to report.
      if (isAbortError(cause)) throw cause;
      // No response at all: the spec's "unknown error status" → 500.
      return fail(new ApiError({ status: undefined, cause }));
    }

    let parsed: unknown;
    try {
      if (response.ok && requestOptions.responseType === 'blob') return (await response.blob()) as T;
      parsed = await readBody(response);
    } catch (cause) {
      if (isAbortError(cause)) throw cause;
      return fail(
        new ApiError({ status: response.ok ? undefined : response.status, headers: response.headers, cause }),
      );
    }
    if (!response.ok) return fail(errorFromResponse(response.status, response.headers, parsed));
    return parsed as T;
  }

  return {
    get: (path, params, requestOptions) => request('GET', path, undefined, params, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, body, undefined, requestOptions),
    put: (path, body, requestOptions) => request('PUT', path, body, undefined, requestOptions),
    patch: (path, body, requestOptions) => request('PATCH', path, body, undefined, requestOptions),
    delete: (path, body, requestOptions) => request('DELETE', path, body, undefined, requestOptions),
  };
}

// Until the shell registers its handler (or in a remote run on its own), errors at least notify.
let globalErrorHandler: ((error: ApiError) => void) | null = notifyError;

/**
 * Sets what the shared `apiClient` does with every error (the shell registers its handler:
 * notification, 401 → reset and /login, 403 → /); null silences it. Returns a function restoring
 * the previous handler.
 */
export function setApiErrorHandler(handler: ((error: ApiError) => void) | null): () => void {
  const previous = globalErrorHandler;
  globalErrorHandler = handler;
  return () => {
    globalErrorHandler = previous;
  };
}

/** The shared client: token from the session store, errors to the registered handler. */
export const apiClient: ApiClient = createApiClient({
  getToken: () => useSessionStore.getState().token,
  onError: (error) => globalErrorHandler?.(error),
});

/**
 * The same client without the shared error handler: for background reads (badges, banners,
 * session refresh) and for calls whose page shows its own outcome, where a red notice or the
 * 403 → home redirect would be wrong.
 */
export const quietApiClient: ApiClient = createApiClient({
  getToken: () => useSessionStore.getState().token,
});
