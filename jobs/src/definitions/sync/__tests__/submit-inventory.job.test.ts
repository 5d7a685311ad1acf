import { randomUUID } from 'node:crypto';
import { PRODUCT_SYNC_STATUS } from '@syncdesk/contracts';
import { writeChannelCredentials, type Store } from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { memoryRecorder } from '@syncdesk/integrations';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  SHOPIFY_SIMULATOR_DEFAULTS,
  startShopifySimulator,
  type ShopifySimulator,
} from '@syncdesk/integrations';
import { createSyncRuntime } from '../../../sync/sync-runtime';
import type { JobContext } from '../../job-definition';
import { submitInventoryJob } from '../submit-inventory.job';

const silent = { info: () => undefined, error: () => undefined };
const [MUG, TOTE] = ['MUG-ENAMEL', 'TOTE-CANVAS'] as const;
const SYNCED = PRODUCT_SYNC_STATUS.byKey('synced').value;
const LEVEL_PENDING = PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value;

/**
 * Stock out to the Shopify simulator over HTTP, as the worker runs it: the latest value of a
 * burst in one call per SKU, and a raise held while the channel has orders not imported.
 */
describe('channels.submit_inventory against the Shopify simulator (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let shop: ShopifySimulator;
  let company: CompanyFixture;
  let store: Store;
  const recorder = memoryRecorder();

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'submit_inventory');
    // No worker: the test runs the job when it wants; queued runs stay in the table.
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, {
      name: 'Stockco',
      stores: ['Stockco UK', 'Stockco DE', 'Stockco FR', 'Stockco IE'],
    });
    store = company.stores[0]!;
    shop = await startShopifySimulator({ initialStock: 30 });
  });
  afterAll(async () => {
    await shop?.close();
    await server?.close();
    await database?.drop();
  });

  const services = () => server.services;
  const context = (): JobContext => ({
    services: services(),
    logger: silent,
    sync: createSyncRuntime({ services: services(), recorder, allowedOrigins: [new URL(shop.url).origin] }),
  });

  // Each test has its own store: a store holds one product per SKU.
  async function shopifyChannel(target: Store = store) {
    const uuid = randomUUID();
    return services().models.Channel.create({
      uuid,
      company_id: target.company_id,
      store_id: target.id,
      kind: 'channel',
      type: 'shopify',
      name: `Shopify ${uuid.slice(0, 6)}`,
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: shop.url, auto_sync_stock: true, push_stock_levels: true },
      credentials: writeChannelCredentials(
        services().credentials,
        { uuid },
        { oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken } },
      ),
      authorized_at: null,
      token_expires_at: null,
    });
  }

  async function listedProduct(channel: { id: number; store_id: number }, sku: string, pushed: number) {
    const product = await services().models.Product.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: channel.store_id,
      sku,
      title: sku,
      quantity: pushed,
      nominal_code: null,
      barcode: null,
      price: null,
    });
    const listing = await services().models.ChannelProduct.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: channel.store_id,
      channel_id: channel.id,
      channel_product_id: `gid-${sku}`,
      sku,
      remote_sku: null,
      title: sku,
      quantity: pushed,
      price: null,
      product_id: product.id,
      matched_sku: sku,
      sync_status: SYNCED,
      pushed_quantity: pushed,
    });
    return { product, listing };
  }

  const setStock = (product: { id: number; store_id: number }, quantity: number) =>
    services().stock.apply(null, product.store_id, [
      { productId: product.id, setTo: quantity, reason: 'correction' },
    ]);
  const stockSets = () =>
    shop.state
      .calls()
      .filter(
        (call) => call.method === 'POST' && JSON.stringify(call.body).includes('inventorySetQuantities'),
      );

  it('sends the last of three changes, once, and marks the listing synced with its provenance', async () => {
    const channel = await shopifyChannel();
    const { product, listing } = await listedProduct(channel, MUG, 30);
    await setStock(product, 12);
    await setStock(product, 9);
    await setStock(product, 7);
    shop.state.clearCalls();

    await submitInventoryJob.handler({ channelId: channel.id }, context());
    expect(shop.state.stock()[MUG]).toBe(7);
    expect(stockSets()).toHaveLength(1);
    expect(await listing.reload()).toMatchObject({ sync_status: SYNCED, pushed_quantity: 7 });
    const provenance = await services().models.StockPushRecord.findAll({
      where: { channel_product_id: listing.id },
    });
    expect(provenance.map((row) => [row.outcome, row.quantity, row.previous_quantity, row.on_hand])).toEqual([
      ['pushed', 7, 30, 7],
    ]);
    // Queued again by the burst: nothing is waiting, no call.
    await submitInventoryJob.handler({ channelId: channel.id }, context());
    expect(stockSets()).toHaveLength(1);
  });

  it('a retry of a failed push sends the listings that failed', async () => {
    const channel = await shopifyChannel(company.stores[2]!);
    const { product, listing } = await listedProduct(channel, MUG, 30);
    await setStock(product, 5);
    shop.state.clearCalls();
    shop.state.addFault({ status: 500, count: 10, mode: 'error' });
    try {
      await submitInventoryJob.handler({ channelId: channel.id }, context());
    } finally {
      shop.state.clearFaults();
    }
    expect((await listing.reload()).sync_status).toBe(PRODUCT_SYNC_STATUS.byKey('failed').value);
    // Nothing waits: a plain run sends nothing; the retry of the failed record sends the listing.
    await submitInventoryJob.handler({ channelId: channel.id }, context());
    expect(stockSets().filter((call) => call.status === 200)).toHaveLength(0);
    await submitInventoryJob.handler({ channelId: channel.id, retryOfLogId: 1 }, context());
    expect(shop.state.stock()[MUG]).toBe(5);
    expect(await listing.reload()).toMatchObject({ sync_status: SYNCED, pushed_quantity: 5 });
  });

  it('holds a raise while a webhook said an order is not imported, and lets the lower go', async () => {
    const channel = await shopifyChannel(company.stores[1]!);
    // Listed at what the shop holds now (earlier cases moved it): our last push is the shop's figure.
    const at = shop.state.stock();
    const mug = await listedProduct(channel, MUG, at[MUG]!);
    const tote = await listedProduct(channel, TOTE, at[TOTE]!);
    await services().models.ChannelSyncState.create({
      channel_id: channel.id,
      oldest_unimported_at: new Date(),
    });
    await setStock(mug.product, at[MUG]! + 20);
    await setStock(tote.product, 2);
    shop.state.clearCalls();

    await submitInventoryJob.handler({ channelId: channel.id }, context());
    expect(shop.state.stock()[TOTE]).toBe(2);
    expect(stockSets()).toHaveLength(1);
    expect((await mug.listing.reload()).sync_status).toBe(LEVEL_PENDING);

    // The order is imported: the held raise goes on the next run.
    await services().models.ChannelSyncState.update(
      { oldest_unimported_at: null },
      { where: { channel_id: channel.id } },
    );
    await submitInventoryJob.handler({ channelId: channel.id }, context());
    expect(shop.state.stock()[MUG]).toBe(at[MUG]! + 20);
    expect(await mug.listing.reload()).toMatchObject({ sync_status: SYNCED, pushed_quantity: at[MUG]! + 20 });
  });

  it('a quantity changed at the shop behind our back is read, said, and set to ours: never overwritten blind', async () => {
    const channel = await shopifyChannel(company.stores[3]!);
    const knew = shop.state.stock()[MUG]!;
    const { product, listing } = await listedProduct(channel, MUG, knew);
    // Someone at the shop counts the shelf again.
    const variant = shop.state.shop.products
      .flatMap((item) => item.variants)
      .find((item) => item.sku === MUG)!;
    shop.state.shop.setInventory(variant.inventory_item_id, shop.state.shop.primaryLocation.id, knew + 3);
    await setStock(product, knew - 1);
    shop.state.clearCalls();

    await submitInventoryJob.handler({ channelId: channel.id }, context());
    // The set named what we knew, the shop refused it as stale, and ours went out from its figure.
    const sets = stockSets();
    expect(sets).toHaveLength(2);
    expect(JSON.stringify(sets[0]!.body)).toContain(`"changeFromQuantity":${knew}`);
    expect(JSON.stringify(sets[1]!.body)).toContain(`"changeFromQuantity":${knew + 3}`);
    expect(shop.state.stock()[MUG]).toBe(knew - 1);
    expect(await listing.reload()).toMatchObject({ sync_status: SYNCED, pushed_quantity: knew - 1 });
    const [pushed] = await services().models.StockPushRecord.findAll({
      where: { channel_product_id: listing.id, outcome: 'pushed' },
    });
    expect(pushed!.previous_quantity).toBe(knew + 3);
    expect(pushed!.note).toBe(
      `The channel had ${knew + 3} (we last knew ${knew}): changed there since our last push; ours was set from that figure.`,
    );
  });
});
