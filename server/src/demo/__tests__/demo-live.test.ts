import fs from 'node:fs';
import path from 'node:path';
import { Op } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
import { createSyncRuntime, pluginUpdatesJob, type JobContext } from '@syncdesk/jobs';
import { memoryRecorder, SHOPIFY_SIMULATOR_DEFAULTS } from '@syncdesk/integrations';
import { readJson, startTestProcess, type TestProcess } from '../../testing/test-process';

const SHOP_URL_REFUSED = 'The Shop URL must be a public internet address.';
/** The demo seed's two stories (README): sold beyond what was on hand; sold out, so its kit is at 0. */
const OVERSOLD = 'MUG-STW-350-TER';
const SOLD_OUT = 'COF-ETH-FIL';
const silent = { info: () => undefined, error: () => undefined };

/**
 * The live demo as `npm start` runs it (demo accounts, the simulators in the process, the demo store
 * connected to them; no traffic, so nothing moves under the assertions): what a newcomer does with
 * it works.
 */
describe('the live demo', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let token: string;
  let storeId: number;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'demo_live');
    server = await startTestProcess(database.url, {
      DEMO_SEED: 'on',
      DEMO_SIMULATORS: 'on',
      DEMO_TRAFFIC: 'off',
      DEMO_ADMIN_EMAIL: 'admin@demo-live.test',
      DEMO_SELLER_EMAIL: 'seller@demo-live.test',
      DEMO_OTHER_EMAIL: 'other@demo-live.test',
    });
    const { models, tokens } = server.services;
    const company = (await models.Company.findOne({ where: { name: 'Acme Trading' } }))!;
    const store = (await models.Store.findOne({ where: { company_id: company.id, name: 'Acme UK' } }))!;
    const seller = (await models.User.findOne({ where: { email: 'seller@demo-live.test' } }))!;
    storeId = store.id;
    token = (await tokens.sign({ userId: seller.id, companyId: company.id })).token;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: await readJson(response) };
  };
  const demoChannel = async (type: string) =>
    (await server.services.models.Channel.findOne({ where: { store_id: storeId, type, kind: 'channel' } }))!;

  it.each([['shopify'], ['mirakl-decathlon']])(
    "saves the demo's own %s channel at its simulator's address, and no other private address",
    async (type) => {
      const channel = await demoChannel(type);
      const shopUrl = String(channel.settings.shop_url);
      expect(new URL(shopUrl).hostname).toBe('127.0.0.1');

      // As the form sends it: every field, the simulator's address among them.
      const saved = await call('PUT', `/stores/${storeId}/channels/${channel.id}`, {
        name: channel.name,
        shop_url: shopUrl,
      });
      expect(saved.status).toBe(200);

      const next = new URL(shopUrl);
      next.port = String(Number(next.port) + 1000);
      for (const elsewhere of [next.origin, 'http://127.0.0.1:3306', 'http://169.254.169.254/']) {
        const refused = await call('PUT', `/stores/${storeId}/channels/${channel.id}`, {
          shop_url: elsewhere,
        });
        expect(refused).toMatchObject({ status: 422, body: { errors: { shop_url: [SHOP_URL_REFUSED] } } });
      }
      expect((await demoChannel(type)).settings.shop_url).toBe(shopUrl);
    },
  );

  it("saves the demo's warehouse plugin at its simulator's address, and no other private address", async () => {
    const plugin = (await server.services.models.Channel.findOne({
      where: { store_id: storeId, type: 'wms', kind: 'plugin' },
    }))!;
    const apiUrl = String(plugin.settings.api_url);
    const path = `/stores/${storeId}/plugins/${plugin.id}`;
    expect((await call('PUT', path, { name: plugin.name, api_url: apiUrl })).status).toBe(200);
    const refused = await call('PUT', path, { api_url: 'http://127.0.0.1:3306' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors as object)).toEqual(['api_url']);
  });

  it("keeps the README's demo states once the warehouse has reported its stock", async () => {
    const { models } = server.services;
    const quantityOf = async (sku: string) =>
      (await models.Product.findOne({ where: { store_id: storeId, sku } }))!.quantity;
    const oversold = await quantityOf(OVERSOLD);
    expect(oversold).toBeLessThan(0);
    expect(await quantityOf(SOLD_OUT)).toBe(0);
    // A product in stock at a figure of its own (not the 100 a warehouse would start anything at).
    const healthy = (await models.Product.findOne({
      where: { store_id: storeId, type: 'product', quantity: { [Op.gt]: 0, [Op.ne]: 100 } },
      order: [['id', 'ASC']],
    }))!;

    // The warehouse's stock report, as its recurring job reads it (the worker's next run would).
    const plugin = (await models.Channel.findOne({
      where: { store_id: storeId, type: 'wms', kind: 'plugin' },
    }))!;
    const recorder = memoryRecorder();
    const context: JobContext = {
      services: server.services,
      logger: silent,
      sync: createSyncRuntime({
        services: server.services,
        recorder,
        allowedOrigins: [new URL(String(plugin.settings.api_url)).origin],
      }),
    };
    await pluginUpdatesJob.handler({ pluginId: plugin.id }, context);
    expect(
      recorder.records.filter((record) => record.url.includes('/v1/stock')).map((r) => r.httpStatus),
    ).toContain(200);

    // The warehouse started from the store's figures and holds nothing of what is at or below 0.
    expect(await quantityOf(healthy.sku)).toBe(healthy.quantity);
    expect(await quantityOf(OVERSOLD)).toBe(oversold);
    expect(await quantityOf(SOLD_OUT)).toBe(0);
  });

  it("verifies the demo shop's webhooks with a secret generated into the data folder", () => {
    const secret = fs
      .readFileSync(path.join(server.dataDir, 'secrets', 'demo-shopify-app.key'), 'utf8')
      .trim();
    const providers = JSON.parse(server.services.oauth.providersJson ?? '{}') as {
      shopify?: { clientSecret?: string };
    };
    expect(providers.shopify?.clientSecret).toBe(secret);
    expect(secret).not.toBe(SHOPIFY_SIMULATOR_DEFAULTS.clientSecret);
  });

  it('reconnects the demo Shopify channel through the simulated shop', async () => {
    const channel = await demoChannel('shopify');
    const link = await call('GET', `/stores/${storeId}/channels/${channel.id}/authorize`);
    expect(link.status).toBe(200);
    const consent = new URL(link.body.data.url as string);
    expect(consent.origin).toBe(new URL(String(channel.settings.shop_url)).origin);

    // The simulated merchant approves at once and sends the browser back with a code.
    const approved = await fetch(consent, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe('/authorization/shopify');
    const before = channel.credentials;
    const completed = await call('POST', '/authorization/shopify/callback', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(completed).toMatchObject({ status: 200, body: { data: { channel_id: channel.id } } });
    expect((await demoChannel('shopify')).credentials).not.toEqual(before);
  });
});
