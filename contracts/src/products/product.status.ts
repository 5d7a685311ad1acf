import { defineVocabulary } from '../vocabulary';

/**
 * Sync status of products, channel products and plugin products (and of a plugin's order copy).
 * 10–13 track cancelling an order towards the plugin; their labels say so, because bare
 * "In progress"/"Synced"/"Failed" would read the same as 1–3 in a list.
 */
export const PRODUCT_SYNC_STATUS = defineVocabulary('productSyncStatus', [
  { value: 0, key: 'pending', label: 'Pending', tone: 'default' },
  { value: 1, key: 'in_progress', label: 'In progress', tone: 'processing' },
  { value: 2, key: 'synced', label: 'Synced', tone: 'success' },
  { value: 3, key: 'failed', label: 'Failed', tone: 'error' },
  { value: 4, key: 'inventory_level_pending', label: 'Inventory level pending', tone: 'default' },
  { value: 5, key: 'inventory_level_in_progress', label: 'Inventory level in progress', tone: 'processing' },
  { value: 6, key: 'excluded', label: 'Excluded', tone: 'default' },
  { value: 7, key: 'return_api_in_progress', label: 'Return API in progress', tone: 'processing' },
  { value: 8, key: 'return_api_failed', label: 'Return API failed', tone: 'error' },
  { value: 9, key: 'return_api_synced', label: 'Return API synced', tone: 'success' },
  { value: 10, key: 'order_cancelling_pending', label: 'Order cancelling pending', tone: 'default' },
  {
    value: 11,
    key: 'order_cancelling_in_progress',
    label: 'Order cancelling in progress',
    tone: 'processing',
  },
  { value: 12, key: 'order_cancelling_synced', label: 'Order cancelling synced', tone: 'success' },
  { value: 13, key: 'order_cancelling_failed', label: 'Order cancelling failed', tone: 'error' },
  { value: 14, key: 'cancelled', label: 'Cancelled', tone: 'default' },
]);

/**
 * A channel product's `sync_status`: the product statuses plus Unmatched, a listing the catalogue
 * has no product for (a shop-only listing). Nothing was tried for it, so it is not Failed and stays
 * out of the failures; matching it to a product puts it back in line for a push.
 */
export const CHANNEL_PRODUCT_SYNC_STATUS = defineVocabulary('channelProductSyncStatus', [
  ...PRODUCT_SYNC_STATUS.entries,
  { value: 15, key: 'unmatched', label: 'Unmatched', tone: 'warning' },
]);

/** The same numbers name a plugin product's (and plugin order's) `plugin_sync_status`. */
export const PLUGIN_SYNC_STATUS = PRODUCT_SYNC_STATUS;

/** Listing-state filter of a channel's product list. The spec has no 3. */
export const PRODUCT_LISTING_FILTER = defineVocabulary('productListingFilter', [
  { value: 0, key: 'all', label: 'All', tone: 'default' },
  { value: 1, key: 'draft', label: 'Draft', tone: 'default' },
  { value: 2, key: 'pending', label: 'Pending', tone: 'processing' },
  { value: 4, key: 'live', label: 'Live', tone: 'success' },
]);

/** Product state filter of TikTok Shop (its API's own codes). */
export const TIKTOK_PRODUCT_FILTER = defineVocabulary('tiktokProductFilter', [
  { value: 'ALL', key: 'all', label: 'All', tone: 'default' },
  { value: 'DRAFT', key: 'draft', label: 'Draft', tone: 'default' },
  { value: 'PENDING', key: 'pending', label: 'Pending', tone: 'processing' },
  { value: 'FAILED', key: 'failed', label: 'Failed', tone: 'error' },
  { value: 'ACTIVATE', key: 'activate', label: 'Active', tone: 'success' },
  { value: 'SELLER_DEACTIVATED', key: 'seller_deactivated', label: 'Deactivated by seller', tone: 'warning' },
  {
    value: 'PLATFORM_DEACTIVATED',
    key: 'platform_deactivated',
    label: 'Deactivated by platform',
    tone: 'warning',
  },
  { value: 'FREEZE', key: 'freeze', label: 'Frozen', tone: 'warning' },
  { value: 'DELETED', key: 'deleted', label: 'Deleted', tone: 'default' },
]);
