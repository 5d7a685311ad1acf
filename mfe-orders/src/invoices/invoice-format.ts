import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** A calendar date (`2026-11-20`, an invoice date) as '20 Nov 2026': a day has no time to show. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const day = dayjs.utc(value.slice(0, 10));
  return day.isValid() ? day.format('DD MMM YYYY') : '';
}

/**
 * A unit price, which may carry up to 4 decimals ("33.3333"): money style with at least 2 and as
 * many as it has, so a 4-place price is never shown rounded.
 */
export function formatUnitPrice(amount: string, currency: string): string {
  const places = Math.min(4, Math.max(2, (amount.split('.')[1] ?? '').replace(/0+$/, '').length));
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    }).format(Number(amount));
  } catch {
    return amount;
  }
}
