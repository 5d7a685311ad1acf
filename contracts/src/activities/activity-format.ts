import { DEFAULT_CURRENCY } from '../constants';

/**
 * How amounts and moments read in activity sentences: money in its currency with exactly two
 * decimals (spec §9), dates in UTC. en-GB by default so a sentence reads the same everywhere;
 * the browser may pass its own money formatter (web-kit's `formatMoney`) in the context.
 */

export type MoneyFormatter = (amount: string | number, currency: string) => string;

export const formatActivityMoney: MoneyFormatter = (amount, currency) => {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  };
  try {
    return new Intl.NumberFormat('en-GB', options).format(value);
  } catch {
    // A currency code the runtime doesn't know: the amount with two places and the code.
    return `${value.toFixed(2)} ${currency || DEFAULT_CURRENCY}`;
  }
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '20 Nov 2026, 10:00 UTC'; a bare day ('2026-11-20') reads as '20 Nov 2026'. */
export function formatActivityDate(value: unknown): string | null {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const dayOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = dayOnly ? new Date(`${value as string}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  if (dayOnly) return day;
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${day}, ${time} UTC`;
}
