import { defineVocabulary } from '../vocabulary';

/** Sync of a confirmation order's acknowledgement to the channel (string values; the spec gives names only). */
export const ACKNOWLEDGE_SYNC_STATUS = defineVocabulary('acknowledgeSyncStatus', [
  { value: 'pending', key: 'pending', label: 'Pending', tone: 'default' },
  { value: 'processing', key: 'processing', label: 'Processing', tone: 'processing' },
  { value: 'success', key: 'success', label: 'Success', tone: 'success' },
  { value: 'failed', key: 'failed', label: 'Failed', tone: 'error' },
]);

/** Status of the purchase order behind a confirmation order (the channel's own strings). */
export const PURCHASE_ORDER_STATUS = defineVocabulary('purchaseOrderStatus', [
  { value: 'Parked', key: 'parked', label: 'Parked', tone: 'default' },
  { value: 'Placed', key: 'placed', label: 'Placed', tone: 'processing' },
  { value: 'Backordered', key: 'backordered', label: 'Backordered', tone: 'warning' },
  { value: 'Completed', key: 'completed', label: 'Completed', tone: 'success' },
  { value: 'Deleted', key: 'deleted', label: 'Deleted', tone: 'default' },
]);

/** State of a requested item in a confirmation order. */
export const REQUEST_STATE = defineVocabulary('requestState', [
  { value: 'Pending', key: 'pending', label: 'Pending', tone: 'default' },
  { value: 'Accepted', key: 'accepted', label: 'Accepted', tone: 'success' },
  { value: 'Shipped', key: 'shipped', label: 'Shipped', tone: 'success' },
  { value: 'Rejected', key: 'rejected', label: 'Rejected', tone: 'error' },
]);
