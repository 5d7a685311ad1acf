/**
 * Shopify on the GraphQL Admin API (2026-10) against its simulator, end to end over real HTTP and
 * a throw-away MySQL database, as the worker runs each job (`npm run bench:shopify`):
 *
 * 1. Order import: BENCH_SHOPIFY_ORDERS orders (default 10,000) at the Shopify simulator, one
 *    `channels.get_orders` queued on a real Agenda (SequelizeBackend, `registerJobs` +
 *    `createSyncRuntime`, the shared budget over MySQL, points included). First at a Standard
 *    shop's points bucket (100 points/s back, 2,000 at most): 10,000 orders there take longer than
 *    this bench may, so the clock stops after BENCH_SHOPIFY_WINDOW_S (default 60 s) and the time for
 *    all of them is worked out from the points per order. Then at opened limits (bucket 10,000,000
 *    points, 1,000,000 back a second) until every order is stored; target ≥ 1,000 orders/s. Our own
 *    call limit for get_orders (the spec's 10 calls / 30 s) is raised in both, as in bench:sync,
 *    so the figures are Shopify's bucket and our code; the spec's limit alone would hold 20-order
 *    pages to 6.7 orders/s. Points per order are Shopify's `actualQueryCost`s summed as the
 *    connector's budget settles them, over the orders stored.
 * 2. Stock push: BENCH_SHOPIFY_SKUS listings (default 5,000) waiting, one `channels.submit_inventory`
 *    run (the push-stock flow, batches of 100) at a Standard shop with the catalogue's own limits
 *    (update_stock 40 / 20 s, get_products 25 / 30 s for the SKU look-ups); target ≤ 2 minutes.
 *    Then one quantity is changed at the shop behind our back and one listing's stock changed
 *    here: the second push's calls and the shop's final quantity are printed.
 * 3. Product download: BENCH_SHOPIFY_VARIANTS variants (default 50,000; 10,000 products of 5) in a
 *    simulator of their own process, `channels.get_products` run until the download is done (bulk
 *    operation, JSONL read by ranges) with the catalogue's limits; half the SKUs are products here
 *    already. Peak RSS is this process's `process.memoryUsage().rss` sampled every 100 ms: the
 *    worker's alone, the simulator is in the child. Target ≤ 300 MB.
 *
 * BENCH_SCALE (default 1) multiplies every size (BENCH_SCALE=0.05 proves it works in 2–4 minutes
 * on a busy machine); BENCH_SHOPIFY_PARTS=1,2,3 picks the parts. At full size on an idle 2-core
 * machine the run is expected to take 8–9 minutes (not run at full size yet): the 60 s window,
 * the push's ≈ 2 minutes and the download's ≥ 4 minutes, both held by the catalogue's get_products
 * limit (25 calls / 30 s), which the push's SKU look-ups and the download's file reads count against.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Op } from 'sequelize';
import { Agenda } from 'agenda';
import { JOB_NAMES, PRODUCT_SYNC_STATUS, type RateLimit } from '@syncdesk/contracts';
import {
  createJobScheduler,
  createLogger,
  createServices,
  createTokenService,
  migrate,
  writeChannelCredentials,
  type JobScheduler,
  type Services,
} from '@syncdesk/api';
import { createCompany, createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
import {
  createSharedRateBudget,
  createShopifyConnector,
  SHOPIFY_SIMULATOR_DEFAULTS,
  startShopifySimulator,
  type RateBudget,
  type ShopifySimulator,
} from '@syncdesk/integrations';
import { reportFigures, type BenchFigure } from '../../scripts/bench/accepted';
import { createAgendaBackend } from '../src/job-store';
import { registerJobs } from '../src/register-jobs';
import { openConnection } from '../src/sync/open-connection';
import { createSyncRuntime } from '../src/sync/sync-runtime';
import { getProductsJob } from '../src/definitions/sync/get-products.job';
import { submitInventoryJob } from '../src/definitions/sync/submit-inventory.job';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const sized = (name: string, fallback: number) =>
  Math.max(1, Math.round(Number(process.env[name] ?? fallback) * SCALE));
const ORDERS = sized('BENCH_SHOPIFY_ORDERS', 10_000);
const SKUS = sized('BENCH_SHOPIFY_SKUS', 5_000);
const VARIANTS = sized('BENCH_SHOPIFY_VARIANTS', 50_000);
const WINDOW_S = Number(process.env.BENCH_SHOPIFY_WINDOW_S ?? 60);
/** Which parts run (`1,3` leaves the stock push out); all three by default. */
const PARTS = new Set((process.env.BENCH_SHOPIFY_PARTS ?? '1,2,3').split(',').map((part) => part.trim()));
const ORDER_TARGET = 1_000;
const PUSH_TARGET_S = 120;
const RSS_TARGET_MB = 300;
const STANDARD = { restoreRate: 100, maximumAvailable: 2_000 };
const OPENED = { restoreRate: 1_000_000, maximumAvailable: 10_000_000 };
const ORDER_SKUS = Array.from({ length: 40 }, (_, index) => `SKU-${String(index).padStart(3, '0')}`);
const RAISED: RateLimit = { calls: 1_000, periodSeconds: 1 };
const TIMEOUT_MS = 10 * 60_000;
const CHILD_FLAG = 'BENCH_SHOPIFY_CHILD';
const LEVEL_PENDING = PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value;
const SYNCED = PRODUCT_SYNC_STATUS.byKey('synced').value;

