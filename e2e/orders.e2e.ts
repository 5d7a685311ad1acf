import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ORDERS_LIVE } from '../playwright.config';
import { DEMO, signIn } from './sign-in';

const run = promisify(execFile);

/** The demo store with the seeded order history. */
const DEMO_STORE = 'Acme UK';

/** Opens the demo store's orders through the navigation, as a person would. */
async function openDemoStoreOrders(page: Page): Promise<void> {
  await page.getByTestId('side-navigation').getByRole('link', { name: 'Orders', exact: true }).click();
  // With several stores the page asks which one; with one it opens that store's list itself.
  const stores = page.getByRole('list', { name: 'Stores' });
  const search = page.getByPlaceholder('Search by order number, customer or SKU');
  await expect(stores.or(search)).toBeVisible();
  if (await stores.isVisible()) await stores.getByRole('link', { name: DEMO_STORE }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(search).toBeVisible();
}

/** A sync-status tab by its label; its name ends with the count of orders holding the status. */
function tab(page: Page, label: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${label} [\\d,]+$`) });
}

/** The body rows of the orders table (antd adds a hidden measure row). */
function orderRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Orders' }).locator('tbody tr.ant-table-row');
}

test('filter orders and bulk-change a sync status', async ({ page }) => {
  // Sign-in, the orders remote, filters, a confirmed bulk change and a refetch: several steps.
  test.setTimeout(60_000);
  await signIn(page, DEMO.seller);
  await openDemoStoreOrders(page);

  const pending = tab(page, 'Pending');
  await pending.click();
  await expect(orderRows(page).first()).toContainText('Pending');
  // Narrow to one channel too: the channel of the first pending order.
  const channelColumn = (await page.locator('thead th').allTextContents()).indexOf('Channel');
  const channelName = (
    (await orderRows(page).first().locator('td').nth(channelColumn).textContent()) ?? ''
  ).trim();
  expect(channelName).not.toBe('');
  const counted = page.waitForResponse(
    (response) =>
      response.url().includes('getOrderCountGroupByStatus') && response.url().includes('channel_id'),
  );
  await page.getByLabel('Filter by channel').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(channelName, { exact: true }).click();
  // The counts the tabs show for this channel, straight from their answer.
  const counts = (
    (await (await counted).json()) as { data: { sync_status: { value: number; count: number }[] } }
  ).data.sync_status;
  const countFor = (value: number) => counts.find((entry) => entry.value === value)?.count ?? 0;
  const pendingBefore = countFor(0);
  const onHoldBefore = countFor(3);
  await expect(orderRows(page).first()).toContainText(channelName);
  await expect(orderRows(page).first()).toContainText('Pending');
  const changing = Math.min(2, pendingBefore);
  const ordersText = changing === 1 ? '1 order' : `${changing} orders`;

  const chosen: string[] = [];
  for (let index = 0; index < changing; index += 1) {
    const row = orderRows(page).nth(index);
    chosen.push((await row.getByRole('link').first().textContent()) ?? '');
    await row.getByRole('checkbox').check();
  }
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByText(`${changing} selected`)).toBeVisible();
  // Pending orders may be held or excluded; a resend or a cancel is refused, so never offered.
  await expect(bar.getByRole('button', { name: 'Put on hold' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Exclude' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  await bar.getByRole('button', { name: 'Put on hold' }).click();
  const dialog = page.getByRole('dialog', { name: `Put on hold: ${ordersText}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByText(`${ordersText} set to on hold.`)).toBeVisible();

  // The counts follow, and the held orders are under their new tab with the new status.
  await expect(tab(page, 'Pending')).toHaveText(
    new RegExp(` ${(pendingBefore - changing).toLocaleString('en-GB')}$`),
  );
  await expect(tab(page, 'On hold')).toHaveText(
    new RegExp(` ${(onHoldBefore + changing).toLocaleString('en-GB')}$`),
  );
  await tab(page, 'On hold').click();
  for (const orderNumber of chosen) {
    const row = orderRows(page).filter({ has: page.getByRole('link', { name: orderNumber, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('On hold');
  }
});

test('an order imported by another process appears in the open list without reload', async ({ page }) => {
  // The import script boots the product as a worker of its own (a few seconds of start-up).
  test.setTimeout(120_000);
  await signIn(page, DEMO.seller, ORDERS_LIVE.url);
  const firstPage = page.waitForResponse(
    (response) => /\/api\/orders\/\d+\?/.test(response.url()) && response.request().method() === 'GET',
  );
  await openDemoStoreOrders(page);
  const listed = (await (await firstPage).json()) as { data: { channel_id: number }[] };
  const channelId = listed.data[0]?.channel_id;
  expect(channelId).toBeDefined();

  // Proof that the page is never reloaded: a reload would drop this.
  await page.evaluate(() => {
    (globalThis as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
  });

  const orderNumber = `E2E-LIVE-${Date.now()}`;
  const file = path.join(os.tmpdir(), `${orderNumber}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify([
      {
        remote_id: orderNumber,
        order_number: orderNumber,
        status: 'Unshipped',
        payment_status: 'Paid',
        currency: 'GBP',
        total: '12.50',
        order_date: new Date().toISOString(),
        customer: { name: 'Live Tester', email: 'live.tester@example.test' },
        lines: [
          { remote_id: '1', sku: 'E2E-LIVE-SKU', title: 'Live test item', quantity: 1, price: '12.50' },
        ],
      },
    ]),
  );
  try {
    const { stdout } = await run(
      'npx',
      ['tsx', 'scripts/import-orders.ts', '--channel', String(channelId), file],
      {
        env: {
          ...process.env,
          DATA_DIR: ORDERS_LIVE.dataDir,
          REDIS_URL: ORDERS_LIVE.redisUrl,
          REDIS_PREFIX: ORDERS_LIVE.redisPrefix,
          LOG_LEVEL: 'warn',
          DEMO_SEED: 'off',
        },
        timeout: 90_000,
      },
    );
    expect(stdout).toContain('"created":1');
  } finally {
    fs.rmSync(file, { force: true });
  }

  // Newest first: the new order is on the open first page, with the list's place kept.
  await expect(page.getByRole('link', { name: new RegExp(orderNumber) })).toBeVisible();
  expect(
    await page.evaluate(() => (globalThis as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
  ).toBe(true);
});

test('the orders list is compact: 20 orders in view at 1440×900 under a sticky header', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.seller);
  await openDemoStoreOrders(page);
  const rows = orderRows(page);
  await expect(rows).toHaveCount(25);

  // Scroll the list up to the top bar: its header stays in view, right under the bar.
  const header = page.locator('.ant-table-sticky-holder');
  await rows.first().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 400);
  await expect
    .poll(async () => (await header.boundingBox())?.y ?? -1, {
      message: 'the header sticks below the top bar',
    })
    .toBe(56);
  await expect(header.getByText('Order', { exact: true })).toBeVisible();

  // Rows wholly inside the 900px-high window (its height passed in: e2e code is typed for Node).
  const inView = await rows.evaluateAll(
    (elements, height) =>
      elements.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= height;
      }).length,
    900,
  );
  expect(inView).toBeGreaterThanOrEqual(20);
  // Items, Total and Payment are in view without scrolling sideways.
  for (const title of ['Items', 'Total', 'Payment']) {
    const box = await header.getByText(title, { exact: true }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
  }
});

test('one current store: picked once, every store area opens on it, after a reload too', async ({ page }) => {
  // Several areas, each its own remote page, and a reload: several steps on a shared machine.
  test.setTimeout(60_000);
  await signIn(page, DEMO.seller);
  const navigation = page.getByTestId('side-navigation');
  await navigation.getByRole('link', { name: 'Orders', exact: true }).click();
  // Nothing used yet: the seller picks the store.
  await page.getByRole('list', { name: 'Stores' }).getByRole('link', { name: 'Acme EU' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const storeId = /\/orders\/(\d+)$/.exec(page.url())?.[1];
  expect(storeId).toBeDefined();

  const areas = [
    { link: 'Products', path: '/products' },
    { link: 'Customers', path: '/customers' },
    { link: 'Invoices', path: '/invoices' },
    { link: 'Confirmation orders', path: '/confirmationOrders' },
    { link: 'Orders', path: '/orders' },
  ];
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    for (const area of areas) {
      await navigation.getByRole('link', { name: area.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${area.path}/${storeId}$`));
      await expect(page.getByText('Acme EU').first()).toBeVisible();
      await expect(page.getByText('Choose a store')).toHaveCount(0);
    }
    await navigation.getByRole('link', { name: 'Rules', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Rules' })).toBeVisible();
    // The rules page's own store picker shows the same store.
    const picker = page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Store' }) });
    await expect(picker).toContainText('Acme EU');
  }
});
