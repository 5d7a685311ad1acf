import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './sign-in';

/** Opens Products of the seller's first store, through the navigation as a person would. */
async function openFirstStoreProducts(page: Page): Promise<void> {
  await page.getByTestId('side-navigation').getByRole('link', { name: 'Products' }).click();
  // With several stores the page asks which one; with one it opens that store's list itself.
  const stores = page.getByRole('list', { name: 'Stores' });
  await expect(stores.or(page.getByPlaceholder('Search by SKU or title'))).toBeVisible();
  if (await stores.isVisible()) await stores.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByPlaceholder('Search by SKU or title')).toBeVisible();
}

test('importing a products CSV with one bad row: live progress, the row-error report, the good rows listed', async ({
  page,
}) => {
  // Sign-in, the catalogue remote, an upload and a job: several steps on a shared machine.
  test.setTimeout(60_000);
  const prefix = `E2E-${Date.now()}`;
  const csv = [
    'sku,title,type,quantity,price',
    `${prefix}-A,Import mug,product,12,9.99`,
    `${prefix}-B,Import plate,product,3,not-a-price`,
    `${prefix}-C,Import bowl,product,0,4.50`,
    `${prefix}-D,Import cup,product,7,`,
  ].join('\r\n');

  await signIn(page, DEMO.seller);
  await openFirstStoreProducts(page);

  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Import/ });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(dialog.getByText('products.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  // The job runs in the background; the dialog follows it to its end.
  await expect(dialog.getByText('Import finished: 3 rows imported, 1 row failed.')).toBeVisible({
    timeout: 20_000,
  });
  const reportRow = dialog.getByRole('row').filter({ hasText: /price must be/i });
  await expect(reportRow).toHaveCount(1);
  await expect(reportRow.getByRole('cell').nth(0)).toHaveText('2');
  await expect(reportRow.getByRole('cell').nth(1)).toHaveText('price');
  await expect(dialog.getByRole('button', { name: 'Download error report' })).toBeVisible();
  // The job's in-app notification reaches this page too, in the snackbar.
  await expect(page.getByTestId('notification-snackbar')).toContainText('Import finished: products.csv');

  // The footer's Close (the title bar's × is named Close too).
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Search by SKU or title').fill(prefix);
  for (const suffix of ['A', 'C', 'D']) {
    await expect(page.getByRole('row').filter({ hasText: `${prefix}-${suffix}` })).toHaveCount(1);
  }
  await expect(page.getByRole('row').filter({ hasText: `${prefix}-B` })).toHaveCount(0);
});
