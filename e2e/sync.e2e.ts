import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SYNC_SERVER_URL } from '../playwright.config';
import { DEMO, signIn } from './sign-in';

/**
 * The sync engine end to end, on the live demo (playwright.config.ts): the Shopify, Mirakl and WMS
 * simulators run inside the server with their own traffic off, so every order here is one this
 * file created through a simulator's control endpoint. Acme UK sells through "Acme Shopify" (order
 * webhooks) and "Acme Decathlon" (Mirakl, every product listed), and "Acme Warehouse" (the WMS)
 * ships the orders it is sent a few seconds later.
 */

const STORE = 'Acme UK';
const SHOPIFY = 'Acme Shopify';
const DECATHLON = 'Acme Decathlon';
// Seeded demo products, one per test so no test moves another's stock.
const SKU = {
  liveOrder: 'TEA-EG-100',
  stock: 'TEA-DRJ-100',
  fulfilment: 'MUG-ENM-300-NVY',
  retry: 'NTB-A5-DOT-BLK',
} as const;

interface Connection {
  id: number;
  name: string;
  /** The simulator this channel talks to (the demo points the channel's shop_url at it). */
  url: string;
}

interface Demo {
  storeId: number;
  shopify: Connection;
  decathlon: Connection;
  headers: Record<string, string>;
}

