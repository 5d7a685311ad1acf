import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@demo.test', password: 'demo-admin-1', name: 'Ada Admin' },
  seller: { email: 'seller@demo.test', password: 'demo-seller-1', name: 'Sam Seller' },
  other: { email: 'other@demo.test', password: 'demo-other-1', name: 'Olive Other' },
} as const;

/** Signs in through the login form, as a person would. */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  baseUrl = '',
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('top-bar-user')).toBeVisible();
}
