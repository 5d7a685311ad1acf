import type { Provider } from './provider';
import { servesType } from './provider';
import { amazonProvider } from './providers/amazon/amazon.provider';
import { ebayProvider } from './providers/ebay/ebay.provider';
import { etsyProvider } from './providers/etsy/etsy.provider';
import { miraklProvider } from './providers/mirakl/mirakl.provider';
import { quickbooksProvider } from './providers/quickbooks/quickbooks.provider';
import { shopifyProvider } from './providers/shopify/shopify.provider';
import { wmsProvider } from './providers/wms/wms.provider';
import { xeroProvider } from './providers/xero/xero.provider';

/**
 * Every provider Syncdesk knows, one line each: adding a provider is its folder and a line here
 * (plus its catalogue data in contracts). A catalogue type no provider serves is not synchronised,
 * and says so.
 */
export const providers: readonly Provider[] = [
  shopifyProvider,
  miraklProvider,
  wmsProvider,
  amazonProvider,
  ebayProvider,
  etsyProvider,
  xeroProvider,
  quickbooksProvider,
];

/** The provider serving a catalogue type, or null when none does (yet). */
export function providerFor(type: string): Provider | null {
  return providers.find((provider) => servesType(provider, type)) ?? null;
}
