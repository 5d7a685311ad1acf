import { create } from 'zustand';

import type { ListParams } from '@syncdesk/contracts';

interface OrderListMemory {
  /** The last list parameters per store (tab, filters, search, sort, page). */
  byStore: Record<string, ListParams>;
  remember(storeId: string, params: ListParams): void;
}

/**
 * Where the seller was in a store's orders, for this page session only: opening an order and
 * coming back (or following its link from elsewhere) finds the list as it was left. Kept in
 * memory, so a reload or another company starts afresh.
 */
export const useOrderListMemory = create<OrderListMemory>()((set) => ({
  byStore: {},
  remember: (storeId, params) => set((state) => ({ byStore: { ...state.byStore, [storeId]: params } })),
}));