/** Reads the demo store and its two simulated channels through our api, signed in as the seller. */
async function demo(request: APIRequestContext): Promise<Demo> {
  const signedIn = await request.post(`${SYNC_SERVER_URL}/api/auth/signIn`, {
    data: { email: DEMO.seller.email, password: DEMO.seller.password },
  });
  expect(signedIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await signedIn.json()).data.token}` };
  const me = (await (await request.post(`${SYNC_SERVER_URL}/api/me`, { headers })).json()).data;
  const store = (me.stores as { id: number; name: string }[]).find((candidate) => candidate.name === STORE);
  expect(store).toBeTruthy();
  const channel = async (name: string): Promise<Connection> => {
    const list = await request.get(`${SYNC_SERVER_URL}/api/stores/${store!.id}/channels?per_page=100`, {
      headers,
    });
    expect(list.status()).toBe(200);
    const found = ((await list.json()).data as { id: number; name: string }[]).find(
      (candidate) => candidate.name === name,
    );
    expect(found).toBeTruthy();
    const shown = await request.get(`${SYNC_SERVER_URL}/api/stores/${store!.id}/channels/${found!.id}`, {
      headers,
    });
    const settings = (await shown.json()).data.settings as { shop_url: string };
    return { id: found!.id, name, url: settings.shop_url };
  };
  return {
    storeId: store!.id,
    shopify: await channel(SHOPIFY),
    decathlon: await channel(DECATHLON),
    headers,
  };
}

/**
 * Holds new orders of the Shopify channel (its "auto hold orders" setting), or stops holding them.
 * Held orders are not sent to the warehouse, which would otherwise ship them itself within seconds
 * and leave nothing for the seller to fulfil by hand.
 */
async function holdNewShopifyOrders(request: APIRequestContext, shop: Demo, hold: boolean): Promise<void> {
  const saved = await request.put(
    `${SYNC_SERVER_URL}/api/stores/${shop.storeId}/channels/${shop.shopify.id}`,
    {
      headers: shop.headers,
      data: { auto_hold_orders: hold },
    },
  );
  expect(saved.status()).toBe(200);
}

interface SimulatedOrder {
  id: number;
  order_number: number;
}

/** A customer buys at the Shopify simulator (its control endpoint: the shop sends the webhook). */
async function orderAtShopify(
  request: APIRequestContext,
  shop: Demo,
  sku: string,
  quantity: number,
  lastName: string,
): Promise<SimulatedOrder> {
  const created = await request.post(`${shop.shopify.url}/__simulator/orders`, {
    data: { lines: [{ sku, quantity }], first_name: 'Sync', last_name: lastName, financial_status: 'paid' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).order as SimulatedOrder;
}

/** Our id of an order the Shopify channel imported (waits for the import). */
async function importedOrderId(request: APIRequestContext, shop: Demo, remote: SimulatedOrder) {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const found = await request.get(
          `${SYNC_SERVER_URL}/api/orders/${shop.storeId}?per_page=20&search=${remote.order_number}`,
          { headers: shop.headers },
        );
        const rows = (await found.json()).data as { id: number; remote_id: string }[];
        id = rows.find((row) => row.remote_id === String(remote.id))?.id;
        return id;
      },
      { timeout: 60_000, message: `order ${remote.id} imported` },
    )
    .toBeDefined();
  return id!;
}

interface ShopifyCall {
  method: string;
  path: string;
  status: number | null;
  body: {
    query?: string;
    variables?: { fulfillment?: { trackingInfo?: { number?: string; company?: string } } };
  } | null;
}

/**
 * The fulfilments the Shopify simulator was asked to create (GraphQL `fulfillmentCreate`) with this
 * tracking number, and how it answered, as it received them.
 */
async function shopifyFulfilments(request: APIRequestContext, shop: Demo, tracking: string) {
  const calls = (await (await request.get(`${shop.shopify.url}/__simulator/calls`)).json())
    .calls as ShopifyCall[];
  return calls
    .filter(
      (call) =>
        call.path.endsWith('/graphql.json') &&
        /\bfulfillmentCreate\b/.test(call.body?.query ?? '') &&
        call.body?.variables?.fulfillment?.trackingInfo?.number === tracking,
    )
    .map((call) => ({
      status: call.status,
      courier: call.body?.variables?.fulfillment?.trackingInfo?.company,
    }));
}

/** Opens the demo store's orders through the navigation, as a person would. */
async function openStoreOrders(page: Page): Promise<void> {
  await page.getByTestId('side-navigation').getByRole('link', { name: 'Orders', exact: true }).click();
  const stores = page.getByRole('list', { name: 'Stores' });
  const search = page.getByPlaceholder('Search by order number, customer or SKU');
  await expect(stores.or(search)).toBeVisible();
  if (await stores.isVisible()) await stores.getByRole('link', { name: STORE }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(search).toBeVisible();
}

/** The value of a labelled item of a details card. */
function detail(scope: Page | Locator, label: string): Locator {
  return scope
    .locator('.ant-descriptions-item')
    .filter({ has: scope.getByText(label, { exact: true }) })
    .locator('.ant-descriptions-item-content');
}

/** Creates a fulfilment on the order's page through its dialog, as the seller would. */
async function fulfilOnOrderPage(page: Page, courier: string, tracking: string): Promise<void> {
  await page.getByRole('button', { name: 'Create fulfilment' }).click();
  const dialog = page.getByRole('dialog', { name: /^Create fulfilment for / });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Courier').fill(courier);
  await dialog.getByLabel('Tracking code').fill(tracking);
  await dialog.getByRole('button', { name: 'Create fulfilment' }).click();
  await expect(page.getByText('The fulfilment was created.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The fulfilments table's row of a tracking code. */
function fulfilmentRow(page: Page, tracking: string): Locator {
  return page.getByRole('table', { name: 'Fulfilments' }).getByRole('row').filter({ hasText: tracking });
}

/** A unique word for this run, so rows of an earlier run (CI retries) are never taken for ours. */
const stamp = () => Date.now().toString(36).toUpperCase();

test('an order placed at Shopify appears in the open orders list without reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const shop = await demo(request);
  await holdNewShopifyOrders(request, shop, false);
  await signIn(page, DEMO.seller, SYNC_SERVER_URL);
  await openStoreOrders(page);
  // Proof that the page is never reloaded: a reload would drop this.
  await page.evaluate(() => {
    (globalThis as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
  });

  const customer = `Live ${stamp()}`;
  const placed = await orderAtShopify(request, shop, SKU.liveOrder, 1, customer);

  // The shop's webhook, the import and the live event: the row shows up on the open first page.
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: customer });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('link', { name: String(placed.order_number), exact: true })).toBeVisible();
  await expect(row).toContainText(SHOPIFY);
  expect(
    await page.evaluate(() => (globalThis as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
  ).toBe(true);
});

test('a fulfilment with tracking made on the order page reaches Shopify', async ({ page, request }) => {
  test.setTimeout(120_000);
  const shop = await demo(request);
  await holdNewShopifyOrders(request, shop, true);
  const placed = await orderAtShopify(request, shop, SKU.fulfilment, 1, `Fulfil ${stamp()}`);
  const orderId = await importedOrderId(request, shop, placed);

  await signIn(page, DEMO.seller, SYNC_SERVER_URL);
  await page.goto(`${SYNC_SERVER_URL}/orders/${shop.storeId}/${orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: `Order ${placed.order_number}` })).toBeVisible();
  const tracking = `RM${stamp()}GB`;
  await fulfilOnOrderPage(page, 'Royal Mail', tracking);

  await expect(fulfilmentRow(page, tracking)).toContainText('Synced', { timeout: 30_000 });
  await expect
    .poll(() => shopifyFulfilments(request, shop, tracking), { timeout: 30_000 })
    .toEqual([{ status: 200, courier: 'Royal Mail' }]);
});

