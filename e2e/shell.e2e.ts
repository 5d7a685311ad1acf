import { expect, test } from '@playwright/test';
import { BROKEN_REMOTE_URL } from '../playwright.config';
import { DEMO, signIn } from './sign-in';

const AREAS = [
  { path: '/orders', title: 'Orders' },
  { path: '/products', title: 'Products' },
  { path: '/stores', title: 'Stores' },
  { path: '/companies', title: 'Companies' },
  { path: '/hostedPages', title: 'Hosted pages' },
];

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.seller);
});

test('every remote renders its area through the shell', async ({ page }) => {
  for (const area of AREAS) {
    await page.goto(area.path);
    await expect(page.getByRole('heading', { level: 2, name: area.title, exact: true })).toBeVisible();
    // The shell's own navigation is there around the remote's page.
    await expect(page.getByTestId('side-navigation')).toBeVisible();
  }
});

test('moving between areas with the side navigation does not reload the page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await page.evaluate(() => ((globalThis as unknown as { marker: string }).marker = 'same-document'));
  const navigation = page.getByTestId('side-navigation');
  await navigation.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Products', exact: true })).toBeVisible();
  await navigation.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Orders', exact: true })).toBeVisible();
  expect(await page.evaluate(() => (globalThis as unknown as { marker?: string }).marker)).toBe(
    'same-document',
  );
});

test('a deep link loads the shell and survives a reload', async ({ page }) => {
  await page.goto('/orders/1/2');
  await expect(page.getByRole('heading', { level: 2, name: 'Order 2' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Order 2' })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/1\/2$/);
});

test('an unknown page shows the not-found text', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test('a remote that fails to load shows an error panel with retry while the rest keeps working', async ({
  page,
}) => {
  await signIn(page, DEMO.seller, BROKEN_REMOTE_URL);
  await page.goto(`${BROKEN_REMOTE_URL}/products`);
  const panel = page.getByTestId('remote-error-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByText('This area could not be loaded')).toBeVisible();
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('remote-error-panel')).toBeVisible();

  const navigation = page.getByTestId('side-navigation');
  await navigation.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Orders', exact: true })).toBeVisible();
  await navigation.getByRole('link', { name: 'Stores' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Stores', exact: true })).toBeVisible();
});

test('an event published by a job in the worker appears in the open page without reload', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'connected');

  const signedIn = await request.post('/api/auth/signIn', { data: DEMO.admin });
  const { data } = await signedIn.json();
  const message = `Live from the worker ${Date.now()}`;
  const created = await request.post('/api/announcements', {
    headers: { authorization: `Bearer ${data.token}` },
    data: { message },
  });
  expect(created.status()).toBe(201);
  await expect(page.getByText(message).first()).toBeVisible();
});
