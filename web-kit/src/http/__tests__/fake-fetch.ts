/**
 * A stand-in for the browser's fetch (jsdom has none): records each request and answers from a
 * script, with just the Response surface the client reads.
 */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function createFakeFetch(
  answer: FakeAnswer | (() => FakeAnswer | Promise<never>) = { status: 200, body: {} },
) {
  const requests: RecordedRequest[] = [];
  const fakeFetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    requests.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    });
    const reply = typeof answer === 'function' ? await answer() : answer;
    const headers = new Map(
      Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const text =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    if (typeof reply.body === 'object' && !headers.has('content-type'))
      headers.set('content-type', 'application/json');
    return {
      status: reply.status,
      ok: reply.status >= 200 && reply.status < 300,
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
      text: async () => text,
    } as unknown as Response;
  };
  return { fetch: fakeFetch as unknown as typeof fetch, requests };
}
