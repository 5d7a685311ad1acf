/**
 * How long the sync engine takes to carry one change across, against a real process of the product
 * (HTTP, Socket.IO, Agenda on MySQL with the notification channel, the shared rate budget and the
 * transaction records, as server/src/runtime.ts wires them) and Shopify simulators in this process:
 *
 * 1. An order created at the shop → its `orders:changed` reaches an open page's Socket.IO client
 *    (signed in as the store's owner, as the browser is): with the shop's orders/create webhook,
 *    and with polling only (no webhook; get_orders every POLL_INTERVAL_S seconds).
 * 2. A stock change in Syncdesk → the shop holds the new quantity (submit_inventory, inventory
 *    levels set, within the spec's update_stock budget and the shop's own leaky bucket).
 *
 * What is measured is the Socket.IO event's arrival, not a browser's repaint: the built front end
 * is not part of this run (the order list refetches on that event, one more request on top).
 * Polled orders come at random gaps (0–1 s), so they land anywhere in a poll cycle; webhook orders
 * one every 3.2–4 s (see WEBHOOK_ORDERS). Each case has its own
 * simulator and store. Run with `npm run bench:sync` (part of `npm run bench`).
 * Targets: webhook p95 < 1 s; polling p95 < interval + 1 s; stock p95 < 2 s.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { JOB_NAMES, PRODUCT_SYNC_STATUS, type OrdersChangedEvent } from '@syncdesk/contracts';
import { isRecurringJobScheduler, writeChannelCredentials, type Services } from '@syncdesk/api';
import { createCompany, createTestDatabase } from '@syncdesk/api/testing';
import { connected, startTestProcess } from '@syncdesk/server/testing';
import {
  SHOPIFY_SIMULATOR_DEFAULTS,
  startShopifySimulator,
  type ShopifySimulator,
} from '@syncdesk/integrations';
import { demoOAuthProviders } from '@syncdesk/server';
import { SIMULATOR_CREDENTIALS } from '@syncdesk/integrations';
import { freePort, latencyRow, reportLatencies } from '../../scripts/bench/measure';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100);
/**
 * Webhooks fill the channel's inbox and one download at a time takes everything in it, but every
 * download is a get_orders call, and the spec's budget is 10 per 30 s per channel: a shop taking
 * more than one order every 3 s waits for budget. The case keeps to that pace (one order every
 * 3.2–4 s); `BENCH_WEBHOOK_GAP_MS` sets another (docs/benchmarks.md gives the figures at one a second).
 */
const WEBHOOK_ORDERS = Number(process.env.BENCH_WEBHOOK_ORDERS ?? 40);
const WEBHOOK_GAP_MS = Number(process.env.BENCH_WEBHOOK_GAP_MS ?? 3200);
const STOCK_CHANGES = Number(process.env.BENCH_STOCK_CHANGES ?? 50);
/** Shorter than the product allows a seller (30 s), so the case fits in a minute. */
const POLL_INTERVAL_S = Number(process.env.BENCH_POLL_INTERVAL_S ?? 5);
const SKUS = ['MUG-ENAMEL', 'TOTE-CANVAS', 'CAP-NAVY', 'SOCKS-WOOL', 'TSHIRT-BLK-M'];
const INITIAL_STOCK = 30;
const SYNCED = PRODUCT_SYNC_STATUS.byKey('synced').value;
const WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = WAIT_MS) {
  const until = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

async function shopifyChannel(
  services: Services,
  store: { id: number; company_id: number },
  shop: ShopifySimulator,
  settings: Record<string, unknown> = {},
) {
  const uuid = randomUUID();
  return services.models.Channel.create({
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
      services.credentials,
      { uuid },
      { oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken } },
    ),
    authorized_at: new Date(),
    token_expires_at: null,
  });
}

interface Arrival {
  at: number;
  event: OrdersChangedEvent;
}

