import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './sign-in';

// The main server's Shopify client points at the local OAuth provider (playwright.config.ts).
const PROVIDER_ORIGIN = 'http://127.0.0.1:3192';
const BUTTON_COLOUR = '#ff5500';
const BACKGROUND_COLOUR = '#fff7e6';

/** Picks an option of the antd Select labelled `label` inside `scope`; `search` types to narrow a long list. */
async function choose(
  page: Page,
  scope: ReturnType<Page['locator']>,
  label: string,
  option: string,
  search = false,
) {
  const select = scope.getByRole('combobox', { name: label, exact: true });
  await select.click();
  if (search) await select.fill(option);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

test('a seller’s branded link: a visitor connects a channel through OAuth, the seller sees it, revoking ends the link', async ({
  page,
  browser,
}) => {
  // Two browsers, four apps and a provider round trip on a shared machine.
  test.setTimeout(120_000);
  const linkName = `Partner link ${Date.now()}`;
  const channelName = `Partner Shopify ${Date.now()}`;

  // The seller sets the look: their button and background colours.
  await signIn(page, DEMO.seller);
  await page.goto('/hostedPagesSettings');
  await page.getByRole('textbox', { name: 'Button colour', exact: true }).fill(BUTTON_COLOUR);
  await page.getByRole('textbox', { name: 'Background colour', exact: true }).fill(BACKGROUND_COLOUR);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('button', { name: 'Create channel' })).toHaveCSS(
    'background-color',
    'rgb(255, 85, 0)',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Updated successfully.')).toBeVisible();

  // … and makes a link for Acme UK offering Shopify.
  await page.goto('/hostedPages');
  await page.getByRole('button', { name: 'Create link' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a hosted page link' });
  await choose(page, dialog, 'Store', 'Acme UK');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(linkName);
  await choose(page, dialog, 'Channel types offered', 'Shopify', true);
  // A multiple select stays open for more: a click outside it closes it.
  await dialog.getByText('Create a hosted page link').click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const shown = page.getByRole('textbox', { name: 'Link' });
  await expect(shown).toHaveValue(/\/hostedPages\/hp_[A-Za-z0-9_-]{43}$/);
  const link = await shown.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();

  // A visitor in a fresh browser, without an account, opens it in the seller's look.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const policyViolations: string[] = [];
  visitor.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Connect your channels' })).toBeVisible();
  await expect(visitor.getByText('Connecting to Acme UK')).toBeVisible();
  await expect(visitor.getByTestId('hosted-page')).toHaveCSS('background-color', 'rgb(255, 247, 230)');

  await visitor.getByRole('button', { name: 'Shopify' }).click();
  await expect(visitor).toHaveURL(/\/channels\/create\/shopify$/);
  const create = visitor.getByRole('button', { name: 'Create channel' });
  await expect(create).toHaveCSS('background-color', 'rgb(255, 85, 0)');
  await visitor.getByLabel('Name', { exact: true }).fill(channelName);
  await visitor.getByLabel('Shop URL').fill('https://partner-shop.myshopify.com');
  await create.click();
  await expect(visitor.getByText('Created successfully.')).toBeVisible();
  await expect(visitor).toHaveURL(/\/hostedPages\/hp_[^/]+\/channels\/\d+$/);

  // Connecting goes through the provider's consent page and back to the hosted page.
  await visitor.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`^${PROVIDER_ORIGIN}/authorize\\?`));
  await visitor.getByRole('button', { name: 'Allow' }).click();
  await expect(visitor).toHaveURL(/\/hostedPages\/hp_[^/]+\/channels\/\d+\?connected=1$/);
  await expect(visitor.getByText('Channel connected successfully.')).toBeVisible();
  await expect(visitor.getByText(/^Connected on /)).toBeVisible();
  expect(policyViolations).toEqual([]);

  // The seller sees the channel in the store, and in the link's detail.
  await page.goto('/channels');
  await page.getByRole('combobox', { name: 'Store', exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Acme UK' }).click();
  await expect(page.getByRole('row').filter({ hasText: channelName })).toBeVisible();
  await page.goto('/hostedPages');
  const row = page.getByRole('row').filter({ hasText: linkName });
  await row.getByRole('button', { name: '1 channel' }).click();
  await expect(page.getByRole('dialog').getByText(channelName)).toBeVisible();
  await page.keyboard.press('Escape');

  // Revoked, the link shows the visitor 'Token expired'.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page
    .locator('.ant-popover')
    .filter({ hasText: `Revoke ${linkName}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(row.getByText('Revoked')).toBeVisible();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/hostedPages\/error$/);
  await expect(visitor.getByText('Token expired')).toBeVisible();
  await visitorContext.close();
});
