import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './sign-in';

/** Picks an option of the antd Select labelled `label` (the open dropdown's option with that title). */
async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByLabel(label).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** Opens a store-scoped list through its store chooser, as a seller with two stores does. */
async function openForAcmeUk(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Acme UK' }).click();
  await expect(page.getByText('Acme UK', { exact: false }).first()).toBeVisible();
}

test('acknowledge a confirmation order', async ({ page }) => {
  // A multi-item form, a confirmation and a reload: a long walk on a shared machine.
  test.setTimeout(90_000);
  await signIn(page, DEMO.seller);
  await openForAcmeUk(page, '/confirmationOrders', 'Confirmation orders');

  // A purchase order the seeded Amazon Vendor channel sent, still awaiting acknowledgement.
  const awaiting = page.getByRole('row').filter({ has: page.getByText('Pending', { exact: true }) });
  await awaiting.first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: /^Confirmation order / })).toBeVisible();

  const first = (field: string) => page.getByLabel(new RegExp(`^${field}, item 1\\b`));
  const second = (field: string) => page.getByLabel(new RegExp(`^${field}, item 2\\b`));
  // Nothing is assigned yet, so what is left to assign is the ordered quantity.
  const ordered = Number(await first('Left to assign').innerText());
  expect(ordered).toBeGreaterThan(2);

  // A wrong split: everything accepted and 2 rejected on top.
  await first('Accepted').fill(String(ordered));
  await first('Rejected').fill('2');
  await expect(
    page.getByText(`add up to ${ordered + 2}, more than the ${ordered} ordered`, { exact: false }),
  ).toBeVisible();

  // Fixed: accept all but 2, reject those 2 as temporarily unavailable.
  await first('Accepted').fill(String(ordered - 2));
  await expect(page.getByText('more than the', { exact: false })).toHaveCount(0);
  await choose(page, /^Rejection reason, item 1\b/, 'Temporarily Unavailable');
  await expect(first('Left to assign')).toHaveText('0');

  // Item 2: one unit backordered with a scheduled ship date, the rest accepted.
  const secondOrdered = Number(await second('Left to assign').innerText());
  await second('Accepted').fill(String(secondOrdered - 1));
  await second('Backordered').fill('1');
  const shipDate = second('Ship date');
  await shipDate.click();
  await shipDate.fill('2099-01-15');
  await shipDate.press('Enter');
  await expect(shipDate).toHaveValue('2099-01-15');
  await expect(second('Left to assign')).toHaveText('0');

  // Every other item is accepted in full.
  const acceptAll = page.getByRole('button', { name: /^Accept all, item (?![12]\b)/ });
  for (const button of await acceptAll.all()) await button.click();

  await page.getByRole('button', { name: 'Submit acknowledgement' }).click();
  await page.locator('.ant-popover').getByRole('button', { name: 'Submit' }).click();

  await expect(
    page.getByText('The acknowledgement is being sent to the channel.', { exact: false }),
  ).toBeVisible();
  await expect(page.locator('.ant-tag').filter({ hasText: 'Processing' }).first()).toBeVisible();
  await expect(first('Accepted')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit acknowledgement' })).toHaveCount(0);
  // What was submitted is what is kept.
  await page.reload();
  await expect(first('Accepted')).toHaveValue(String(ordered - 2));
  await expect(first('Rejected')).toHaveValue('2');
});

test('create an invoice', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.seller);
  await openForAcmeUk(page, '/invoices', 'Invoices');
  // The seeded Xero invoices are listed.
  await expect(page.getByRole('link', { name: /^INV-/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Create invoice' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Create invoice' })).toBeVisible();
  await expect(page.getByLabel('Accounting channel')).toBeVisible();
  await page.getByLabel('Customer', { exact: true }).fill('Jane Buyer');
  await page.getByLabel('Customer e-mail').fill('jane@example.test');

  await page.getByLabel('Description, line 1').fill('Red mug');
  await page.getByLabel('Quantity, line 1').fill('3');
  await page.getByLabel('Unit price, line 1').fill('11.28');
  await page.getByLabel('Discount, line 1').fill('0.50');
  await choose(page, 'Tax type, line 1', '20% (VAT on Income)');

  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel('Description, line 2').fill('Gift wrap');
  await page.getByLabel('Unit price, line 2').fill('4.995');
  await choose(page, 'Tax type, line 2', '20% (VAT on Income)');

  // 3 × 11.28 − 0.50 = 33.34 and 4.995 → 5.00 (half-up); tax at 20%: 6.67 + 1.00.
  await expect(page.getByLabel('Price, line 1', { exact: true })).toHaveText('£33.34');
  await expect(page.getByLabel('Price, line 2', { exact: true })).toHaveText('£5.00');
  await expect(page.getByTestId('invoice-subtotal')).toHaveText('£38.34');
  await expect(page.getByTestId('invoice-discount')).toHaveText('£0.50');
  await expect(page.getByTestId('invoice-tax')).toHaveText('£7.67');
  await expect(page.getByTestId('invoice-total')).toHaveText('£46.01');

  await page.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Invoice INV-/ })).toBeVisible();
  await expect(page).toHaveURL(/\/invoices\/\d+\/\d+$/);
  await expect(page.getByTestId('invoice-subtotal')).toHaveText('£38.34');
  await expect(page.getByTestId('invoice-discount')).toHaveText('£0.50');
  await expect(page.getByTestId('invoice-tax')).toHaveText('£7.67');
  await expect(page.getByTestId('invoice-total')).toHaveText('£46.01');
  await expect(page.getByRole('row').filter({ hasText: 'Gift wrap' })).toContainText('£4.995');
});
