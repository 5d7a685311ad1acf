import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLlmRephraser } from '../llm-rephraser';

/** A real HTTP server standing in for the optional LLM service; `answer` decides each reply. */
async function startServer(answer: (body: string, response: http.ServerResponse) => void) {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      answer(body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rephrase`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const explanation = {
  cause: 'Shopify refused the access token.',
  fix: 'Reconnect the channel.',
  action: 'reconnect' as const,
};
const context = { provider: 'shopify' as const, type: 'get_orders' };

it('sends the explanation and uses the rephrased words', async () => {
  const server = await startServer((_body, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({ cause: ' Your Shopify login stopped working. ', fix: 'Connect Shopify again.' }),
    );
  });
  try {
    const rephrased = await createLlmRephraser(server.url)(explanation, context);
    expect(rephrased).toEqual({
      cause: 'Your Shopify login stopped working.',
      fix: 'Connect Shopify again.',
    });
    expect(JSON.parse(server.received[0]!)).toEqual({ ...explanation, ...context });
  } finally {
    await server.close();
  }
});

it('falls back (null) on an error status, an odd answer, no answer in time, or no server', async () => {
  const failing = await startServer((_body, response) => {
    response.statusCode = 500;
    response.end('{}');
  });
  const odd = await startServer((_body, response) => response.end(JSON.stringify({ text: 'hello' })));
  const silent = await startServer(() => undefined);
  try {
    expect(await createLlmRephraser(failing.url)(explanation, context)).toBeNull();
    expect(await createLlmRephraser(odd.url)(explanation, context)).toBeNull();
    expect(await createLlmRephraser(silent.url, 200)(explanation, context)).toBeNull();
  } finally {
    await Promise.all([failing.close(), odd.close(), silent.close()]);
  }
  expect(await createLlmRephraser(failing.url)(explanation, context)).toBeNull();
});
