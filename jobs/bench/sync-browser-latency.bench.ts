/**
 * Order created at the simulator → its row visible in an open browser page (issue 11's benchmark):
 * the product as `npm start` runs it (`server/src/main.ts` in a child process serving the production
 * build, embedded SQLite, the demo seeded with its simulators in the process, their own traffic
 * off), and a headless Chromium signed in as the demo seller with the demo store's orders page
 * open. This process creates ORDERS orders at the demo's Shopify simulator (its control endpoint,
 * as e2e/sync.e2e.ts does) one every 0.5–1.5 s, and a MutationObserver in the page notes when a row
 * with each order's customer first shows; both times are this machine's wall clock.
 *
 * 1. Webhooks on (the demo as it is): Shopify's orders/create webhook → our route → the inbox run
 *    imports the body → orders:changed → the page refetches its list.
 * 2. Polling only: the shop's webhook subscriptions removed (as a merchant would in the shop's
 *    admin) and the channel's get_orders interval set to POLL_INTERVAL_S (30 s, the shortest the
 *    product allows a seller).
 *
 * Targets: webhook p95 < 1 s; polling p95 < interval + 1 s. Needs the build (`npm run build`; built
 * here when missing). Run with `npx tsx jobs/bench/sync-browser-latency.bench.ts` (part of
 * `npm run bench:sync`; about 5 minutes). BENCH_BROWSER_ORDERS and BENCH_POLL_INTERVAL_S change the run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { MIN_INTERVAL_S } from '@syncdesk/api';
import { freePort, latencyRow, reportLatencies } from '../../scripts/bench/measure';

const ORDERS = Number(process.env.BENCH_BROWSER_ORDERS ?? 100);
/** The shortest interval the product lets a seller choose (MIN_INTERVAL_S): a shorter one is raised to it. */
const POLL_INTERVAL_S = Math.max(MIN_INTERVAL_S, Number(process.env.BENCH_POLL_INTERVAL_S ?? MIN_INTERVAL_S));
const MIN_GAP_MS = 500;
const MAX_GAP_MS = 1500;
/** An order not on the page this long after its creation counts as lost (the run fails). */
const GIVE_UP_MS = 60_000;
const ROOT = path.resolve(__dirname, '..', '..');
const DEMO_SELLER = { email: 'seller@demo.test', password: 'demo-seller-1' };
const STORE = 'Acme UK';
const SHOPIFY = 'Acme Shopify';
/** A seeded product of the demo store (e2e/sync.e2e.ts's live order takes it too). */
const SKU = 'TEA-EG-100';
/** As playwright.config.ts launches it. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The product as `npm run serve` starts it, on a free port and a data folder of its own. */
async function startApp(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncdesk-bench-browser-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DEMO_SEED: 'on',
      DEMO_SIMULATORS: 'on',
      DEMO_TRAFFIC: 'off',
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before it was up`))),
  );
  exited.catch(() => undefined);
  await Promise.race([
    waitFor('the app', async () => (await fetch(`${url}/api/health`)).ok, 120_000),
    exited,
  ]);
  return { url, child, dataDir };
}

interface Demo {
  storeId: number;
  channelId: number;
  shopUrl: string;
  headers: Record<string, string>;
}

async function json(response: Response): Promise<{ data?: unknown } & Record<string, unknown>> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data?: unknown } & Record<string, unknown>;
}

/** The demo store and its Shopify channel, read through our api as the seller. */
async function demoOf(url: string): Promise<Demo> {
  const signedIn = await json(
    await fetch(`${url}/api/auth/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_SELLER),
    }),
  );
  const headers = { authorization: `Bearer ${(signedIn.data as { token: string }).token}` };
  const me = (await json(await fetch(`${url}/api/me`, { method: 'POST', headers }))).data as {
    stores: { id: number; name: string }[];
  };
  const store = me.stores.find((candidate) => candidate.name === STORE);
  if (!store) throw new Error(`the demo store ${STORE} is missing`);
  const channels = (
    await json(await fetch(`${url}/api/stores/${store.id}/channels?per_page=100`, { headers }))
  ).data as { id: number; name: string }[];
  const channel = channels.find((candidate) => candidate.name === SHOPIFY);
  if (!channel) throw new Error(`the demo channel ${SHOPIFY} is missing`);
  const shown = (await json(await fetch(`${url}/api/stores/${store.id}/channels/${channel.id}`, { headers })))
    .data as { settings: { shop_url: string } };
  return { storeId: store.id, channelId: channel.id, shopUrl: shown.settings.shop_url, headers };
}