test('a failed call shows in the transaction records with its explanation, and its retry says how it went', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const shop = await demo(request);
  await holdNewShopifyOrders(request, shop, true);
  const placed = await orderAtShopify(request, shop, SKU.retry, 1, `Retry ${stamp()}`);
  const orderId = await importedOrderId(request, shop, placed);

  // Shopify has an outage on this order's fulfilment orders, the read every fulfilment starts with
  // (only this order's: the warehouse's shipments of other orders go to Shopify meanwhile).
  const orderGid = `gid://shopify/Order/${placed.id}`;
  const outage = await request.post(`${shop.shopify.url}/__simulator/faults`, {
    data: { status: 500, count: 5, body: `SyncdeskFulfillmentOrders[\\s\\S]*"${orderGid}"` },
  });
  expect(outage.status()).toBe(201);
  try {
    await signIn(page, DEMO.seller, SYNC_SERVER_URL);
    await page.goto(`${SYNC_SERVER_URL}/orders/${shop.storeId}/${orderId}`);
    await expect(page.getByRole('heading', { level: 2, name: `Order ${placed.order_number}` })).toBeVisible();
    const tracking = `DPD${stamp()}`;
    await fulfilOnOrderPage(page, 'DPD', tracking);
    await expect(fulfilmentRow(page, tracking)).toContainText('Failed', { timeout: 30_000 });

    // Transaction records › Acme UK › Acme Shopify: the failed call about this order.
    await page.getByTestId('side-navigation').getByRole('link', { name: 'Transaction records' }).click();
    await page.getByRole('combobox', { name: 'Store' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(STORE, { exact: true }).click();
    await page.getByRole('combobox', { name: 'Channel' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(SHOPIFY, { exact: true }).click();
    // The channel makes many calls (stock pushes): the seller looks this order's up. Every GraphQL
    // call has the same address; its record names the operation and what it was about.
    await page.getByRole('searchbox', { name: 'Search url or message' }).fill(orderGid);
    await page.getByRole('searchbox', { name: 'Search url or message' }).press('Enter');
    const failed = page
      .getByRole('table', { name: 'Transaction records' })
      .getByRole('row')
      .filter({ hasText: `SyncdeskFulfillmentOrders:${orderGid}` });
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('Submit fulfilment');
    await expect(failed).toContainText('Failed');
    await expect(failed).toContainText('Shopify answered 500 Internal Server Error');
    await failed.getByRole('link').first().click();

    // Its page explains it in the seller's words.
    await expect(page.getByRole('heading', { level: 2, name: /^Submit fulfilment · / })).toBeVisible();
    await expect(detail(page, 'Status')).toHaveText('Failed');
    const explanation = page.getByRole('alert').filter({ hasText: 'had a problem' });
    await expect(explanation).toContainText(
      'Shopify had a problem on its side (HTTP 500) while sending a shipment and its tracking.',
    );
    await expect(explanation).toContainText(
      'Retry this record later; the provider usually recovers by itself.',
    );
    const failedUrl = page.url();
    const failedId = failedUrl.split('/').pop()!;

    // Shopify recovers; the retry sends the fulfilment again and writes a record linked to this one.
    const recovered = await request.delete(`${shop.shopify.url}/__simulator/faults`);
    expect(recovered.status()).toBe(200);
    await page.getByRole('button', { name: 'Retry' }).click();
    // The outcome, in words: queued at once (out of the failures), then how the new attempt went,
    // which the page hears of live when the worker writes its record.
    await expect(
      page.getByText(
        'Retry queued for 1 record: it has left the failures, and its new attempt will appear in the transaction records, linked to it.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Retried: the new attempt worked.' })).toBeVisible(
      {
        timeout: 60_000,
      },
    );
    await expect(detail(page, 'Status')).toContainText('Retried');
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    const retriedBy = detail(page, 'Retried by').getByRole('link');
    await expect(retriedBy).toBeVisible();
    await retriedBy.click();
    await expect(page).not.toHaveURL(failedUrl);
    await expect(detail(page, 'Status')).toHaveText('Success');
    await expect(detail(page, 'Retry of').getByRole('link')).toHaveText(`Record ${failedId}`);

    // Back in the list, the old record reads as retried, links to its new attempt, and has left
    // the "Failed" filter.
    await page.getByRole('button', { name: 'Back to transaction records' }).click();
    await page.getByRole('searchbox', { name: 'Search url or message' }).fill(orderGid);
    await page.getByRole('searchbox', { name: 'Search url or message' }).press('Enter');
    const old = page
      .getByRole('table', { name: 'Transaction records' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'New attempt: Success' }) });
    await expect(old).toHaveCount(1);
    await expect(old).toContainText('Retried');
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Failed', { exact: true }).click();
    await expect(
      page.getByText('No transaction records match these filters. Clear the filters to see them all.'),
    ).toBeVisible();

    await expect
      .poll(() => shopifyFulfilments(request, shop, tracking), { timeout: 30_000 })
      .toContainEqual({ status: 200, courier: 'DPD' });
  } finally {
    await request.delete(`${shop.shopify.url}/__simulator/faults`);
  }
});