const logger = createLogger(process.env.BENCH_LOG_LEVEL ?? 'silent');
const silent = { info: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

type ChildMessage = { type: 'ready'; url: string };

/** Shopify's own cost of every answer the budget settles (`actualQueryCost`), and the throttled ones. */
interface Tally {
  calls: number;
  points: number;
  throttled: number;
}

function counted(budget: RateBudget): { budget: RateBudget; tally: Tally } {
  const tally: Tally = { calls: 0, points: 0, throttled: 0 };
  const points = budget.points!;
  return {
    tally,
    budget: {
      take: (key) => budget.take(key),
      pause: (key, ms) => budget.pause(key, ms),
      points: {
        take: (connectionId, cost) => points.take(connectionId, cost),
        async settle(connectionId, reserved, answer) {
          tally.calls += 1;
          tally.points += answer.actual ?? 0;
          if (answer.actual === null && answer.reported) tally.throttled += 1;
          await points.settle(connectionId, reserved, answer);
        },
      },
    },
  };
}

const noJobs: JobScheduler = { enqueue: async () => undefined, enqueueAt: async () => undefined };

async function servicesOn(database: TestDatabase, jobs: JobScheduler): Promise<Services> {
  await migrate(database.sequelize);
  const secret = randomBytes(32).toString('hex');
  return createServices({
    sequelize: database.sequelize,
    publish: () => undefined,
    jobs,
    jobStore: { backend: 'bench', worker: () => 'running', ping: async () => undefined },
    tokens: createTokenService(secret),
    logger,
    credentialsKey: secret,
    oauth: { stateSecret: secret },
    appUrl: 'http://localhost',
    planManageUrl: 'http://localhost/plan',
  });
}

async function shopifyChannel(
  services: Services,
  store: { id: number; company_id: number },
  shopUrl: string,
  settings: Record<string, unknown> = {},
) {
  const uuid = randomUUID();
  return services.models.Channel.create({
    uuid,
    company_id: store.company_id,
    store_id: store.id,
    kind: 'channel',
    type: 'shopify',
    name: 'Shopify bench',
    is_active: true,
    account_nominal_code: null,
    api_version: null,
    settings: { shop_url: shopUrl, ...settings },
    credentials: writeChannelCredentials(
      services.credentials,
      { uuid },
      { oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken } },
    ),
    authorized_at: new Date(),
    token_expires_at: null,
  });
}

async function products(
  services: Services,
  store: { id: number; company_id: number },
  skus: readonly string[],
  quantity: (index: number) => number,
) {
  const now = new Date();
  const created = [];
  for (let start = 0; start < skus.length; start += 1_000) {
    created.push(
      ...(await services.models.Product.bulkCreate(
        skus.slice(start, start + 1_000).map((sku, offset) => ({
          company_id: store.company_id,
          store_id: store.id,
          uuid: randomUUID(),
          sku,
          title: sku,
          type: 'product' as const,
          quantity: quantity(start + offset),
          price: '10.00',
          nominal_code: null,
          barcode: null,
          created_at: now,
          updated_at: now,
        })),
      )),
    );
  }
  return created;
}

