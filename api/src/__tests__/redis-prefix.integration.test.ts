import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createSharedRateBudget } from '@syncdesk/integrations';
import type { SystemAnnouncementEvent } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createCompany, createUser } from '../testing/identity-fixtures';
import { connected, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createPrefixedRedis } from '../realtime/prefixed-redis';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One deployment: its own database, an api and a worker, all on the shared Redis under one prefix. */
interface Deployment {
  prefix: string;
  database: TestDatabase;
  api: TestProcess;
  worker: TestProcess;
}

async function startDeployment(name: string): Promise<Deployment> {
  const prefix = `${name}-${randomUUID().slice(0, 8)}`;
  const database = await createTestDatabase('mysql', name);
  const environment = { REDIS_URL, REDIS_PREFIX: prefix };
  const api = await startTestProcess(database.url, { ...environment, APP_ROLE: 'api' });
  const worker = await startTestProcess(database.url, { ...environment, APP_ROLE: 'worker' });
  return { prefix, database, api, worker };
}

async function stopDeployment(deployment: Deployment | undefined): Promise<void> {
  await deployment?.worker.close();
  await deployment?.api.close();
  await deployment?.database.drop();
}

/** Every message on the given pub/sub channels, as they arrive. */
async function listen(channels: string[]) {
  const client = new Redis(REDIS_URL);
  const heard = new Map<string, string[]>(channels.map((channel) => [channel, []]));
  client.on('message', (channel: string, message: string) => heard.get(channel)?.push(message));
  await client.subscribe(...channels);
  return { heard, close: () => client.quit().then(() => undefined) };
}

/** Announces through the deployment's api (its worker delivers) and resolves with the announcement's id. */
async function announce(deployment: Deployment, message: string): Promise<number> {
  const operations = await createCompany(deployment.api.services, {
    name: `Operations ${randomUUID()}`,
    administrator: true,
  });
  const response = await deployment.api.request('POST', '/api/announcements', {
    token: await operations.tokenFor(operations.owner),
    body: { message },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

describe('two deployments sharing one Redis under different REDIS_PREFIX values', () => {
  let first: Deployment;
  let second: Deployment;

  beforeAll(async () => {
    first = await startDeployment('prefix-a');
    second = await startDeployment('prefix-b');
  });

  afterAll(async () => {
    await stopDeployment(first);
    await stopDeployment(second);
  });

  it('an event, its job wake-up and an authority change stay in their own deployment', async () => {
    const channels = [first, second].flatMap(({ prefix }) => [`${prefix}:jobs`, `${prefix}:authority`]);
    const bus = await listen(channels);
    try {
      // Both pages sit in each deployment's `everyone` room: the same room name on both sides.
      const pages = await Promise.all(
        [first, second].map(async (deployment) => {
          const seller = await createCompany(deployment.api.services, { name: 'Seller' });
          const socket = deployment.api.connect(await seller.tokenFor(seller.owner));
          await connected(socket);
          const received: string[] = [];
          socket.on('system:announcement', (payload: SystemAnnouncementEvent) =>
            received.push(payload.message),
          );
          return { seller, received };
        }),
      );

      await announce(first, 'For the first deployment');
      await waitUntil(() => pages[0]!.received.length > 0);
      // The second deployment's own announcement travels after the first one's publish (Redis hands a
      // message to every subscriber at once): once it arrives, anything of the first's would have too.
      await announce(second, 'For the second deployment');
      await waitUntil(() => pages[1]!.received.length > 0);
      expect(pages[0]!.received).toEqual(['For the first deployment']);
      expect(pages[1]!.received).toEqual(['For the second deployment']);

      // Each api's enqueue woke the workers through its own deployment's channel only.
      const wakeUps = (prefix: string) =>
        bus.heard.get(`${prefix}:jobs`)!.filter((message) => message.includes('system.announce')).length;
      expect(wakeUps(first.prefix)).toBe(1);
      expect(wakeUps(second.prefix)).toBe(1);

      // A sign-out on the first deployment is announced on its authority channel, not the second's.
      const { seller } = pages[0]!;
      const signOut = await first.api.request('POST', '/api/auth/signOut', {
        token: await seller.tokenFor(seller.owner),
      });
      expect(signOut.status).toBeLessThan(300);
      // Each process signs what it sends (a random origin): none of the first's reaches the second's channel.
      const origins = (prefix: string) =>
        bus.heard.get(`${prefix}:authority`)!.map((text) => (JSON.parse(text) as { origin: string }).origin);
      await waitUntil(() => origins(first.prefix).length > 0);
      const firstOrigins = new Set(origins(first.prefix));
      expect(origins(second.prefix).filter((origin) => firstOrigins.has(origin))).toEqual([]);
    } finally {
      await bus.close();
    }
  });

  it('an account locked by failed sign-ins on one deployment is not locked on the other', async () => {
    const email = `shared-${randomUUID()}@example.test`;
    for (const deployment of [first, second]) await createUser(deployment.api.services, { email });
    const signIn = (deployment: Deployment) =>
      deployment.api.request('POST', '/api/auth/signIn', { body: { email, password: 'wrong-password-1' } });

    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 429; attempt += 1) status = (await signIn(first)).status;
    expect(status).toBe(429);
    expect((await signIn(second)).status).not.toBe(429);
    const keys = await keysUnder(first.prefix);
    expect(keys.some((key) => key.startsWith(`${first.prefix}:login:`))).toBe(true);
  });

  it('a channel budget paused on one deployment leaves the same connection on the other free', async () => {
    const connections = [first, second].map(({ prefix }) => createPrefixedRedis(REDIS_URL, prefix));
    const [paused, free] = connections.map((redis) =>
      createSharedRateBudget({ store: { kind: 'redis', redis } }),
    );
    try {
      // Same connection id and operation in both databases: only the prefix tells them apart.
      const key = { connectionId: 1, operation: 'update_stock', limit: { calls: 1, periodSeconds: 60 } };
      await paused!.pause(key, 120_000);
      await free!.take(key);
      const keys = await keysUnder(first.prefix);
      expect(keys).toContain(`${first.prefix}:budget:1:update_stock#pause`);
    } finally {
      await Promise.all(connections.map((redis) => redis.quit()));
    }
  });
});

async function keysUnder(prefix: string): Promise<string[]> {
  const redis = new Redis(REDIS_URL);
  try {
    return await redis.keys(`${prefix}:*`);
  } finally {
    await redis.quit();
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