// Last in the file: on a fresh server the whole catalogue's first push to Mirakl may still be going
// out (one file every 3 s on this server, see playwright.config.ts).
test('the stock an order takes reaches the Mirakl simulator', async ({ page, request }) => {
  // The e2e server lets Mirakl take a stock file (STO01) every 3 s and report on it (STO02) every second.
  test.setTimeout(180_000);
  const shop = await demo(request);
  await holdNewShopifyOrders(request, shop, false);
  const listings = `${SYNC_SERVER_URL}/api/stores/${shop.storeId}/channels/${shop.decathlon.id}/products`;
  const readListings = async () =>
    (await (await request.get(`${listings}?per_page=500`, { headers: shop.headers })).json()).data as {
      id: number;
      sku: string;
      target_quantity: number | null;
      pushed_quantity: number | null;
      sync_status: number;
    }[];
  const miraklStock = async () =>
    (
      (await (await request.get(`${shop.decathlon.url}/__simulator/stock`)).json()).stock as Record<
        string,
        number
      >
    )[SKU.stock];
  /** What Decathlon will be told, once the simulator holds exactly that; null while they differ. */
  const settled = async () => {
    const told = (await readListings()).find((row) => row.sku === SKU.stock)?.target_quantity ?? null;
    return told !== null && (await miraklStock()) === told ? told : null;
  };

  // Before the order, Decathlon is up to date: no listing waits for a push or is being pushed
  // (sync status pending, inventory level pending or in progress). On a fresh server that takes
  // a while: the first push of the whole catalogue, again after the warehouse's first stock
  // report, and the orders of the tests above, each push a Mirakl file of its own.
  const PUSHING = [0, 4, 5];
  const SYNCED = 2;
  let before: number | null = null;
  await expect
    .poll(
      async () => {
        const busy = (await readListings()).filter((row) => PUSHING.includes(row.sync_status)).length;
        before = busy === 0 ? await settled() : null;
        return before;
      },
      { timeout: 90_000, intervals: [1_000], message: 'Decathlon told every stock level' },
    )
    .not.toBeNull();

  await orderAtShopify(request, shop, SKU.stock, 2, `Stock ${stamp()}`);

  // What Decathlon will be told drops with the order, the simulator ends up holding it and the
  // listing says it was pushed.
  let told: number | null = null;
  await expect
    .poll(
      async () => {
        told = await settled();
        const mine = (await readListings()).find((row) => row.sku === SKU.stock);
        return (
          told !== null && told < before! && mine?.sync_status === SYNCED && mine.pushed_quantity === told
        );
      },
      { timeout: 60_000, intervals: [1_000], message: `the lower ${SKU.stock} level at Mirakl` },
    )
    .toBe(true);

  // The channel product page says the same.
  await signIn(page, DEMO.seller, SYNC_SERVER_URL);
  await page.goto(
    `${SYNC_SERVER_URL}/stores/${shop.storeId}/channels/${shop.decathlon.id}/products/${(await readListings()).find((row) => row.sku === SKU.stock)!.id}`,
  );
  await expect(detail(page, 'Will be told')).toHaveText(String(told));
  await expect(detail(page, 'Pushed quantity')).toHaveText(String(told));
});