interface OrdersOutcome {
  limits: 'standard' | 'opened';
  created: number;
  stored: number;
  seconds: number;
  tally: Tally;
  pages: number;
  complete: boolean;
}

/** One get_orders through a real Agenda until every order is stored, or the window closes. */
async function importOrders(limits: 'standard' | 'opened'): Promise<OrdersOutcome> {
  const database = await createTestDatabase('mysql', `bench_shopify_orders_${limits}`);
  const shop = await startShopifySimulator({
    skus: ORDER_SKUS,
    initialStock: 10_000_000,
    costBucket: limits === 'standard' ? STANDARD : OPENED,
  });
  const { sequelize } = database;
  const backend = await createAgendaBackend({ sequelize, logger });
  const agenda = new Agenda({
    backend,
    name: 'bench-shopify',
    processEvery: 1000,
    defaultLockLifetime: 60_000,
  });
  let shared: ReturnType<typeof createSharedRateBudget> | undefined;
  let services: Services | undefined;
  try {
    await agenda.ready;
    services = await servicesOn(database, createJobScheduler(agenda));
    const company = await createCompany(services, { name: 'Bench', stores: ['Bench store'] });
    const store = company.stores[0]!;
    await products(services, store, ORDER_SKUS, () => 10_000_000);
    const channel = await shopifyChannel(services, store, shop.url);
    for (let index = 0; index < ORDERS; index += 1) shop.state.createOrder();
    shared = createSharedRateBudget({ store: { kind: 'sql', sequelize } });
    const { budget, tally } = counted(shared);
    registerJobs(agenda, {
      services,
      logger,
      sync: createSyncRuntime({
        services,
        recorder: services.transactionRecords.recorder,
        budget,
        allowedOrigins: [new URL(shop.url).origin],
        limitOverrides: { shopify: { get_orders: RAISED } },
      }),
    });
    await agenda.start();
    shop.state.clearCalls();
    shop.state.resetCostBucket();

    const started = performance.now();
    await agenda.now(JOB_NAMES.getOrders, { channelId: channel.id });
    const windowMs = limits === 'standard' ? WINDOW_S * 1000 : TIMEOUT_MS;
    let stored = 0;
    let reported = started;
    for (;;) {
      stored = await services.models.Order.count({ where: { store_id: store.id } });
      const elapsed = performance.now() - started;
      if (stored >= ORDERS || elapsed >= windowMs) break;
      if (performance.now() - reported > 15_000) {
        reported = performance.now();
        process.stdout.write(`  … ${stored} of ${ORDERS} stored\n`);
      }
      await sleep(limits === 'standard' ? 250 : 20);
    }
    const seconds = (performance.now() - started) / 1000;
    const outcome: OrdersOutcome = {
      limits,
      created: ORDERS,
      stored,
      seconds,
      tally: { ...tally },
      pages: shop.state.calls().filter((call) => JSON.stringify(call.body).includes('orders(')).length,
      complete: stored >= ORDERS,
    };
    // A download cut short by the window: the shop refuses the rest, so the job ends now.
    if (!outcome.complete) shop.state.setShopStatus('locked');
    await agenda.drain({ timeout: 60_000, closeConnection: false });
    return outcome;
  } finally {
    await agenda.stop(false).catch(() => undefined);
    await backend.notificationChannel?.disconnect().catch(() => undefined);
    await shared?.close().catch(() => undefined);
    await services?.transactionRecords.recorder.close().catch(() => undefined);
    await shop.close();
    await database.drop();
  }
}

