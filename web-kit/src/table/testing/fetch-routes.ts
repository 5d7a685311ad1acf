/**
 * Test helper (not exported from the package index): stubs the browser's `fetch` with a small
 * route table, records every request, and answers like the api (`{ data }`, `{ data, meta }`,
 * `{ message, errors }`). Used by web-kit's table tests and the remotes' page tests.
 */
export interface StubbedRequest {
  method: string;
  /** Path without `/api` and without the query string. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** `'GET /companies'` or `'DELETE /users/:id'` (`:name` matches one segment). */
export type RouteKey = string;
export type RouteHandler = StubAnswer | ((request: StubbedRequest) => StubAnswer | Promise<StubAnswer>);

export interface FetchStub {
  requests: StubbedRequest[];
  /** The requests for one method and path (exact path, no pattern). */
  calls(method: string, path: string): StubbedRequest[];
  /** Adds or replaces a route after the stub is installed. */
  on(route: RouteKey, handler: RouteHandler): void;
}

/** `{ data, meta: { total } }` as every list answers. */
export function listBody<T>(rows: T[], total = rows.length) {
  return { body: { data: rows, meta: { total } } };
}

export function validationError(errors: Record<string, string[]>, message = '') {
  return { status: 422, body: { message, error: 'validation', errors } };
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return (
    a.length === b.length && a.every((segment, index) => segment.startsWith(':') || segment === b[index])
  );
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

export function stubFetch(routes: Record<RouteKey, RouteHandler>): FetchStub {
  const table = new Map(Object.entries(routes));
  const requests: StubbedRequest[] = [];
  const fetchStub = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const request: StubbedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: parseBody(init.body),
    };
    requests.push(request);
    // Honour cancellation as the browser does, so abort-on-unmount paths run in tests.
    if (init.signal?.aborted) throw Object.assign(new Error('Aborted'), { name: 'AbortError' });
    // An exact path wins over a pattern (`/users/create` over `/users/:id`).
    let handler = table.get(`${request.method} ${request.path}`);
    if (handler === undefined) {
      for (const [key, candidate] of table) {
        const [method, pattern] = key.split(' ');
        if (method === request.method && pattern && matches(pattern, request.path)) handler = candidate;
      }
    }
    const answer: StubAnswer =
      handler === undefined
        ? {
            status: 404,
            body: { message: `No stub for ${request.method} ${request.path}`, error: 'not_found' },
          }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      status,
      ok: status >= 200 && status < 300,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => text,
    } as unknown as Response;
  });
  globalThis.fetch = fetchStub as unknown as typeof fetch;
  return {
    requests,
    calls: (method, path) => requests.filter((request) => request.method === method && request.path === path),
    on: (route, handler) => table.set(route, handler),
  };
}
