import type { CustomerAddressDto, CustomerSpendDto } from '@syncdesk/contracts';
import { formatMoney } from '@syncdesk/web-kit';

/**
 * What a customer spent, per currency ('£120.50 · €30.00'): orders keep their own currency and
 * there is no rate to add them up. Nothing spent reads as a dash.
 */
export function spentText(spent: readonly CustomerSpendDto[]): string {
  if (spent.length === 0) return '—';
  return spent.map((entry) => formatMoney(entry.amount, entry.currency)).join(' · ');
}

/** An address as lines, empty parts left out. */
export function addressLines(address: CustomerAddressDto | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, address.region, address.postcode].filter(Boolean).join(', ');
  return [
    address.name,
    address.company,
    address.line1,
    address.line2,
    cityLine,
    address.country,
    address.phone,
  ].filter((part): part is string => Boolean(part));
}