/** Creates ORDERS orders at the shop at random gaps; answers each one's creation → first event, in ms. */
async function orderLatencies(
  services: Services,
  shop: ShopifySimulator,
  channelId: number,
  arrivals: Arrival[],
  pace: { orders: number; gapMs: () => number },
): Promise<number[]> {
  const created = new Map<string, number>();
  for (let index = 0; index < pace.orders; index += 1) {
    await sleep(pace.gapMs());
    const order = shop.state.createOrder();
    created.set(String(order.id), performance.now());
  }
  const countStored = () => services.models.Order.count({ where: { channel_id: channelId } });
  await waitFor('every order stored', async () => (await countStored()) >= pace.orders, WAIT_MS).catch(
    async (error: unknown) => {
      const deliveries = shop.state.deliveries();
      console.error({ stored: await countStored(), deliveries: deliveries.length, last: deliveries.at(-1) });
      throw error;
    },
  );
  // The event follows the import's commit; give the last ones a moment to arrive.
  await sleep(500);
  const stored = await services.models.Order.findAll({
    where: { channel_id: channelId },
    attributes: ['id', 'remote_id'],
  });
  const latencies: number[] = [];
  for (const order of stored) {
    const createdAt = created.get(String(order.remote_id));
    if (createdAt === undefined) continue;
    const arrival = arrivals.find(
      (entry) => entry.at >= createdAt && entry.event.orderIds.includes(order.id),
    );
    if (!arrival) throw new Error(`no orders:changed for order ${order.remote_id}`);
    latencies.push(arrival.at - createdAt);
  }
  return latencies.sort((left, right) => left - right);
}

