import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signIn } from './sign-in';

// The main server's Shopify client points at the local OAuth provider (playwright.config.ts).
const PROVIDER_ORIGIN = 'http://127.0.0.1:3192';

interface ShopifyChannel {
  storeId: number;
  channelId: number;
  headers: Record<string, string>;
}

/** The demo Shopify channel of Acme UK (created here if the demo data has none). */
async function acmeShopify(request: APIRequestContext): Promise<ShopifyChannel> {
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
  const existing = (await list.json()).data.find(
    (channel: { name: string; type: string }) =>
      channel.type === 'shopify' && channel.name === 'Acme Shopify',
  );
  if (existing) return { storeId: store.id, channelId: existing.id, headers };
  const created = await request.post(`/api/stores/${store.id}/channels/shopify`, {
    headers,
    data: { name: 'Acme Shopify', shop_url: 'https://acme-uk.myshopify.com' },
  });
  expect(created.status()).toBe(201);
  return { storeId: store.id, channelId: (await created.json()).data.id, headers };
}

test('a seller connects the Shopify channel through the provider’s consent page', async ({
  page,
  request,
}) => {
  const { storeId, channelId } = await acmeShopify(request);
  await signIn(page, DEMO.seller);

  await page.goto(`/authorization/connect/${storeId}/${channelId}`);
  await expect(page).toHaveURL(new RegExp(`^${PROVIDER_ORIGIN}/authorize\\?`));
  await expect(page.getByRole('heading', { name: 'Local OAuth provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/authorization\/shopify\?code=/);
  await expect(page.getByText('Channel connected successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Open channel settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/channels/${channelId}$`));
});

test('the account owner finishes a guest link without a login', async ({ browser, request }) => {
  const { storeId, channelId, headers } = await acmeShopify(request);
  const link = await request.get(`/api/stores/${storeId}/channels/${channelId}/authorizeChannelAsGuest`, {
    headers,
  });
  expect(link.status()).toBe(200);
  const { url } = (await link.json()).data;

  // A fresh browser: nobody is signed in.
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/authorization\/shopify\?code=/);
  await expect(page.getByText('Channel connected successfully.')).toBeVisible();
  await expect(page.getByText('Acme Shopify is connected. You can close this window.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open channel settings' })).toHaveCount(0);
  await guest.close();
});
