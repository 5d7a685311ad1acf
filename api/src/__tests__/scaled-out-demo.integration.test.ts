import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { OrdersChangedEvent } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { connected, startTestProcess, TEST_SECRET, type TestProcess } from '@syncdesk/server/testing';

const REPOSITORY = path.resolve(__dirname, '../../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A free port below the ephemeral range (Linux hands out 32768 and up for port 0 and outgoing
 * connections): the simulators bind it some seconds later, and no other test's `listen(0)` can take
 * it meanwhile.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const server = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
}

/** `npm run start:simulators` as a child process; resolves once it says the demo is connected. */
function startSimulatorsProcess(environment: Record<string, string>): Promise<{
  child: ChildProcess;
  output: () => string;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPOSITORY, 'scripts/start-simulators.ts')],
    {
      cwd: REPOSITORY,
      env: { ...process.env, ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`start:simulators did not get ready:\n${output}`)),
      90_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`start:simulators exited ${code}:\n${output}`));
    });
  });
}

describe('the live demo scaled out: api replica + worker + `npm run start:simulators` on MySQL and Redis', () => {
  let database: TestDatabase;
  let api: TestProcess;
  let worker: TestProcess;
  let simulators: ChildProcess | undefined;
  let environment: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'demo_scaled');
    const ports = new Set<number>();
    while (ports.size < 3) ports.add(await freePort());
    const [shopify, mirakl, wms] = [...ports];
    environment = {
      REDIS_URL,
      REDIS_PREFIX: `demo-${randomUUID().slice(0, 8)}`,
      DEMO_SIMULATORS: 'on',
      // Orders only when the test makes one: nothing else moves under the assertions.
      DEMO_TRAFFIC: 'off',
      SHOPIFY_SIMULATOR_PORT: String(shopify),
      MIRAKL_SIMULATOR_PORT: String(mirakl),
      WMS_SIMULATOR_PORT: String(wms),
    };
    api = await startTestProcess(database.url, { ...environment, APP_ROLE: 'api', DEMO_SEED: 'on' });
    // One deployment: the same data folder (its secrets) and the api's address for the shop's webhooks.
    environment = { ...environment, DATA_DIR: api.dataDir, APP_URL: api.url };
    worker = await startTestProcess(database.url, { ...environment, APP_ROLE: 'worker' });
  }, 240_000);

  afterAll(async () => {
    if (simulators && simulators.exitCode === null) {
      const exited = new Promise((resolve) => simulators!.once('exit', resolve));
      simulators.kill('SIGTERM');
      await exited;
    }
    await worker?.close();
    await api?.close();
    await database?.drop();
  });

  it('a new Shopify order is imported by the worker and reaches the seller’s open page live', async () => {
    const started = await startSimulatorsProcess({
      ...environment,
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
    });
    simulators = started.child;
    const shopUrl = `http://127.0.0.1:${environment.SHOPIFY_SIMULATOR_PORT}`;
    expect(started.output()).toContain(`Shopify  ${shopUrl}`);

    const { models, tokens } = api.services;
    const company = (await models.Company.findOne({ where: { name: 'Acme Trading' } }))!;
    const store = (await models.Store.findOne({ where: { company_id: company.id, name: 'Acme UK' } }))!;
    const channel = (await models.Channel.findOne({
      where: { store_id: store.id, kind: 'channel', type: 'shopify' },
    }))!;
    expect(channel.settings.shop_url).toBe(shopUrl);
    const seller = (await models.User.findOne({ where: { email: 'seller@demo.test' } }))!;
    const token = (await tokens.sign({ userId: seller.id, companyId: company.id })).token;
    // The channel form on an api replica accepts the simulator's address (and only the demo's).
    const saved = await api.request('PUT', `/api/stores/${store.id}/channels/${channel.id}`, {
      token,
      body: { name: channel.name, shop_url: shopUrl },
    });
    expect({ status: saved.status, body: await saved.text() }).toMatchObject({ status: 200 });
    const socket = api.connect(token);
    await connected(socket);
    const changed: OrdersChangedEvent[] = [];
    socket.on('orders:changed', (event: OrdersChangedEvent) => changed.push(event));

    const product = (await models.Product.findOne({ where: { store_id: store.id, type: 'product' } }))!;
    const created = await fetch(`${shopUrl}/__simulator/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku: product.sku, quantity: 1 }] }),
    });
    expect(created.status).toBe(201);
    const { order } = (await created.json()) as { order: { id: number } };

    // The shop's webhook reaches the api, the worker imports (its calls to the simulator allowed
    // by DEMO_SIMULATORS), and the event travels worker → Redis → api replica → the open page.
    const deadline = Date.now() + 90_000;
    const announced = (id: number) =>
      changed.some((event) => event.storeId === store.id && event.orderIds.includes(id));
    for (;;) {
      const stored = await models.Order.findOne({
        where: { channel_id: channel.id, remote_id: String(order.id) },
      });
      if (stored && announced(stored.id)) break;
      if (Date.now() > deadline) {
        throw new Error(`order ${order.id}: stored ${Boolean(stored)}, events ${JSON.stringify(changed)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);
});
