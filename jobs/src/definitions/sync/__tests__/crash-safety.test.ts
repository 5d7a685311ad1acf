import { randomUUID } from 'node:crypto';
import { Op, QueryTypes } from 'sequelize';
import {
  channelQuantity,
  FULFILMENT_STATUS,
  JOB_NAMES,
  ORDER_SYNC_STATUS,
  PLUGIN_SYNC_STATUS,
  PRODUCT_SYNC_STATUS,
} from '@syncdesk/contracts';
import {
  stockInputsOf,
  stockSettingsOf,
  writeChannelCredentials,
  type Channel,
  type Product,
  type Store,
} from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  insertChannelRow,
  orderOf,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  SHOPIFY_SIMULATOR_DEFAULTS,
  startShopifySimulator,
  type ShopifySimulator,
} from '@syncdesk/integrations';
import { shopifyTime } from '@syncdesk/integrations';
import { normaliseShopifyOrder } from '@syncdesk/integrations';
import { startWmsSimulator, type RunningWmsSimulator } from '@syncdesk/integrations';
import { waitFor, workerRelay, type WorkerProcess, type WorkerRelay } from './worker-processes';

const KILLS = 10;
/** 14 pages of 20 (Shopify's GraphQL pages): more pages than kills, so every kill can land with orders still to come. */
const ORDER_COUNT = 280;
const SKUS = Array.from({ length: 20 }, (_, index) => `CRASH-${String(index + 1).padStart(2, '0')}`);
/** How old a killed run's stock claims must be before another run takes them again (default 20 min). */
const ABANDONED_MS = 2_500;
/** An outbound claim's lease (default 60 s): longer than the worker's job lock (1 s), as in production. */
const LEASE_MS = 1_500;

// The fulfilment case once saw no send for 60 s after a kill (one run in about six, 2026-11-28; not
// reproduced in about sixty kills since, see issue 30's note): a failing test runs once more with its
// assertions unchanged, and the failure is printed with the claims, jobs and budget rows it saw. So a
// retry starts clean, every attempt has simulators (and, where SKUs must be new, a store) of its own.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

const SYNCED = PRODUCT_SYNC_STATUS.byKey('synced').value;
const IN_PROGRESS = PRODUCT_SYNC_STATUS.byKey('inventory_level_in_progress').value;
const WAITING = [
  PRODUCT_SYNC_STATUS.byKey('pending').value,
  PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value,
];

/**
 * A worker process SIGKILLed in the middle of its work, ten times, then started again: an order
 * download stores every order exactly once and ends at the right watermark; a stock push ends with
 * the channel holding, for every SKU, what our stock rules say now, and no claim left in progress.
 */
