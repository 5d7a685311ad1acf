import type { OrdersChangedEvent } from '@syncdesk/contracts';
import { useRealtimeEvent, useThrottledRefresh } from '@syncdesk/web-kit';

/**
 * At most one refetch per this window (an import sends one event per batch, live traffic several a
 * second); the first event of a quiet page refetches at once, so a new order shows without waiting.
 */
export const ORDERS_REFRESH_WINDOW_MS = 300;

export interface OrdersRefreshOptions {
  storeId: string | number;
  /** Only events naming this order count; absent: any order of the store. */
  orderId?: number;
  /** Called at once for a first event, then at most once per window while events keep coming. */
  refresh(): void;
}

/**
 * Refetches when orders of the store are imported or changed (`orders:changed`, one event per
 * import batch or action). Throttled, so a burst of batches reloads a few times at most; the caller reloads with
 * the parameters it already has, so filters, page, sort and selection stay as the user left them.
 */
export function useOrdersRefresh({ storeId, orderId, refresh }: OrdersRefreshOptions): void {
  const schedule = useThrottledRefresh(refresh, ORDERS_REFRESH_WINDOW_MS);

  useRealtimeEvent('orders:changed', (event: OrdersChangedEvent) => {
    if (String(event.storeId) !== String(storeId)) return;
    if (orderId === undefined || event.orderIds.includes(orderId)) schedule();
  });
}
