import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import { channelQuantity, PRODUCT_SYNC_STATUS } from '@syncdesk/contracts';
import { stockInputsOf, stockSettingsOf, writeChannelCredentials, type Product } from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  SHOPIFY_SIMULATOR_DEFAULTS,
  startShopifySimulator,
  type ShopifySimulator,
} from '@syncdesk/integrations';
import { startWorker, waitFor, type WorkerProcess } from './worker-processes';

const SKUS = Array.from({ length: 50 }, (_, index) => `RATE-${String(index + 1).padStart(2, '0')}`);
/** 500 stock changes: ten rounds over the 50 SKUs. */
const ROUNDS = 10;
const SYNCED = PRODUCT_SYNC_STATUS.byKey('synced').value;
const NOT_DONE = ['pending', 'inventory_level_pending', 'inventory_level_in_progress'].map(
  (key) => PRODUCT_SYNC_STATUS.byKey(key as 'pending').value,
);

/**
 * Two worker processes work one Shopify channel's backlog of stock changes at once. Shopify limits
 * the GraphQL Admin API by query cost: a small bucket here (400 points, 200 back a second), held in
 * the database both workers share (rate_point_buckets): the shop answers no THROTTLED and no 429,
 * and every SKU ends at its latest value.
 */
describe('two workers, one Shopify points budget (mysql, real processes)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let company: CompanyFixture;
  let shop: ShopifySimulator;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'multi_worker_rate');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, { name: 'Ratelimitco', stores: ['Ratelimitco UK'] });
    shop = await startShopifySimulator({
      skus: SKUS,
      initialStock: 30,
      seed: 21,
      costBucket: { restoreRate: 200, maximumAvailable: 400 },
    });
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) await worker.kill();
    await shop?.close();
    await server?.close();
    await database?.drop();
  });

  const services = () => server.services;

  it('never goes over the shop’s points, answers no 429, and ends with every SKU at its latest value', async () => {
    const store = company.stores[0]!;
    const uuid = randomUUID();
    const channel = await services().models.Channel.create({
      uuid,
      company_id: store.company_id,
      store_id: store.id,
      kind: 'channel',
      type: 'shopify',
      name: 'Shopify budget',
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: shop.url, get_orders: false, auto_sync_stock: true, push_stock_levels: true },
      credentials: writeChannelCredentials(
        services().credentials,
        { uuid },
        { oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken } },
      ),
      authorized_at: null,
      token_expires_at: null,
    });
    const products: Product[] = [];
    for (const sku of SKUS) {
      const product = await services().models.Product.create({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        sku,
        title: sku,
        quantity: 30,
        nominal_code: null,
        barcode: null,
        price: null,
      });
      await services().models.ChannelProduct.create({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        channel_id: channel.id,
        channel_product_id: `gid-${sku}`,
        sku,
        remote_sku: null,
        title: sku,
        quantity: 30,
        price: null,
        product_id: product.id,
        matched_sku: sku,
        sync_status: SYNCED,
        pushed_quantity: 30,
      });
      products.push(product);
    }

    workers.push(
      startWorker({ databaseUrl: database.url, dataDir: server.dataDir }),
      startWorker({ databaseUrl: database.url, dataDir: server.dataDir }),
    );
    // The backlog: 500 changes, each round queuing stock pushes while the workers already push.
    for (let round = 1; round <= ROUNDS; round += 1) {
      await services().stock.apply(
        null,
        store.id,
        products.map((product, index) => ({
          productId: product.id,
          setTo: (round * 11 + index * 5) % 47,
          reason: 'correction' as const,
        })),
      );
    }

    const settings = stockSettingsOf(channel.settings);
    const inputs = await stockInputsOf(
      services().models,
      products.map((product) => product.id),
      settings,
    );
    const expected = Object.fromEntries(
      products.map((product) => {
        const input = inputs.get(product.id)!;
        return [product.sku!, channelQuantity(input.available, settings, input.autoSyncStock).quantity!];
      }),
    );
    const unfinished = () =>
      services().models.ChannelProduct.count({
        where: { channel_id: channel.id, sync_status: { [Op.in]: NOT_DONE } },
      });
    await waitFor(
      'every SKU at its latest value',
      async () => {
        const stock = shop.state.stock();
        return SKUS.every((sku) => stock[sku] === expected[sku]) && (await unfinished()) === 0;
      },
      150_000,
      100,
    );
    await Promise.all(workers.map((worker) => worker.stop()));

    const calls = shop.state.calls();
    expect(calls.filter((call) => call.status === 429)).toEqual([]);
    const stockCalls = calls.filter((call) => JSON.stringify(call.body).includes('inventorySetQuantities'));
    expect(stockCalls.length).toBeGreaterThan(1);
    // Both workers called, and no answer said THROTTLED (the records keep every answer's body).
    const records = await services().models.TransactionRecord.findAll({
      where: { channel_id: channel.id },
      attributes: ['response_body'],
      raw: true,
    });
    expect(records.length).toBeGreaterThan(stockCalls.length);
    expect(records.filter((record) => String(record.response_body ?? '').includes('THROTTLED'))).toEqual([]);
    const stock = shop.state.stock();
    expect(Object.fromEntries(SKUS.map((sku) => [sku, stock[sku]]))).toEqual(expected);
    expect(await unfinished()).toBe(0);
  }, 200_000);
});