async function main(): Promise<void> {
  const database = await createTestDatabase('mysql', 'bench_sync_latency');
  const port = await freePort();
  const shops = {
    webhook: await startShopifySimulator({ skus: SKUS, initialStock: 1_000_000 }),
    polling: await startShopifySimulator({ skus: SKUS, initialStock: 1_000_000 }),
    stock: await startShopifySimulator({ skus: SKUS, initialStock: INITIAL_STOCK }),
  };
  const server = await startTestProcess(database.url, {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    // The simulators are on 127.0.0.1, as the shop's webhooks come to us.
    OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
    // The bench's shop runs with the simulator's own test credentials.
    OAUTH_PROVIDERS_JSON: demoOAuthProviders(undefined, SIMULATOR_CREDENTIALS.shopify),
    // What a deployment runs with, not the tests' quick settings.
    JOBS_PROCESS_EVERY_MS: '1000',
    JOBS_LOCK_LIFETIME_MS: String(10 * 60_000),
    DEMO_SEED: 'false',
    DEMO_SIMULATORS: 'false',
  });
  const rows: Record<string, string | number>[] = [];
  try {
    const { services } = server;
    const company = await createCompany(services, {
      name: 'Bench',
      stores: ['Webhook store', 'Polling store', 'Stock store'],
    });
    const [webhookStore, pollingStore, stockStore] = company.stores as [
      (typeof company.stores)[0],
      (typeof company.stores)[0],
      (typeof company.stores)[0],
    ];
    const arrivals: Arrival[] = [];
    const socket = server.connect(await company.tokenFor(company.owner));
    socket.on('orders:changed', (event: OrdersChangedEvent) =>
      arrivals.push({ at: performance.now(), event }),
    );
    await connected(socket);

    // 1a. Webhook: the channel is switched on as the api does it (recurring get_orders + subscription).
    process.stdout.write('orders with the webhook…\n');
    const webhookChannel = await shopifyChannel(services, webhookStore, shops.webhook);
    await services.channelJobs!.activated(webhookChannel);
    await waitFor('the webhook subscription', () => shops.webhook.state.webhooks().length > 0);
    // The first scheduled download runs at once; let it finish so it is not counted.
    await waitFor('the first download', async () => {
      const state = await services.models.Channel.findByPk(webhookChannel.id);
      return Array.isArray(state?.settings._webhook_ids);
    });
    await sleep(2000);
    const webhook = await orderLatencies(services, shops.webhook, webhookChannel.id, arrivals, {
      orders: WEBHOOK_ORDERS,
      gapMs: () => WEBHOOK_GAP_MS + Math.random() * (WEBHOOK_GAP_MS / 4),
    });
    rows.push(
      latencyRow(
        `order → page, Shopify webhook (1 order / ${WEBHOOK_GAP_MS / 1000}–${(WEBHOOK_GAP_MS * 1.25) / 1000} s)`,
        webhook,
        '< 1,000',
      ),
    );

    // 1b. Polling only: no webhook subscribed, get_orders every POLL_INTERVAL_S.
    process.stdout.write(`orders by polling every ${POLL_INTERVAL_S} s…\n`);
    const pollingChannel = await shopifyChannel(services, pollingStore, shops.polling);
    if (!isRecurringJobScheduler(services.jobs)) throw new Error('the job scheduler cannot repeat jobs');
    await services.jobs.every(JOB_NAMES.getOrders, { channelId: pollingChannel.id }, POLL_INTERVAL_S, {
      channelId: pollingChannel.id,
      recurring: true,
    });
    const polling = await orderLatencies(services, shops.polling, pollingChannel.id, arrivals, {
      orders: ORDERS,
      gapMs: () => Math.random() * 1000,
    });
    rows.push(
      latencyRow(
        `order → page, polling every ${POLL_INTERVAL_S} s (1 order / 0–1 s)`,
        polling,
        `< ${POLL_INTERVAL_S + 1},000`,
      ),
    );

    // 2. Stock: each listing starts in step with the shop; every change must reach it.
    process.stdout.write('stock changes…\n');
    const stockChannel = await shopifyChannel(services, stockStore, shops.stock, {
      auto_sync_stock: true,
      push_stock_levels: true,
      // Only this case's own orders would be downloaded; there are none.
      use_default_get_orders_interval: true,
    });
    const products = [];
    for (const sku of SKUS) {
      const owned = { company_id: stockStore.company_id, store_id: stockStore.id };
      const product = await services.models.Product.create({
        ...owned,
        uuid: randomUUID(),
        sku,
        title: sku,
        quantity: INITIAL_STOCK,
        nominal_code: null,
        barcode: null,
        price: null,
      });
      await services.models.ChannelProduct.create({
        ...owned,
        uuid: randomUUID(),
        channel_id: stockChannel.id,
        channel_product_id: `gid-${sku}`,
        sku,
        remote_sku: null,
        title: sku,
        quantity: INITIAL_STOCK,
        price: null,
        product_id: product.id,
        matched_sku: sku,
        sync_status: SYNCED,
        pushed_quantity: INITIAL_STOCK,
      });
      products.push(product);
    }
    const stockLatencies: number[] = [];
    for (let index = 0; index < STOCK_CHANGES; index += 1) {
      await sleep(300 + Math.random() * 700);
      const product = products[index % products.length]!;
      const quantity = INITIAL_STOCK + 1 + index;
      const changedAt = performance.now();
      await services.stock.apply(null, stockStore.id, [
        { productId: product.id, setTo: quantity, reason: 'correction' },
      ]);
      await waitFor(
        `${product.sku} = ${quantity} at the shop`,
        () => shops.stock.state.stock()[product.sku] === quantity,
      );
      stockLatencies.push(performance.now() - changedAt);
    }
    stockLatencies.sort((left, right) => left - right);
    rows.push(latencyRow('stock change → shop holds it', stockLatencies, '< 2,000'));

    console.log(
      '\nReal process (MySQL, Agenda with the in-process notification channel, JOBS_PROCESS_EVERY_MS 1000),' +
        ' Shopify simulators with their default leaky bucket (40, 2/s). "Page" = the orders:changed' +
        ' Socket.IO event at a signed-in client.',
    );
    console.table(rows);
    reportLatencies('sync', 'sync.latency', rows);
  } finally {
    await server.close();
    await Promise.all(Object.values(shops).map((shop) => shop.close()));
    await database.drop();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
