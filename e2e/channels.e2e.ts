import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from './sign-in';

/** Picks an option of the antd Select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: option }).click();
}

/** Confirms the Popconfirm a row's Delete button opened. */
async function confirmDelete(page: Page, row: Locator, name: string): Promise<void> {
  await row.getByRole('button', { name: 'Delete' }).click();
  const popup = page.locator('.ant-popover').filter({ hasText: `Delete ${name}?` });
  await popup.getByRole('button', { name: 'Delete' }).click();
}

test('adding a Shopify channel: picker, validation, save, activate, refused delete, delete', async ({
  page,
}) => {
  // A long walk through four pages on a shared machine.
  test.setTimeout(60_000);
  const name = `Shopify UK ${Date.now()}`;
  await signIn(page, DEMO.seller);
  await page.goto('/channels');
  await choose(page, 'Store', 'Acme UK');
  await expect(page).toHaveURL(/[?&]store=\d+/);

  await page.getByRole('button', { name: 'Add channel' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Add channel' });
  await expect(picker.getByLabel('Search the catalogue')).toBeFocused();
  await picker.getByLabel('Search the catalogue').fill('shopify');
  await picker.getByRole('button', { name: 'Shopify' }).click();
  await expect(page).toHaveURL(/\/stores\/\d+\/channels\/create\/shopify$/);

  // The api's own messages, checked in the browser before anything is sent.
  const create = page.getByRole('button', { name: 'Create channel' });
  await create.click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await expect(page.getByText('The shop URL field is required.')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Shop URL').fill('https://acme-uk.myshopify.com');
  await create.click();
  await expect(page.getByText('Created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/stores\/\d+\/channels\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('Not connected: connect to grant access before syncing.')).toBeVisible();

  await page.getByRole('button', { name: 'Back to channels' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Not connected')).toBeVisible();

  const active = row.getByRole('switch', { name: `Active: ${name}` });
  await active.click();
  await expect(active).toBeChecked();
  // An active channel can not be deleted: the confirmation says so and offers to deactivate it.
  await row.getByRole('button', { name: 'Delete' }).click();
  const refusal = page.locator('.ant-popover').filter({ hasText: 'You can not delete an active channel' });
  await expect(refusal.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await refusal.getByRole('button', { name: 'Deactivate' }).click();
  await expect(active).not.toBeChecked();
  await expect(row).toBeVisible();

  // The two 'Updated successfully.' notices sit over the row's buttons at the bottom right until
  // they close (a notice under the pointer stays open), as a person would wait for them.
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 15_000 });
  await confirmDelete(page, row, name);
  await expect(page.getByText('Deleted successfully.')).toBeVisible();
  await expect(row).toHaveCount(0);
});
