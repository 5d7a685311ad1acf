import { DEFAULT_CURRENCY } from '@syncdesk/contracts';

function browserLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/**
 * Money in the browser's locale with exactly two decimals (spec §9: default GBP, always 2
 * decimals). Amounts arrive as numbers or decimal strings; empty or non-numeric input gives ''.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency: string = DEFAULT_CURRENCY,
  locale: string | undefined = browserLocale(),
): string {
  if (amount === null || amount === undefined || (typeof amount === 'string' && amount.trim() === ''))
    return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  };
  try {
    return new Intl.NumberFormat(locale, options).format(value);
  } catch {
    // An invalid locale or currency code from data must not break a whole table.
    return new Intl.NumberFormat('en-GB', { ...options, currency: DEFAULT_CURRENCY }).format(value);
  }
}