/** The Admin API calls the simulator answered since `from`, by the operation their query names. */
function callsByOperation(shop: ShopifySimulator): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of shop.state.calls()) {
    const query = String((call.body as { query?: unknown } | null)?.query ?? call.path);
    const name = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? call.path;
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const listed = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

interface StockOutcome {
  skus: number;
  seconds: number;
  calls: Record<string, number>;
  synced: number;
  wrongAtShop: number;
  tally: Tally;
  stale: {
    calls: Record<string, number>;
    shopHad: number;
    ours: number;
    final: number;
    changeFromSent: boolean;
  };
  /** The connector given what we last told the shop (`lastKnownQuantity`), one of 100 stale. */
  swap: { calls: Record<string, number>; final: number; ours: number; others: number };
}

async function pushStock(): Promise<StockOutcome> {
  const database = await createTestDatabase('mysql', 'bench_shopify_stock');
  const skus = Array.from({ length: SKUS }, (_, index) => `STOCK-${String(index).padStart(6, '0')}`);
  const shop = await startShopifySimulator({ skus, initialStock: 7, costBucket: STANDARD });
  // Never started: the push reads the job table (are orders being downloaded?), nothing runs from it.
  const backend = await createAgendaBackend({ sequelize: database.sequelize, logger });
  const agenda = new Agenda({ backend, name: 'bench-shopify-stock', processEvery: 60_000 });
  let shared: ReturnType<typeof createSharedRateBudget> | undefined;
  let services: Services | undefined;
  try {
    await agenda.ready;
    services = await servicesOn(database, noJobs);
    const company = await createCompany(services, { name: 'Bench', stores: ['Bench store'] });
    const store = company.stores[0]!;
    const ours = (index: number) => 100 + (index % 50);
    const made = await products(services, store, skus, ours);
    const channel = await shopifyChannel(services, store, shop.url, {
      auto_sync_stock: true,
      push_stock_levels: true,
    });
    for (let start = 0; start < made.length; start += 1_000) {
      await services.models.ChannelProduct.bulkCreate(
        made.slice(start, start + 1_000).map((product) => ({
          uuid: randomUUID(),
          company_id: store.company_id,
          store_id: store.id,
          channel_id: channel.id,
          channel_product_id: String(shop.state.variantBySku(product.sku)!.id),
          sku: product.sku,
          remote_sku: null,
          title: product.sku,
          quantity: 7,
          price: null,
          product_id: product.id,
          matched_sku: product.sku,
          sync_status: LEVEL_PENDING,
          pushed_quantity: 7,
        })),
      );
    }
    shared = createSharedRateBudget({ store: { kind: 'sql', sequelize: database.sequelize } });
    const { budget, tally } = counted(shared);
    const context = {
      services,
      logger: silent,
      sync: createSyncRuntime({
        services,
        recorder: services.transactionRecords.recorder,
        budget,
        allowedOrigins: [new URL(shop.url).origin],
      }),
    };
    shop.state.clearCalls();
    shop.state.resetCostBucket();
    const started = performance.now();
    await submitInventoryJob.handler({ channelId: channel.id }, context);
    const seconds = (performance.now() - started) / 1000;
    const calls = callsByOperation(shop);
    const synced = await services.models.ChannelProduct.count({
      where: { channel_id: channel.id, sync_status: SYNCED },
    });
    const atShop = shop.state.stock();
    const wrongAtShop = skus.filter((sku, index) => atShop[sku] !== ours(index)).length;
    const pushTally = { ...tally };

    // Behind our back: the merchant counts the shelf of the first SKU; here a sale moves it too.
    const sku = skus[0]!;
    const variant = shop.state.variantBySku(sku)!;
    const shopHad = 3;
    shop.state.shop.setInventory(variant.inventory_item_id, shop.state.shop.primaryLocation.id, shopHad);
    await services.stock.apply(null, store.id, [{ productId: made[0]!.id, setTo: 40, reason: 'correction' }]);
    // The stock change marks the listing waiting (its job is not run here: the bench runs it).
    await services.models.ChannelProduct.update(
      { sync_status: LEVEL_PENDING },
      { where: { channel_id: channel.id, sku } },
    );
    shop.state.clearCalls();
    await submitInventoryJob.handler({ channelId: channel.id }, context);
    const staleCalls = callsByOperation(shop);
    const listing = await services.models.ChannelProduct.findOne({ where: { channel_id: channel.id, sku } });
    const sets = shop.state
      .calls()
      .filter((call) => JSON.stringify(call.body).includes('inventorySetQuantities'))
      .map((call) => JSON.stringify(call.body));
    const staleFinal = shop.state.stock()[sku]!;

    // The same at the connector with compare-and-swap on: a batch of 100 whose first the shop changed.
    const open = await openConnection(services, context.sync, channel.id, { jobType: 'submit_inventory' });
    const connector = createShopifyConnector(open!.context);
    const batch = skus.slice(0, 100);
    const before = shop.state.stock();
    shop.state.shop.setInventory(variant.inventory_item_id, shop.state.shop.primaryLocation.id, 11);
    shop.state.clearCalls();
    await connector.pushStock!(
      batch.map((each, index) => ({
        sku: each,
        remoteId: String(shop.state.variantBySku(each)!.inventory_item_id),
        quantity: 60 + index,
        lastKnownQuantity: before[each]!,
      })),
    );
    const swapCalls = callsByOperation(shop);
    const after = shop.state.stock();
    const swap = {
      calls: swapCalls,
      final: after[sku]!,
      ours: 60,
      others: batch.filter((each, index) => index > 0 && after[each] !== 60 + index).length,
    };
    return {
      swap,
      skus: SKUS,
      seconds,
      calls,
      synced,
      wrongAtShop,
      tally: pushTally,
      stale: {
        calls: staleCalls,
        shopHad,
        ours: listing?.pushed_quantity ?? -1,
        final: staleFinal,
        changeFromSent: sets.some((body) => /"changeFromQuantity":\d/.test(body)),
      },
    };
  } finally {
    await agenda.stop(false).catch(() => undefined);
    await backend.notificationChannel?.disconnect().catch(() => undefined);
    await shared?.close().catch(() => undefined);
    await services?.transactionRecords.recorder.close().catch(() => undefined);
    await shop.close();
    await database.drop();
  }
}

interface DownloadOutcome {
  variants: number;
  stored: number;
  matched: number;
  seconds: number;
  runs: number;
  rssBeforeMb: number;
  peakRssMb: number;
  tally: Tally;
}

/** The simulator of the download, in a process of its own so the RSS measured is the worker's. */
async function runSimulatorChild(): Promise<void> {
  const variants = Number(process.env.BENCH_SHOPIFY_CHILD_VARIANTS);
  const shop = await startShopifySimulator({ skus: [], costBucket: STANDARD });
  for (let start = 0; start < variants; start += 5) {
    shop.state.addProduct({
      title: `Bench product ${start / 5}`,
      variants: Array.from({ length: Math.min(5, variants - start) }, (_, offset) => ({
        sku: `VAR-${String(start + offset).padStart(6, '0')}`,
        price: String(5 + ((start + offset) % 100)),
        barcode: null,
        stock: (start + offset) % 50,
      })),
    });
  }
  process.send?.({ type: 'ready', url: shop.url } satisfies ChildMessage);
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'stop') void shop.close().then(() => process.exit(0));
  });
}