describe('crash safety of a killed worker (mysql, real processes)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let company: CompanyFixture;
  const workers: WorkerProcess[] = [];
  let relay: WorkerRelay;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'crash_safety');
    // Migrates and serves the data; the work is done by the worker processes the tests start.
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, {
      name: 'Crashco',
      stores: ['Crashco UK', 'Crashco DE', 'Crashco FR'],
    });
    relay = workerRelay({
      databaseUrl: database.url,
      dataDir: server.dataDir,
      environment: {
        STOCK_PUSH_ABANDONED_MS: String(ABANDONED_MS),
        // A send's lease lapses a moment after its worker dies, and the sweep looks every second.
        OUTBOUND_LEASE_MS: String(LEASE_MS),
        OUTBOUND_SWEEP_EVERY_S: '1',
        SYNC_RATE_LIMITS_JSON: JSON.stringify({
          shopify: {
            // A page a second instead of the catalogue's 10 per 30 s: kills still land mid-download,
            // and the file does not spend minutes waiting for budget.
            get_orders: { calls: 1, periodSeconds: 1 },
            // Two calls per fulfilment (its fulfilment orders, then the fulfilment), one fulfilment a
            // second (Shopify's own bucket leaks two calls a second): five runs at once wait up to
            // five seconds for budget, five times the job's lock.
            update_fulfillment: { calls: 2, periodSeconds: 1 },
          },
          // One call of 100 orders a second: a run of 1,200 waits eleven seconds, far longer than its lock.
          wms: { sync_orders: { calls: 1, periodSeconds: 1 } },
        }),
      },
    });
  });
  // A case that failed leaves its worker running: it must not work on the next case's data.
  afterEach(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) await worker.kill();
  });
  afterAll(async () => {
    await relay?.close();
    for (const worker of workers) if (worker.child.exitCode === null) await worker.kill();
    await server?.close();
    await database?.drop();
  });

  const services = () => server.services;
  const worker = () => {
    const started = relay.start();
    workers.push(started);
    return started;
  };

  async function shopifyChannel(store: Store, shop: ShopifySimulator, settings: Record<string, unknown>) {
    const uuid = randomUUID();
    return services().models.Channel.create({
      uuid,
      company_id: store.company_id,
      store_id: store.id,
      kind: 'channel',
      type: 'shopify',
      name: `Shopify ${uuid.slice(0, 6)}`,
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: shop.url, ...settings },
      credentials: writeChannelCredentials(
        services().credentials,
        { uuid },
        { oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken } },
      ),
      authorized_at: null,
      token_expires_at: null,
    });
  }

  describe('an order download', () => {
    let shop: ShopifySimulator;
    beforeEach(async () => {
      // Orders at about 30 points each: a Standard shop's 100 points a second would make this a
      // test of its bucket; the kills are what this is about, so the shop's points are opened.
      shop = await startShopifySimulator({
        skus: SKUS,
        seed: 11,
        costBucket: { restoreRate: 20_000, maximumAvailable: 40_000 },
      });
    });
    afterEach(async () => {
      await shop?.close();
    });

    /**
     * Orders of the last hour, a few per second: Shopify keeps times to the second, so orders made
     * in one burst would share a second and every restart would read them all again.
     */
    function seedOrders(count: number): void {
      for (let index = 0; index < count; index += 1) shop.state.createOrder();
      const from = Date.now() - 3_600_000;
      [...shop.state.shop.orders.values()].forEach((stored, index) => {
        const at = from + Math.floor(index / 5) * 1000;
        stored.createdMs = stored.updatedMs = Math.floor(at / 1000) * 1000;
        stored.order.created_at = stored.order.updated_at = shopifyTime(at);
      });
    }

    const storedRemoteIds = async (channel: Channel) =>
      (
        await services().models.Order.findAll({
          where: { channel_id: channel.id },
          attributes: ['remote_id'],
          raw: true,
        })
      ).map((row) => String(row.remote_id));
    const storedCount = (channel: Channel) =>
      services().models.Order.count({ where: { channel_id: channel.id } });
    const watermarkOf = async (channel: Channel) =>
      (await services().models.ChannelSyncState.findByPk(channel.id))?.orders_watermark ?? null;

    it('stores every order once, none lost, after ten kills in the middle of the import', async () => {
      seedOrders(ORDER_COUNT);
      const remote = [...shop.state.shop.orders.values()];
      const newest = Math.max(...remote.map((stored) => stored.updatedMs));
      const channel = await shopifyChannel(company.stores[0]!, shop, {
        get_orders: true,
        push_stock_levels: false,
      });

      // One download queued as a webhook or a retry from the log queues it. The channel's recurring
      // download runs too when the first worker starts, but a recurring run killed midway waits
      // for its next interval (Agenda moved its next run when it started); a one-off run whose
      // worker died is taken again as soon as its lock lapses, by whichever worker runs next.
      await services().jobs.enqueue(JOB_NAMES.getOrders, { channelId: channel.id });
      let before = 0;
      for (let kill = 1; kill <= KILLS; kill += 1) {
        const running = worker();
        // Killed as soon as this run has stored something: in the middle of a page or between two.
        const reached = await waitFor(
          `orders stored before kill ${kill}`,
          async () => {
            const count = await storedCount(channel);
            return count > before ? count : null;
          },
          // The restarted worker takes the run once the killed one's job lock lapses, a page a second.
          90_000,
          25,
          { worker: running },
        );
        await running.kill();
        const after = await storedCount(channel);
        expect(after).toBeGreaterThanOrEqual(reached);
        expect(after).toBeLessThan(ORDER_COUNT);
        before = after;

        // What makes a restart safe: the watermark never passes an order that is not stored.
        const watermark = await watermarkOf(channel);
        if (watermark) {
          const stored = new Set(await storedRemoteIds(channel));
          const skipped = remote.filter(
            (order) => order.updatedMs < watermark.getTime() && !stored.has(String(order.order.id)),
          );
          expect(skipped).toEqual([]);
        }
      }

      const last = worker();
      await waitFor(
        'every order stored and the watermark at the newest',
        async () =>
          (await storedCount(channel)) >= ORDER_COUNT && (await watermarkOf(channel))?.getTime() === newest,
        120_000,
        25,
        { worker: last },
      );
      await last.stop();

      const ids = await storedRemoteIds(channel);
      expect(ids).toHaveLength(ORDER_COUNT);
      expect(new Set(ids).size).toBe(ORDER_COUNT);
      expect([...ids].sort()).toEqual(remote.map((stored) => String(stored.order.id)).sort());
      expect((await watermarkOf(channel))?.getTime()).toBe(newest);
    }, 360_000);
  });

  describe('a stock push', () => {
    let shop: ShopifySimulator;
    beforeEach(async () => {
      shop = await startShopifySimulator({ skus: SKUS, initialStock: 30, seed: 12 });
    });
    afterEach(async () => {
      await shop?.close();
    });

    const stockSets = () =>
      shop.state
        .calls()
        .filter(
          (call) => call.method === 'POST' && JSON.stringify(call.body).includes('inventorySetQuantities'),
        ).length;

    it('ends with the last value of every SKU at the channel and no claim stuck, after ten kills mid-push', async () => {
      const store = (await createCompany(server.services, { name: 'Stockco', stores: ['Stockco UK'] }))
        .stores[0]!;
      const channel = await shopifyChannel(store, shop, {
        get_orders: false,
        auto_sync_stock: true,
        push_stock_levels: true,
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
      // Every SKU moves in each round; each apply queues a submit_inventory run.
      let round = 0;
      const changeEverySku = async () => {
        round += 1;
        await services().stock.apply(
          null,
          store.id,
          products.map((product, index) => ({
            productId: product.id,
            setTo: (round * 7 + index * 3) % 41,
            reason: 'correction' as const,
          })),
        );
      };
      const listings = () =>
        services().models.ChannelProduct.findAll({
          where: { channel_id: channel.id },
          attributes: ['id', 'sku', 'sync_status', 'pushed_quantity'],
          raw: true,
        });

      let leftInProgress = 0;
      for (let kill = 1; kill <= KILLS; kill += 1) {
        await changeEverySku();
        const sets = stockSets();
        const running = worker();
        await waitFor(`a stock call before kill ${kill}`, async () => stockSets() > sets, 60_000, 25, {
          worker: running,
        });
        // Stock moves again while the push is in flight, then the worker dies.
        await changeEverySku();
        await running.kill();
        leftInProgress += (await listings()).filter((listing) => listing.sync_status === IN_PROGRESS).length;
      }
      // The scenario happened: some kills left listings claimed by a run that no longer exists.
      expect(leftInProgress).toBeGreaterThan(0);

      // What our stock rules say now, for each SKU.
      const inputs = await stockInputsOf(
        services().models,
        products.map((product) => product.id),
        stockSettingsOf(channel.settings),
      );
      const expected: Record<string, number> = {};
      for (const product of products) {
        const input = inputs.get(product.id)!;
        expected[product.sku!] = channelQuantity(
          input.available,
          stockSettingsOf(channel.settings),
          input.autoSyncStock,
        ).quantity!;
      }

      // No new change: the restarted worker alone must finish what the killed runs had claimed.
      const last = worker();
      await waitFor(
        'every SKU at its latest value and every listing synced',
        async () => {
          const stock = shop.state.stock();
          if (SKUS.some((sku) => stock[sku] !== expected[sku])) return false;
          return (await listings()).every((listing) => listing.sync_status === SYNCED);
        },
        90_000,
        25,
        { worker: last },
      );
      await last.stop();

      const stock = shop.state.stock();
      expect(Object.fromEntries(SKUS.map((sku) => [sku, stock[sku]]))).toEqual(expected);
      const final = await listings();
      expect(final.filter((listing) => listing.sync_status !== SYNCED)).toEqual([]);
      expect(Object.fromEntries(final.map((listing) => [listing.sku, listing.pushed_quantity]))).toEqual(
        expected,
      );
      expect(
        await services().models.ChannelProduct.count({
          where: { channel_id: channel.id, sync_status: { [Op.in]: [IN_PROGRESS, ...WAITING] } },
        }),
      ).toBe(0);
    }, 180_000);
  });

  describe('a fulfilment push waiting for budget longer than its job lock', () => {
    let shop: ShopifySimulator;
    beforeEach(async () => {
      shop = await startShopifySimulator({ skus: SKUS, seed: 13 });
    });
    afterEach(async () => {
      await shop?.close();
    });

    const PENDING_SYNC = FULFILMENT_STATUS.byKey('pending_sync').value;
    const FULFILMENT_SYNCED = FULFILMENT_STATUS.byKey('synced').value;
    const SHIPMENTS = 30;

    it('gets every shipment’s tracking to the shop exactly once, after ten kills mid-send', async () => {
      const store = company.stores[0]!;
      const channel = await shopifyChannel(store, shop, { get_orders: true, push_stock_levels: false });
      const remote = Array.from({ length: SHIPMENTS }, () => shop.state.createOrder());
      const imported = await services().orderImport.importBatch(
        channel.id,
        remote.map(normaliseShopifyOrder),
      );
      expect(imported.orderIds).toHaveLength(SHIPMENTS);
      // Stored: the workers need not download them again.
      await channel.update({ settings: { ...channel.settings, get_orders: false } });
      const orders = await services().models.Order.findAll({
        where: { channel_id: channel.id },
        attributes: ['id', 'remote_id'],
        raw: true,
      });
      // Made as the seller makes them: each queues its own submit_fulfillment run.
      const token = await company.tokenFor(company.owner);
      const trackingOf = new Map<string, string>();
      for (const order of orders) {
        const tracking = `RM${order.remote_id}GB`;
        trackingOf.set(String(order.remote_id), tracking);
        const response = await server.request('POST', `/api/orders/${store.id}/${order.id}/fulfillments`, {
          token,
          body: { courier: 'Royal Mail', shipping_tracking_code: tracking },
        });
        expect({
          status: response.status,
          body: response.status === 201 ? null : await readJson(response),
        }).toEqual({ status: 201, body: null });
      }
      const fulfilments = () =>
        services().models.OrderFulfillment.findAll({
          where: { order_id: { [Op.in]: orders.map((order) => order.id) } },
          attributes: ['id', 'sync_status', 'claimed_by'],
          raw: true,
        });
      const atShop = () =>
        shop.state.fulfillments().filter((fulfilment) => trackingOf.has(String(fulfilment.order_id)));
      // Once (2026-11-28) a restarted worker sent nothing for 60 s; not reproduced since (see
      // issue 30). Should it recur, the failure carries what the next tracer needs.
      const explain = async () => {
        const read = (sql: string) => services().sequelize.query(sql, { type: QueryTypes.SELECT });
        return {
          at: new Date().toISOString(),
          fulfilments: await services().models.OrderFulfillment.findAll({
            where: { order_id: { [Op.in]: orders.map((order) => order.id) } },
            attributes: ['id', 'sync_status', 'claimed_by', 'lease_until', 'updated_at'],
            raw: true,
          }),
          jobs: await read(
            "SELECT id, name, data, locked_at, next_run_at, last_run_at, last_finished_at, fail_reason FROM agenda_jobs WHERE name IN ('channels.submit_fulfillment', 'outbound.sweep_claims') ORDER BY id DESC LIMIT 40",
          ),
          budgets: await read(
            `SELECT * FROM rate_budgets WHERE \`key\` LIKE '%${channel.id}:update_fulfillment%'`,
          ),
          lastCalls: shop.state
            .calls()
            .slice(-10)
            .map((call) => ({
              method: call.method,
              path: call.path,
              status: call.status,
              at: new Date(call.timeMs),
            })),
        };
      };
      let leftClaimed = 0;
      for (let kill = 1; kill <= KILLS; kill += 1) {
        const before = atShop().length;
        const running = worker();
        await waitFor(
          `a fulfilment at the shop before kill ${kill}`,
          async () => atShop().length > before,
          60_000,
          25,
          { worker: running, explain },
        );
        await running.kill();
        expect(atShop().length).toBeLessThan(SHIPMENTS);
        leftClaimed += (await fulfilments()).filter((row) => row.sync_status === PENDING_SYNC).length;
      }
      // The case that broke: sends a killed worker had claimed, with nothing left in memory to finish them.
      expect(leftClaimed).toBeGreaterThan(0);

      const last = worker();
      await waitFor(
        'every fulfilment synced',
        async () => (await fulfilments()).every((row) => row.sync_status === FULFILMENT_SYNCED),
        90_000,
        25,
        { worker: last, explain },
      );
      await last.stop();

      const shipped = atShop();
      const byOrder = new Map<string, string[]>();
      for (const fulfilment of shipped) {
        const key = String(fulfilment.order_id);
        byOrder.set(key, [...(byOrder.get(key) ?? []), fulfilment.tracking_number ?? '']);
      }
      // Every shipment's tracking at the shop, once.
      expect(Object.fromEntries([...byOrder].sort())).toEqual(
        Object.fromEntries([...trackingOf].sort().map(([orderId, tracking]) => [orderId, [tracking]])),
      );
      expect((await fulfilments()).filter((row) => row.claimed_by !== null)).toEqual([]);
    }, 240_000);
  });

  describe('a plugin order push waiting for budget longer than its job lock', () => {
    const KEY = 'wms-crash-key';
    const WMS_SKUS = ['WMS-CRASH-1', 'WMS-CRASH-2'];
    /**
     * Twelve calls of 100: more than the ten kills, since a kill that waits for a live run's claims
     * may still let that run's first call through.
     */
    const ORDERS = 1_200;
    let warehouse: RunningWmsSimulator;
    beforeEach(async () => {
      warehouse = await startWmsSimulator({
        apiKey: KEY,
        skus: WMS_SKUS,
        shipAfterMs: null,
        backorders: true,
      });
    });
    afterEach(async () => {
      await warehouse?.close();
    });

    const COPY_IN_PROGRESS = PLUGIN_SYNC_STATUS.byKey('in_progress').value;
    const COPY_SYNCED = PLUGIN_SYNC_STATUS.byKey('synced').value;

    it('gets every order to the warehouse once, after ten kills mid-send', async () => {
      const store = company.stores[2]!;
      const uuid = randomUUID();
      const plugin = await services().models.Channel.create({
        uuid,
        company_id: store.company_id,
        store_id: store.id,
        kind: 'plugin',
        type: 'wms',
        name: 'Crash warehouse',
        is_active: true,
        is_default: true,
        account_nominal_code: null,
        api_version: null,
        settings: { api_url: warehouse.url, updates_interval: 3600 },
        credentials: writeChannelCredentials(services().credentials, { uuid }, { api_key: KEY }),
        authorized_at: null,
        token_expires_at: null,
      });
      // Where the orders came from: only their rows matter here, no call is made to it.
      const shop = await insertChannelRow(services(), store, {
        name: 'Crash shop',
        settings: { get_orders: true },
      });
      const orderIds: number[] = [];
      for (let start = 0; start < ORDERS; start += 400) {
        const batch = Array.from({ length: Math.min(400, ORDERS - start) }, (_, index) => {
          const remoteId = `P-${start + index + 1}`;
          return orderOf(remoteId, [{ sku: WMS_SKUS[index % 2]!, quantity: 1, remote_id: `${remoteId}-L1` }]);
        });
        orderIds.push(...(await services().orderImport.importBatch(shop.id, batch)).orderIds);
      }
      expect(orderIds).toHaveLength(ORDERS);
      await shop.update({ settings: { get_orders: false } });
      const copies = () =>
        services().models.PluginOrder.findAll({
          where: { plugin_id: plugin.id },
          attributes: ['order_id', 'sync_status', 'remote_id', 'claimed_by'],
          raw: true,
        });
      const atWarehouse = () => warehouse.state.orders().length;
      await services().jobs.enqueue(JOB_NAMES.syncOrders, { pluginId: plugin.id });

      // Half the kills land once a batch reached the warehouse, half while a run holds its claims
      // and waits for budget (the case that broke): neither may lose or double an order.
      let leftClaimed = 0;
      const deadOwners = new Set<string>();
      for (let kill = 1; kill <= KILLS; kill += 1) {
        const before = atWarehouse();
        const running = worker();
        await waitFor(
          `orders ${kill % 2 ? 'at the warehouse' : 'claimed by a live run'} before kill ${kill}`,
          async () =>
            kill % 2
              ? atWarehouse() > before
              : (await copies()).some((copy) => copy.claimed_by !== null && !deadOwners.has(copy.claimed_by)),
          60_000,
          25,
          { worker: running },
        );
        await running.kill();
        expect(atWarehouse()).toBeLessThan(ORDERS);
        const claimedNow = (await copies()).filter((copy) => copy.sync_status === COPY_IN_PROGRESS);
        leftClaimed += claimedNow.length;
        for (const copy of claimedNow) deadOwners.add(copy.claimed_by!);
      }
      expect(leftClaimed).toBeGreaterThan(0);

      const last = worker();
      await waitFor(
        'every order at the warehouse and its copy synced',
        async () => {
          const rows = await copies();
          return rows.length === ORDERS && rows.every((copy) => copy.sync_status === COPY_SYNCED);
        },
        90_000,
        25,
        { worker: last },
      );
      await last.stop();

      const received = warehouse.state.orders();
      const references = received.map((order) => order.reference);
      expect(references).toHaveLength(ORDERS);
      expect(new Set(references).size).toBe(ORDERS);
      expect([...references].sort()).toEqual(orderIds.map(String).sort());
      const idOf = new Map(received.map((order) => [order.reference, String(order.id)]));
      const final = await copies();
      expect(final.filter((copy) => copy.remote_id !== idOf.get(String(copy.order_id)))).toEqual([]);
      expect(final.filter((copy) => copy.claimed_by !== null)).toEqual([]);
      expect(
        await services().models.Order.count({
          where: {
            id: { [Op.in]: orderIds },
            sync_status: { [Op.ne]: ORDER_SYNC_STATUS.byKey('synced').value },
          },
        }),
      ).toBe(0);
    }, 240_000);
  });
});
