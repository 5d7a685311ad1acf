import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SYNC_SERVER_URL } from '../playwright.config';
import { DEMO, signIn } from './sign-in';

/**
 * The rule engine end to end on the live demo server (playwright.config.ts: the Shopify simulator
 * runs inside it and its webhooks import orders at once): a seller writes "shipping country is DE →
 * add tag EU", the dry run lists a German order already imported, and an order placed afterwards
 * arrives with the tag and a trace saying why.
 */

const STORE = 'Acme UK';
const SHOPIFY = 'Acme Shopify';
const SKU = 'TEA-EG-100';
const stamp = () => Date.now().toString(36).toUpperCase();

interface Shop {
  storeId: number;
  shopifyUrl: string;
  headers: Record<string, string>;
}

async function shop(request: APIRequestContext): Promise<Shop> {
  const signedIn = await request.post(`${SYNC_SERVER_URL}/api/auth/signIn`, {
    data: { email: DEMO.seller.email, password: DEMO.seller.password },
  });
  expect(signedIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await signedIn.json()).data.token}` };
  const me = (await (await request.post(`${SYNC_SERVER_URL}/api/me`, { headers })).json()).data;
  const store = (me.stores as { id: number; name: string }[]).find((candidate) => candidate.name === STORE)!;
  const channels = (
    await (
      await request.get(`${SYNC_SERVER_URL}/api/stores/${store.id}/channels?per_page=100`, { headers })
    ).json()
  ).data as { id: number; name: string }[];
  const shopify = channels.find((candidate) => candidate.name === SHOPIFY)!;
  const shown = await request.get(`${SYNC_SERVER_URL}/api/stores/${store.id}/channels/${shopify.id}`, {
    headers,
  });
  return { storeId: store.id, shopifyUrl: (await shown.json()).data.settings.shop_url, headers };
}

/** A German customer buys at the Shopify simulator; resolves with our order once it is imported. */
async function germanOrder(request: APIRequestContext, demo: Shop, lastName: string) {
  const created = await request.post(`${demo.shopifyUrl}/__simulator/orders`, {
    data: {
      lines: [{ sku: SKU, quantity: 1 }],
      first_name: 'Regel',
      last_name: lastName,
      financial_status: 'paid',
      country_code: 'DE',
    },
  });
  expect(created.status()).toBe(201);
  const remote = (await created.json()).order as { id: number; order_number: number };
  let order: { id: number; order_number: string } | undefined;
  await expect
    .poll(
      async () => {
        const found = await request.get(
          `${SYNC_SERVER_URL}/api/orders/${demo.storeId}?per_page=20&search=${remote.order_number}`,
          { headers: demo.headers },
        );
        const rows = (await found.json()).data as { id: number; remote_id: string; order_number: string }[];
        order = rows.find((row) => row.remote_id === String(remote.id));
        return order;
      },
      { timeout: 60_000, message: `order ${remote.id} imported` },
    )
    .toBeDefined();
  return order!;
}

/** Picks an option of an antd Select (its list is virtual: the options are the drawn items). */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

test('a rule made in the editor tags German orders, its dry run lists them, and the order says why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const demo = await shop(request);
  const before = await germanOrder(request, demo, `Before ${stamp()}`);
  const name = `EU orders ${stamp()}`;

  await signIn(page, DEMO.seller, SYNC_SERVER_URL);
  await page.goto(`${SYNC_SERVER_URL}/rules/create?store_id=${demo.storeId}`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('checkbox', { name: /Order imported/ }).check();

  await choose(page, 'Field, group 1 condition 1', 'Shipping country ISO code');
  await choose(page, 'Operator, group 1 condition 1', 'is');
  await page.getByLabel('Value, group 1 condition 1').fill('de');

  await choose(page, 'Action, action 1', 'Add tag');
  await page.getByLabel('Value, action 1').fill('EU');

  // The dry run, beside the form: the German order imported a moment ago matches, with what would change.
  const dryRun = page.getByTestId('dry-run');
  await expect(dryRun).toContainText(/Matches [1-9]\d* of the last \d+ orders/, { timeout: 20_000 });
  await expect(dryRun.getByRole('link', { name: before.order_number, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Create rule' }).last().click();
  await expect(page).toHaveURL(/\/rules\/\d+/, { timeout: 15_000 });

  // An order placed now arrives with the tag, and its page says which rule did it and why.
  const after = await germanOrder(request, demo, `After ${stamp()}`);
  await page.goto(`${SYNC_SERVER_URL}/orders/${demo.storeId}/${after.id}`);
  const customer = page.locator('.ant-card').filter({ hasText: 'Customer' });
  await expect(customer.locator('.ant-tag', { hasText: /^EU$/ })).toBeVisible();
  const why = page.getByTestId('order-rule-trace');
  await expect(why).toContainText(name);
  await expect(why).toContainText('Order imported');
  await expect(why).toContainText('Matched');
  await expect(why).toContainText('DE');
});