async function downloadProducts(): Promise<DownloadOutcome> {
  const child = fork(__filename, [], {
    env: { ...process.env, [CHILD_FLAG]: '1', BENCH_SHOPIFY_CHILD_VARIANTS: String(VARIANTS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ChildMessage>((resolve, reject) => {
    child.once('message', (message: ChildMessage) => resolve(message));
    child.once('exit', (code) => reject(new Error(`the simulator process stopped (${code})`)));
  });
  const database = await createTestDatabase('mysql', 'bench_shopify_products');
  let shared: ReturnType<typeof createSharedRateBudget> | undefined;
  let services: Services | undefined;
  try {
    services = await servicesOn(database, noJobs);
    const company = await createCompany(services, { name: 'Bench', stores: ['Bench store'] });
    const store = company.stores[0]!;
    const half = Array.from(
      { length: Math.ceil(VARIANTS / 2) },
      (_, index) => `VAR-${String(index * 2).padStart(6, '0')}`,
    );
    await products(services, store, half, () => 100);
    const channel = await shopifyChannel(services, store, ready.url, {
      download_products: true,
      add_to_products: true,
      set_initial_stock_levels: true,
    });
    shared = createSharedRateBudget({ store: { kind: 'sql', sequelize: database.sequelize } });
    const { budget, tally } = counted(shared);
    const context = {
      services,
      logger: silent,
      sync: createSyncRuntime({
        services,
        recorder: services.transactionRecords.recorder,
        budget,
        allowedOrigins: [new URL(ready.url).origin],
      }),
    };
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const started = performance.now();
    let runs = 0;
    // The first run starts the bulk operation; the worker comes back (a re-queued job) until it is read.
    for (;;) {
      runs += 1;
      await getProductsJob.handler({ channelId: channel.id }, context);
      const state = await services.models.ChannelSyncState.findByPk(channel.id);
      if (state?.products_downloaded_at) break;
      if (performance.now() - started > TIMEOUT_MS) throw new Error('the download did not finish');
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const stored = await services.models.ChannelProduct.count({ where: { channel_id: channel.id } });
    const matched = await services.models.ChannelProduct.count({
      where: { channel_id: channel.id, product_id: { [Op.ne]: null } },
    });
    return {
      variants: VARIANTS,
      stored,
      matched,
      seconds,
      runs,
      rssBeforeMb: rssBefore / 1024 / 1024,
      peakRssMb: peak / 1024 / 1024,
      tally: { ...tally },
    };
  } finally {
    await shared?.close().catch(() => undefined);
    await services?.transactionRecords.recorder.close().catch(() => undefined);
    child.send({ type: 'stop' });
    await database.drop();
  }
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  console.log(
    `Shopify GraphQL bench: ${ORDERS} orders, ${SKUS} SKUs, ${VARIANTS} variants (BENCH_SCALE ${SCALE}); ` +
      `load average ${load()}`,
  );
  const figures: BenchFigure[] = [];
  const size = (count: number) => (count >= 1000 ? `${Math.round(count / 1000)}k` : String(count));

  // The download runs first: its peak RSS is then the worker's, not what the other parts left behind.
  if (PARTS.has('3')) {
    console.log(`3. product download of ${VARIANTS} variants (bulk operation)…`);
    const download = await downloadProducts();
    console.table([
      {
        case: `download ${download.variants} variants`,
        stored: download.stored,
        matched: download.matched,
        seconds: download.seconds.toFixed(1),
        'variants/s': Math.round(download.stored / download.seconds),
        'job runs': download.runs,
        'Admin API points': Math.round(download.tally.points),
        'RSS before (MB)': Math.round(download.rssBeforeMb),
        'peak RSS (MB)': Math.round(download.peakRssMb),
        [`target ≤ ${RSS_TARGET_MB} MB`]: download.peakRssMb <= RSS_TARGET_MB ? 'met' : 'MISSED',
      },
    ]);
    console.log(
      `  peak RSS: this process (the worker) sampled every 100 ms, the simulator in a child; load average ${load()}`,
    );
    if (download.stored !== download.variants)
      console.log(`  !!! ${download.stored} of ${download.variants} variants stored`);
    figures.push(
      {
        name: `shopify.products-${size(VARIANTS)}.variants-per-s`,
        value: download.stored / download.seconds,
        unit: 'variants/s',
        higherIsBetter: true,
      },
      {
        name: `shopify.products-${size(VARIANTS)}.peak-rss-mb`,
        value: download.peakRssMb,
        unit: 'MB',
        higherIsBetter: false,
      },
    );
  }
  if (PARTS.has('1')) {
    console.log('1. orders at a Standard shop (100 points/s, 2,000)…');
    const standard = await importOrders('standard');
    console.log('1. orders at opened limits…');
    const opened = await importOrders('opened');
    const orderRows = [standard, opened].map((outcome) => {
      const perOrder = outcome.tally.points / Math.max(1, outcome.stored);
      const limits = outcome.limits === 'standard' ? STANDARD : OPENED;
      // The bucket starts full, then every order waits for its points to come back.
      const allSeconds = Math.max(
        0,
        (outcome.created * perOrder - limits.maximumAvailable) / limits.restoreRate,
      );
      return {
        case: outcome.limits === 'standard' ? 'Standard (100 pts/s, 2,000)' : 'opened (10M bucket)',
        orders: `${outcome.stored} of ${outcome.created}${outcome.complete ? '' : ` (${WINDOW_S} s window)`}`,
        seconds: outcome.seconds.toFixed(1),
        'orders/s': Math.round(outcome.stored / outcome.seconds),
        'points/order': perOrder.toFixed(1),
        'order pages': outcome.pages,
        'ms/page': Math.round((outcome.seconds * 1000) / Math.max(1, outcome.pages)),
        throttled: outcome.tally.throttled,
        // Once the first 2,000 points are spent, the restore rate alone sets the pace.
        'bucket-bound orders/s':
          outcome.limits === 'standard' ? (limits.restoreRate / perOrder).toFixed(1) : '—',
        [`all ${outcome.created} at this bucket`]:
          outcome.limits === 'standard' ? `≈ ${Math.round(allSeconds)} s` : '—',
      };
    });
    console.table(orderRows);
    const standardPerOrder = standard.tally.points / Math.max(1, standard.stored);
    figures.push(
      {
        name: `shopify.orders-${size(ORDERS)}.standard.orders-per-s`,
        value: standard.stored / standard.seconds,
        unit: 'orders/s',
        higherIsBetter: true,
      },
      {
        name: `shopify.orders-${size(ORDERS)}.standard.points-per-order`,
        value: standardPerOrder,
        unit: 'points/order',
        higherIsBetter: false,
      },
      {
        name: `shopify.orders-${size(ORDERS)}.opened.orders-per-s`,
        value: opened.stored / opened.seconds,
        unit: 'orders/s',
        higherIsBetter: true,
      },
    );
    const openedRate = opened.stored / opened.seconds;
    console.log(
      `opened limits: ${Math.round(openedRate)} orders/s, target ≥ ${ORDER_TARGET}: ` +
        `${opened.complete && openedRate >= ORDER_TARGET ? 'met' : 'NOT met'}; load average ${load()}`,
    );
  }
  if (PARTS.has('2')) {
    console.log(`2. stock of ${SKUS} SKUs pushed to a Standard shop…`);
    const stock = await pushStock();
    console.table([
      {
        case: `push ${stock.skus} SKUs`,
        seconds: stock.seconds.toFixed(1),
        calls: total(stock.calls),
        'points spent': Math.round(stock.tally.points),
        throttled: stock.tally.throttled,
        synced: stock.synced,
        'wrong at shop': stock.wrongAtShop,
        [`target ≤ ${PUSH_TARGET_S} s`]: stock.seconds <= PUSH_TARGET_S ? 'met' : 'MISSED',
      },
      {
        case: 'one changed at the shop, pushed again',
        seconds: '',
        calls: total(stock.stale.calls),
        'points spent': '',
        throttled: '',
        synced: '',
        'wrong at shop': stock.stale.final === stock.stale.ours ? 0 : 1,
        [`target ≤ ${PUSH_TARGET_S} s`]: '',
      },
    ]);
    console.log(`  calls of the push: ${listed(stock.calls)}`);
    console.log(
      `  second push: ${listed(stock.stale.calls)}; the shop had ${stock.stale.shopHad}, we sent ` +
        `${stock.stale.ours}, the shop has ${stock.stale.final}; compare-and-swap ` +
        `${stock.stale.changeFromSent ? 'used (changeFromQuantity sent)' : 'NOT used: the push sent changeFromQuantity null'}`,
    );
    console.log(
      `  compare-and-swap at the connector (lastKnownQuantity given, ids known), 100 SKUs, one changed ` +
        `at the shop: ${listed(stock.swap.calls)}; the changed one ends at ${stock.swap.final} ` +
        `(ours ${stock.swap.ours}), ${stock.swap.others} of the other 99 wrong`,
    );
    console.log(`  load average ${load()}`);
    figures.push(
      {
        name: `shopify.stock-push-${size(SKUS)}.standard.seconds`,
        value: stock.seconds,
        unit: 's',
        higherIsBetter: false,
      },
      {
        name: `shopify.stock-push-${size(SKUS)}.standard.calls`,
        value: total(stock.calls),
        unit: 'calls',
        higherIsBetter: false,
      },
    );
  }
  reportFigures('shopify', figures);
  console.log(
    `whole bench ${((performance.now() - benchStarted) / 1000).toFixed(0)} s; load average ${load()}`,
  );
  // Agenda's per-run watch timers would otherwise hold the process for minutes.
  process.exit(0);
}

(process.env[CHILD_FLAG] === '1' ? runSimulatorChild() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
