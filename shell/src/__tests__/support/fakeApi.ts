/**
 * Stubs the browser's fetch with the identity API's answers (api/IDENTITY_API.md): each route is
 * `'METHOD /api/path'` (query ignored) mapped to an answer or a function of the request, which may
 * answer later (a promise) to hold the page in its loading state.
 */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeRoutes = Record<
  string,
  FakeAnswer | ((request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>)
>;

export function stubFetch(routes: FakeRoutes): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const answer: FakeAnswer =
      route === undefined
        ? { status: 404, body: { message: 'Not Found', error: 'not_found' } }
        : typeof route === 'function'
          ? await route(request)
          : route;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    const headers = new Map(
      Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    if (text) headers.set('content-type', 'application/json');
    return {
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
      text: async () => text,
      json: async () => answer.body,
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return requests;
}

/** An answer the test releases when it has looked at the loading state. */
export function deferredAnswer(): { answer: Promise<FakeAnswer>; release(answer: FakeAnswer): void } {
  let release: (answer: FakeAnswer) => void = () => undefined;
  const answer = new Promise<FakeAnswer>((resolve) => {
    release = resolve;
  });
  return { answer, release };
}
