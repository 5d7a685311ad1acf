import type { OrdersChangedEvent } from '@syncdesk/contracts';
import { useDebouncedRefresh, useRealtimeEvent } from '@syncdesk/web-kit';

/** Events arriving within this window cause one refetch (an import sends one per batch, a sync run many). */
export const ORDERS_REFRESH_DEBOUNCE_MS = 300;

export interface OrdersRefreshOptions {
  storeId: string | number;
  /** Only events naming this order count; absent: any order of the store. */
  orderId?: number;
  /** Called once per burst of matching events. */
  refresh(): void;
}

/**
 * Refetches when orders of the store are imported or changed (`orders:changed`, one event per
 * import batch or action). Debounced, so a burst of batches reloads once; the caller reloads with
 * the parameters it already has, so filters, page, sort and selection stay as the user left them.
 */
export function useOrdersRefresh({ storeId, orderId, refresh }: OrdersRefreshOptions): void {
  const schedule = useDebouncedRefresh(refresh, ORDERS_REFRESH_DEBOUNCE_MS);

  useRealtimeEvent('orders:changed', (event: OrdersChangedEvent) => {
    if (String(event.storeId) !== String(storeId)) return;
    if (orderId === undefined || event.orderIds.includes(orderId)) schedule();
  });
}