/** What the bench reads back from the page. */
interface PageGlobals {
  benchSeen?: Record<string, { at: number; text: string }>;
}

/**
 * Runs in the page: every row's unique customer tag (W…x12y) and when it first showed, wall clock.
 * Plain JavaScript text: tsx's transform would add helpers the page does not have.
 */
const observerScript = (tagPattern: string) => `(() => {
  const seen = {};
  const pattern = new RegExp(${JSON.stringify(tagPattern)}, 'g');
  const scan = () => {
    const at = performance.timeOrigin + performance.now();
    for (const row of document.querySelectorAll('tr')) {
      const text = row.textContent || '';
      for (const match of text.match(pattern) || []) if (!seen[match]) seen[match] = { at, text };
    }
  };
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
  scan();
  globalThis.benchSeen = seen;
})()`;

async function openOrdersPage(
  url: string,
  demo: Demo,
  tagPattern: string,
  options: { perPage100: boolean },
): Promise<Page> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  // Signed in through the form, as the seller would (e2e/sign-in.ts).
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(DEMO_SELLER.email);
  await page.getByLabel('Password').fill(DEMO_SELLER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('top-bar-user').waitFor({ timeout: 60_000 });
  await page.goto(`${url}/orders/${demo.storeId}`);
  await page.getByPlaceholder('Search by order number, customer or SKU').waitFor({ timeout: 60_000 });
  await page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1).waitFor({ timeout: 60_000 });
  // Polling: 100 a page, chosen as the seller would: a poll brings up to 30 orders at once, and on
  // the default 25 a page the oldest of them would never show on the first one.
  if (options.perPage100) await choose100PerPage(page);
  await page.evaluate(observerScript(tagPattern));
  return page;
}

async function choose100PerPage(page: Page): Promise<void> {
  const reloaded = page.waitForResponse((response) =>
    /\/api\/orders\/\d+\?.*per_page=100/.test(response.url()),
  );
  await page.locator('.ant-pagination-options .ant-select').first().click();
  await page.getByTitle('100 / page').click();
  await reloaded;
}

interface Placed {
  tag: string;
  orderNumber: string;
  createdAt: number;
}

