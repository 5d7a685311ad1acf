import { defineVocabulary } from '../vocabulary';

/** Sync of a Shopify click-and-collect order's pickup state ('Mark as Ready For Pickup' / 'Picked Up'). */
export const SHOPIFY_PICKUP_SYNC_STATUS = defineVocabulary('shopifyPickupSyncStatus', [
  // Nothing has been asked of Shopify yet.
  { value: 0, key: 'default', label: 'Not requested', tone: 'default' },
  { value: 1, key: 'pending', label: 'Pending', tone: 'default' },
  { value: 2, key: 'in_progress', label: 'In progress', tone: 'processing' },
  { value: 3, key: 'synced', label: 'Synced', tone: 'success' },
  { value: 4, key: 'failed', label: 'Failed', tone: 'error' },
]);

/** Sync of a pickup store (`store_sync_status`) towards the channel. */
export const PICKUP_STORE_SYNC_STATUS = defineVocabulary('pickupStoreSyncStatus', [
  { value: 0, key: 'pending', label: 'Pending', tone: 'default' },
  { value: 1, key: 'in_progress', label: 'In progress', tone: 'processing' },
  { value: 2, key: 'synced', label: 'Synced', tone: 'success' },
  { value: 3, key: 'updated', label: 'Updated', tone: 'processing' },
  { value: 4, key: 'deleted', label: 'Deleted', tone: 'default' },
  { value: 5, key: 'failed', label: 'Failed', tone: 'error' },
  { value: 6, key: 'updated_status', label: 'Status updated', tone: 'processing' },
]);

/**
 * Where a click-and-collect product stands at the pickup store; the spec's actions 'Mark as Ready
 * For Pickup' and 'Mark as Picked Up' move it one step forward, never back.
 */
export const PICKUP_PRODUCT_STATUS = defineVocabulary('pickupProductStatus', [
  { value: 'awaiting', key: 'awaiting', label: 'Awaiting', tone: 'default' },
  { value: 'ready_for_pickup', key: 'ready_for_pickup', label: 'Ready for pickup', tone: 'processing' },
  { value: 'picked_up', key: 'picked_up', label: 'Picked up', tone: 'success' },
]);

/**
 * The spec's two click-and-collect actions (the buttons' labels), in their only order: each moves
 * a pickup product or a pickup order to `to`, the step after the one before.
 */
export const PICKUP_ACTIONS = [
  { action: 'Mark as Ready For Pickup', key: 'ready_for_pickup', to: 'ready_for_pickup' },
  { action: 'Mark as Picked Up', key: 'picked_up', to: 'picked_up' },
] as const;
