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
  // A demo order's detail (ids follow the seed; its number is whatever the seed gave it).
  await page.goto('/orders/1/2');
  const heading = page.getByRole('heading', { level: 2, name: /^Order \S+$/ });
  await expect(heading).toBeVisible();
  const title = await heading.textContent();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: title!, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/1\/2$/);
});

test('an unknown page shows the not-found text', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test('a remote that fails to load shows an error panel naming its area while the rest keeps working', async ({
  page,
}) => {
  await signIn(page, DEMO.seller, BROKEN_REMOTE_URL);
  await page.goto(`${BROKEN_REMOTE_URL}/products`);
  const panel = page.getByTestId('remote-error-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Products could not be loaded')).toBeVisible();
  await expect(panel).not.toContainText('mfe_catalogue');
  // This server's list still points at a dead port, so Retry fails again, in the same panel.
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(page.getByTestId('remote-error-panel')).toBeVisible();

  const navigation = page.getByTestId('side-navigation');
  await navigation.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Orders', exact: true })).toBeVisible();
  await navigation.getByRole('link', { name: 'Stores' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Stores', exact: true })).toBeVisible();
});

test('Retry loads a remote that failed, without a page reload, from where the remote list now points', async ({
  page,
}) => {
  // First the list points the catalogue at a dead port; later answers are the server's own.
  let listAnswers = 0;
  await page.route('**/remotes.json', async (route) => {
    listAnswers += 1;
    if (listAnswers > 1) return route.continue();
    const response = await route.fetch();
    const remotes = (await response.json()) as { name: string; entry: string }[];
    await route.fulfill({
      response,
      json: remotes.map((remote) =>
        remote.name === 'mfe_catalogue'
          ? { ...remote, entry: 'http://127.0.0.1:9/mf-manifest.json' }
          : remote,
      ),
    });
  });
  // And the first request for the catalogue's real entry script fails too.
  let entryRequests = 0;
  await page.route('**/mfe-catalogue/remoteEntry.js', async (route) => {
    entryRequests += 1;
    return entryRequests === 1 ? route.abort('connectionfailed') : route.continue();
  });

  await page.goto('/products');
  const panel = page.getByTestId('remote-error-panel');
  await expect(panel.getByText('Products could not be loaded')).toBeVisible();
  await page.evaluate(() => ((globalThis as unknown as { marker: string }).marker = 'same-document'));

  // Retry asks for the list again (now the real manifest) but the entry script fails: still the panel.
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => entryRequests).toBe(1);
  await expect(panel.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(panel.getByText('Products could not be loaded')).toBeVisible();

  // The runtime must not keep the failed entry: the next Retry loads the area.
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByTestId('remote-error-panel')).toHaveCount(0);
  expect(listAnswers).toBe(3);
  expect(await page.evaluate(() => (globalThis as unknown as { marker?: string }).marker)).toBe(
    'same-document',
  );
});

test('at the bottom of a page the side navigation sits below the top bar, marking the most specific area', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await page.goto('/stores/1/channels/create/shopify');
  await expect(page.getByTestId('side-navigation').locator('.ant-menu-item-selected')).toHaveText('Channels');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');

  const topBar = await page.locator('.ant-layout-header').boundingBox();
  const drawerHeader = await page.getByTestId('side-navigation-header').boundingBox();
  expect(topBar?.y).toBe(0);
  expect(drawerHeader?.y).toBeGreaterThanOrEqual((topBar?.y ?? 0) + (topBar?.height ?? 0));
});

test('the shell has a favicon', async ({ page, request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
  await page.goto('/');
  const svgHref = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  expect(svgHref).toBe('/favicon.svg');
  const svg = await request.get(svgHref ?? '');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
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
