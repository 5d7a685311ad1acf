import type { CatalogueChangedEvent, StockChangedEvent } from '@syncdesk/contracts';
import { useDebouncedRefresh, useRealtimeEvent } from '@syncdesk/web-kit';

/** Events arriving within this window cause one refetch (an import or a bulk action sends many). */
export const REFRESH_DEBOUNCE_MS = 300;

export interface CatalogueRefreshOptions {
  storeId: string | number;
  /** Only events naming this product (or naming no products at all) count; absent: any product. */
  productId?: number;
  /** Called once per burst of matching events. */
  refresh(): void;
}

function names(ids: readonly number[] | undefined, productId: number | undefined): boolean {
  // An event without ids changed too much to name (a bulk action): it may include this product.
  return productId === undefined || ids === undefined || ids.includes(productId);
}

/**
 * Refetches when the store's stock or catalogue changes: `stock:changed` (a quantity moved, kits
 * containing it included) and `catalogue:changed` (products, listings, plugin products). The refetch is debounced, so an
 * import's stream of events reloads the page a few times, not thousands, and the page keeps its
 * place (paging, filters, selection): nothing is reloaded but the figures.
 */
export function useCatalogueRefresh({ storeId, productId, refresh }: CatalogueRefreshOptions): void {
  const schedule = useDebouncedRefresh(refresh, REFRESH_DEBOUNCE_MS);

  const sameStore = (eventStoreId: number) => String(eventStoreId) === String(storeId);

  useRealtimeEvent('stock:changed', (event: StockChangedEvent) => {
    if (sameStore(event.storeId) && names(event.productIds, productId)) schedule();
  });
  useRealtimeEvent('catalogue:changed', (event: CatalogueChangedEvent) => {
    if (!sameStore(event.storeId)) return;
    // Listing and plugin changes carry their own ids, not products': a match or a plugin's report
    // can change any product's channels and per-plugin figures, so they always count.
    if (event.subject !== 'products' || names(event.ids, productId)) schedule();
  });
}
