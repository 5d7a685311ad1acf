import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/**
 * A TCP relay in front of the real Redis that can be cut and restored on the same port: what an api
 * replica sees when its Redis goes away and comes back.
 */
async function startRelay(port?: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(REDIS_URL.port || 6379), REDIS_URL.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  // Below the ephemeral range (32768 and up on Linux): while the relay is cut, no other test's
  // `listen(0)` or outgoing connection can take its port, so it comes back on the same one.
  for (;;) {
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port ?? 20_000 + Math.floor(Math.random() * 10_000), '127.0.0.1', () => resolve(true));
    });
    if (listening) break;
    if (port !== undefined) throw new Error(`port ${port} is taken`);
  }
  return {
    port: (server.address() as AddressInfo).port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

async function healthUntil(api: TestProcess, status: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api.request('GET', '/api/health');
    if (response.status === status) return readJson(response);
    if (Date.now() > deadline) throw new Error(`/api/health still ${response.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('/api/health reports the live-event path', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'live-health');
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('an api replica whose Redis goes away answers 503 with redis disconnected, and recovers', async () => {
    let relay = await startRelay();
    const api = await startTestProcess(database.url, {
      APP_ROLE: 'api',
      REDIS_URL: `redis://127.0.0.1:${relay.port}`,
    });
    try {
      const healthy = await healthUntil(api, 200);
      expect(healthy.status).toBe('ok');
      expect(healthy.live_events).toEqual({ via: 'redis', status: 'ok', redis: 'connected' });

      await relay.cut();
      const cut = await healthUntil(api, 503);
      expect(cut.status).toBe('degraded');
      expect(cut.live_events).toEqual({ via: 'redis', status: 'error', redis: 'disconnected' });
      // The database and the job store still answer: only the live-event path is down.
      expect(cut.db.status).toBe('ok');

      relay = await startRelay(relay.port);
      const back = await healthUntil(api, 200);
      expect(back.live_events).toEqual({ via: 'redis', status: 'ok', redis: 'connected' });
    } finally {
      await api.close();
      await relay.cut();
    }
  }, 90_000);

  it('a single api replica with LIVE_EVENTS=local says its events stay in the process', async () => {
    const api = await startTestProcess(database.url, { APP_ROLE: 'api', LIVE_EVENTS: 'local' });
    try {
      const report = await healthUntil(api, 200);
      expect(report.live_events).toEqual({ via: 'local', status: 'ok', redis: 'not_used' });
    } finally {
      await api.close();
    }
  });
});