/** Creates the orders at the shop at random gaps; answers each one's tag, number and creation time. */
async function placeOrders(demo: Demo, tagPrefix: string): Promise<Placed[]> {
  const placed: Placed[] = [];
  for (let index = 0; index < ORDERS; index += 1) {
    await sleep(MIN_GAP_MS + Math.random() * (MAX_GAP_MS - MIN_GAP_MS));
    const tag = `${tagPrefix}x${index}y`;
    // Taken before the request: the shop makes the order (and sends its webhook) while answering.
    const createdAt = Date.now();
    const created = await json(
      await fetch(`${demo.shopUrl}/__simulator/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lines: [{ sku: SKU, quantity: 1 }],
          first_name: 'Bench',
          last_name: tag,
          financial_status: 'paid',
        }),
      }),
    );
    const order = created.order as { order_number: number };
    placed.push({ tag, orderNumber: String(order.order_number), createdAt });
  }
  return placed;
}

/** Each order's creation → its row on the page, in ms, sorted. */
async function latencies(page: Page, placed: Placed[]): Promise<number[]> {
  const seenOf = () => page.evaluate(() => (globalThis as unknown as PageGlobals).benchSeen ?? {});
  const last = placed[placed.length - 1]!;
  const allSeen = async () => {
    const seen = await seenOf();
    return placed.every((order) => seen[order.tag] !== undefined);
  };
  await waitFor('every order on the page', allSeen, last.createdAt + GIVE_UP_MS - Date.now()).catch(
    async (error: unknown) => {
      const seen = await seenOf();
      const missing = placed.filter((order) => !seen[order.tag]).map((order) => order.orderNumber);
      throw new Error(`${String(error)}; not on the page: ${missing.join(', ')}`);
    },
  );
  const seen = await seenOf();
  return placed
    .map((order) => {
      const row = seen[order.tag]!;
      // The row found by its customer is the order's row: it shows the order's number too.
      if (!row.text.includes(order.orderNumber)) throw new Error(`the row of ${order.tag} lacks its number`);
      return row.at - order.createdAt;
    })
    .sort((left, right) => left - right);
}

/** Removes the shop's webhook subscriptions through the shop's own Admin API (as the merchant would). */
async function removeShopWebhooks(shopUrl: string): Promise<void> {
  const state = await json(await fetch(`${shopUrl}/__simulator/webhooks`));
  const subscriptions = state.subscriptions as { id: number; api_version: string }[];
  for (const subscription of subscriptions) {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(
        `${shopUrl}/admin/api/${subscription.api_version}/webhooks/${subscription.id}.json`,
        { method: 'DELETE', headers: { 'x-shopify-access-token': SHOPIFY_ACCESS_TOKEN } },
      );
      if (response.ok) break;
      // The app's own calls (stock, fulfilments of the orders just made) share the shop's bucket.
      if (response.status !== 429 || attempt >= 20) {
        throw new Error(`removing webhook ${subscription.id}: ${response.status}`);
      }
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
    }
  }
}

/** The demo's Shopify simulator takes the simulator's default offline token. */
const SHOPIFY_ACCESS_TOKEN = 'shpat_simulated_offline_access_token';

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
    process.stdout.write('building the front end (npm run build)…\n');
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }
  const startedAt = Date.now();
  const app = await startApp();
  const rows: Record<string, string | number>[] = [];
  const browsers: Page[] = [];
  try {
    const demo = await demoOf(app.url);
    const run = Date.now().toString(36).toUpperCase();

    // 1. Webhooks on: the demo as `npm start` runs it.
    await waitFor(
      'the shop webhook subscriptions',
      async () =>
        ((await json(await fetch(`${demo.shopUrl}/__simulator/webhooks`))).subscriptions as []).length > 0,
      60_000,
    );
    const webhookTag = `W${run}`;
    const webhookPage = await openOrdersPage(app.url, demo, `${webhookTag}x\\d+y`, { perPage100: false });
    browsers.push(webhookPage);
    process.stdout.write(`${ORDERS} orders with the Shopify webhook…\n`);
    const webhook = await latencies(webhookPage, await placeOrders(demo, webhookTag));
    rows.push(latencyRow('order → browser, Shopify webhook', webhook, 1000));
    console.table(rows);
    await webhookPage.context().browser()?.close();

    // 2. Polling only: the interval first (saving settings may subscribe again), then the webhooks go.
    const saved = await fetch(`${app.url}/api/stores/${demo.storeId}/channels/${demo.channelId}`, {
      method: 'PUT',
      headers: { ...demo.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ get_orders_interval: POLL_INTERVAL_S, use_default_get_orders_interval: false }),
    });
    await json(saved);
    await sleep(2000);
    await removeShopWebhooks(demo.shopUrl);
    const deliveriesBefore = (
      (await json(await fetch(`${demo.shopUrl}/__simulator/webhooks`))).deliveries as []
    ).length;
    const pollingTag = `P${run}`;
    const pollingPage = await openOrdersPage(app.url, demo, `${pollingTag}x\\d+y`, { perPage100: true });
    browsers.push(pollingPage);
    process.stdout.write(`${ORDERS} orders by polling every ${POLL_INTERVAL_S} s…\n`);
    const polling = await latencies(pollingPage, await placeOrders(demo, pollingTag));
    const after = await json(await fetch(`${demo.shopUrl}/__simulator/webhooks`));
    if ((after.deliveries as []).length !== deliveriesBefore || (after.subscriptions as []).length > 0) {
      throw new Error('the shop sent webhooks in the polling case: it measured webhooks, not polling');
    }
    rows.push(
      latencyRow(
        `order → browser, polling every ${POLL_INTERVAL_S} s`,
        polling,
        (POLL_INTERVAL_S + 1) * 1000,
      ),
    );

    console.log(
      `\nThe product as \`npm start\` runs it (SQLite, the demo's simulators in its process, traffic off), a` +
        ` headless Chromium on the demo store's orders page; ${ORDERS} orders per case, one every` +
        ` ${MIN_GAP_MS / 1000}–${MAX_GAP_MS / 1000} s. Time = the order's creation at the shop → a` +
        ` row with its customer and number in the page (MutationObserver); 25 orders a page with` +
        ` webhooks (the default), 100 when polling. Run took ${Math.round((Date.now() - startedAt) / 1000)} s,` +
        ` load average ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}.`,
    );
    console.table(rows);
    reportLatencies('sync', 'sync.browser', rows);
  } finally {
    for (const page of browsers)
      await page
        .context()
        .browser()
        ?.close()
        .catch(() => undefined);
    app.child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (app.child.exitCode !== null) resolve(null);
      else app.child.once('exit', resolve);
    });
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
