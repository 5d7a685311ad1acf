import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './sign-in';

// The seeded Shopify channel is told stock with a low stock buffer of 2, so the channel figure
// visibly differs from the kit's availability.
const BUFFER = 2;

/** Signs the seller in through the api and gives the Acme UK store and its Shopify channel. */
async function acmeShopify(request: APIRequestContext) {
  const signedIn = await request.post('/api/auth/signIn', {
    data: { email: DEMO.seller.email, password: DEMO.seller.password },
  });
  expect(signedIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await signedIn.json()).data.token}` };
  const me = (await (await request.post('/api/me', { headers })).json()).data;
  const store = me.stores.find((candidate: { name: string }) => candidate.name === 'Acme UK');
  expect(store).toBeTruthy();
  const list = await request.get(`/api/stores/${store.id}/channels?per_page=100`, { headers });
  expect(list.status()).toBe(200);
  const channel = (await list.json()).data.find(
    (candidate: { name: string; type: string }) =>
      candidate.type === 'shopify' && candidate.name === 'Acme Shopify',
  );
  expect(channel).toBeTruthy();
  return { storeId: store.id as number, channelId: channel.id as number, headers };
}

/** Fills and submits the product form; lands on the new product's page and answers its path. */
async function createProduct(page: Page, sku: string, title: string, quantity: number): Promise<string> {
  await page.getByRole('button', { name: 'Create product' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Create product' })).toBeVisible();
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Quantity on hand').fill(String(quantity));
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 2, name: sku })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Adds a component to the kit editor by searching its SKU, with its units per kit. */
async function addComponent(page: Page, sku: string, units: number): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Add a component' });
  await picker.click();
  await picker.fill(sku);
  await page.locator('.ant-select-item-option').filter({ hasText: sku }).click();
  await page.getByLabel(`Units per kit of ${sku}`).fill(String(units));
}

const statistic = (page: Page, title: string): Locator =>
  page.locator('.ant-statistic').filter({ has: page.getByText(title, { exact: true }) });

test('a kit’s availability and a channel’s quantity follow a component’s stock live in another page', async ({
  page,
  context,
  request,
}) => {
  // Three products created through the form, two pages, a live update: a long walk on a shared machine.
  test.setTimeout(90_000);
  const { storeId, channelId, headers } = await acmeShopify(request);
  const channel = await request.put(`/api/stores/${storeId}/channels/${channelId}`, {
    headers,
    data: { auto_sync_stock: true, use_low_stock_buffer: true, low_stock_buffer: BUFFER },
  });
  expect(channel.status()).toBe(200);

  const stamp = Date.now().toString(36).toUpperCase();
  const mug = `E2E-MUG-${stamp}`;
  const lid = `E2E-LID-${stamp}`;
  const kit = `E2E-SET-${stamp}`;

  await signIn(page, DEMO.seller);
  await page.goto('/products');
  await page.getByRole('link', { name: 'Acme UK' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${storeId}$`));

  await createProduct(page, mug, 'E2E mug', 10);
  await page.getByRole('button', { name: 'Back to products' }).click();
  const lidPath = await createProduct(page, lid, 'E2E lid', 3);
  await page.getByRole('button', { name: 'Back to products' }).click();

  // The kit: 2 mugs and 1 lid. The editor computes what can be built as the units change.
  await page.getByRole('button', { name: 'Create product' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Create product' })).toBeVisible();
  await page.getByLabel('SKU').fill(kit);
  await page.getByLabel('Title').fill('E2E mug and lid');
  await page.getByLabel('Kit', { exact: true }).check();
  await addComponent(page, mug, 2);
  await addComponent(page, lid, 1);
  const preview = page.getByTestId('kit-availability');
  await expect(preview).toHaveText(`Can build 3 kits (limited by ${lid})`);
  await page.getByRole('button', { name: 'Create kit' }).click();
  await expect(page.getByRole('heading', { level: 2, name: kit })).toBeVisible();
  const kitPath = new URL(page.url()).pathname;

  // A second page (same sign-in) shows the kit: 3 kits, Shopify told 3 − 2 = 1.
  const watcher = await context.newPage();
  await watcher.goto(kitPath);
  await expect(watcher.getByRole('heading', { level: 2, name: kit })).toBeVisible();
  await expect(statistic(watcher, 'Kits available')).toContainText('3');
  const shopify = watcher
    .getByRole('table', { name: 'Channel quantities' })
    .getByRole('row')
    .filter({ hasText: 'Acme Shopify' });
  await expect(shopify.getByRole('cell').nth(1)).toHaveText('1');
  await expect(shopify).toContainText(`Low stock buffer of ${BUFFER} subtracted`);
  await watcher.evaluate(() => ((globalThis as unknown as { marker: string }).marker = 'same-document'));

  // The first page sets the lid's stock to 9: the mugs (10 / 2 = 5) now limit the kit.
  await page.goto(lidPath);
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust stock of ${lid}` });
  await dialog.getByLabel('New quantity on hand').fill('9');
  await dialog.getByRole('button', { name: 'Save stock' }).click();
  await expect(statistic(page, 'On hand')).toContainText('9');

  // The second page follows without a reload.
  await expect(statistic(watcher, 'Kits available')).toContainText('5');
  await expect(statistic(watcher, 'Limited by')).toContainText(mug);
  await expect(shopify.getByRole('cell').nth(1)).toHaveText(String(5 - BUFFER));
  expect(await watcher.evaluate(() => (globalThis as unknown as { marker?: string }).marker)).toBe(
    'same-document',
  );
});
