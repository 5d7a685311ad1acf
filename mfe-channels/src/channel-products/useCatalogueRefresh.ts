import type { CatalogueChangedEvent, StockChangedEvent } from '@syncdesk/contracts';
import { useRealtimeEvent } from '@syncdesk/web-kit';

export interface CatalogueRefreshTarget {
  storeId: string;
  subject: 'channel_products' | 'plugin_products';
  /** The channel or plugin the screen shows; events naming another one are ignored. */
  channelId?: string;
  pluginId?: string;
  /** The listings shown (a detail page's one); events naming only others are ignored. */
  ids?: readonly number[];
  /**
   * Whether a stock change of these products concerns the screen (its target quantities follow
   * from them); absent: stock events are ignored.
   */
  stockConcerns?(productIds: readonly number[]): boolean;
}

const sameId = (wanted: string | undefined, got: number | undefined) =>
  wanted === undefined || got === undefined || String(got) === wanted;

/** Whether a `catalogue:changed` event is about what the screen shows. */
export function catalogueEventConcerns(
  target: CatalogueRefreshTarget,
  event: CatalogueChangedEvent,
): boolean {
  if (String(event.storeId) !== target.storeId || event.subject !== target.subject) return false;
  if (!sameId(target.channelId, event.channelId) || !sameId(target.pluginId, event.pluginId)) return false;
  // No ids: too many changed to name them (a bulk action or an import).
  if (!target.ids || !event.ids) return true;
  return event.ids.some((id) => target.ids?.includes(id));
}

/**
 * Refetches a channel- or plugin-product screen when the server says its rows changed
 * (`catalogue:changed`) or, where target quantities are shown, when their products' stock did
 * (`stock:changed`). Events are small and only name ids; the screen reloads what it shows.
 */
export function useCatalogueRefresh(target: CatalogueRefreshTarget, reload: () => void): void {
  useRealtimeEvent('catalogue:changed', (event) => {
    if (catalogueEventConcerns(target, event)) reload();
  });
  useRealtimeEvent('stock:changed', (event: StockChangedEvent) => {
    if (String(event.storeId) === target.storeId && target.stockConcerns?.(event.productIds)) reload();
  });
}
