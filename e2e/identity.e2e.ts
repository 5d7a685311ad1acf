import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signIn } from './sign-in';

async function apiToken(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  const response = await request.post('/api/auth/signIn', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.token;
}

/** A member of the seller's first company whose role may only view the dashboard and orders. */
async function createOrderViewer(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const token = await apiToken(request, DEMO.seller);
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.post('/api/me', { headers })).json()).data;
  const role = await request.post('/api/roles/create', {
    headers,
    data: { name: `Order viewer ${Date.now()}`, permissions: ['dashboard.read', 'orders.read'] },
  });
  expect(role.status()).toBe(201);
  const account = { email: `viewer-${Date.now()}@demo.test`, password: 'viewer-password-1' };
  const user = await request.post(`/api/users/${me.stores[0].id}/create`, {
    headers,
    data: {
      name: 'Vera Viewer',
      email: account.email,
      password: account.password,
      password_confirmation: account.password,
      role_id: (await role.json()).data.id,
    },
  });
  // A new address: the account and membership exist at once (the answer is the same for an existing one).
  expect(user.status()).toBe(202);
  return account;
}

test('signing in shows the user, the company and the navigation their role allows', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Forders/);
  await page.getByLabel('Email').fill(DEMO.seller.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();

  await page.getByLabel('Password').fill(DEMO.seller.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back where the person was going.
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId('top-bar-user')).toContainText(DEMO.seller.name);
  await expect(page.getByTestId('top-bar-user')).toContainText('Acme Trading');
  const navigation = page.getByTestId('side-navigation');
  for (const item of [
    'Dashboard',
    'Products',
    'Orders',
    'Customers',
    'Stores',
    'Channels',
    'Transaction records',
  ]) {
    await expect(navigation.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(navigation.getByText('Stats', { exact: true })).toHaveCount(0);
});

test('navigation is gated by scope, and a forbidden page sends the person home with a notice', async ({
  page,
  request,
}) => {
  const viewer = await createOrderViewer(request);
  await signIn(page, viewer);
  const navigation = page.getByTestId('side-navigation');
  await expect(navigation.getByText('Orders', { exact: true })).toBeVisible();
  await expect(navigation.getByText('Invoices', { exact: true })).toBeVisible();
  for (const hidden of ['Products', 'Customers', 'Stores', 'Channels', 'Transaction records']) {
    await expect(navigation.getByText(hidden, { exact: true })).toHaveCount(0);
  }

  await page.goto('/users');
  await expect(page.getByText('This action is unauthorized.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('switching company in one tab switches the other tab too', async ({ context, request }) => {
  // A second company of its own, so the demo seller's companies stay as the other tests expect.
  const token = await apiToken(request, DEMO.other);
  const secondCompany = `Other Second ${Date.now()}`;
  const created = await request.post('/api/companies/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: secondCompany },
  });
  expect(created.status()).toBe(201);

  const first = await context.newPage();
  await signIn(first, DEMO.other);
  const second = await context.newPage();
  await second.goto('/orders');
  await expect(second.getByTestId('top-bar-user')).toContainText(DEMO.other.name);
  await expect(second.getByTestId('top-bar-user')).not.toContainText(secondCompany);

  // As a keyboard user would: focus the switcher, type the company's name, press Enter.
  const switcher = first.getByRole('combobox', { name: 'Company' });
  await switcher.click();
  await switcher.fill(secondCompany);
  await expect(first.locator('.ant-select-item-option-active', { hasText: secondCompany })).toBeVisible();
  await first.keyboard.press('Enter');
  await expect(first.getByTestId('top-bar-user')).toContainText(secondCompany);

  await expect(second.getByTestId('top-bar-user')).toContainText(secondCompany);
  await expect(second).toHaveURL(/\/$/);
});

test('logging out in one tab logs out the other tabs, quietly', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, DEMO.other);
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('top-bar-user')).toContainText(DEMO.other.name);
  // Every answer the second tab gets from here on: none may be a refusal of its (now dead) token.
  const refused: string[] = [];
  second.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 401) refused.push(response.url());
  });

  await first.getByTestId('top-bar-user').click();
  await first.getByText('Logout', { exact: true }).click();
  await expect(first).toHaveURL(/\/login/);
  await expect(second).toHaveURL(/\/login/);
  await expect(second.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(second.locator('.ant-notification-notice')).toHaveCount(0);
  expect(refused).toEqual([]);
  await second.goto('/orders');
  await expect(second).toHaveURL(/\/login/);
});

test('the colour scheme persists across reloads', async ({ page }) => {
  await signIn(page, DEMO.other);
  const root = page.locator('html');
  const initial = await root.getAttribute('data-color-scheme');
  await page.getByTestId('color-scheme-toggle').click();
  const toggled = initial === 'dark' ? 'light' : 'dark';
  await expect(root).toHaveAttribute('data-color-scheme', toggled);
  await page.reload();
  await expect(root).toHaveAttribute('data-color-scheme', toggled);
  await page.getByTestId('color-scheme-toggle').click();
  await expect(root).toHaveAttribute('data-color-scheme', initial ?? 'light');
});

test('an unsafe redirect after sign-in is ignored', async ({ page }) => {
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fphish');
  await page.getByLabel('Email').fill(DEMO.other.email);
  await page.getByLabel('Password').fill(DEMO.other.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('top-bar-user')).toBeVisible();
  expect(new URL(page.url()).host).toBe('127.0.0.1:3190');
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the 404 page is shown for unknown paths when signed in', async ({ page }) => {
  await signIn(page, DEMO.other);
  await page.goto('/definitely/not/here');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});
