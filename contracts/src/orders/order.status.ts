import { defineVocabulary } from '../vocabulary';

/** Order sync status (numeric, stored on the order). 5 and 8–13 are not used by orders. */
export const ORDER_SYNC_STATUS = defineVocabulary('orderSyncStatus', [
  { value: 0, key: 'pending', label: 'Pending', tone: 'default' },
  { value: 1, key: 'updated', label: 'Updated', tone: 'processing' },
  { value: 2, key: 'synced', label: 'Synced', tone: 'success' },
  { value: 3, key: 'on_hold', label: 'On hold', tone: 'warning' },
  { value: 4, key: 'in_progress', label: 'In progress', tone: 'processing' },
  { value: 6, key: 'excluded', label: 'Excluded', tone: 'default' },
  { value: 7, key: 'failed', label: 'Failed', tone: 'error' },
  { value: 14, key: 'cancelled', label: 'Cancelled', tone: 'default' },
  { value: 15, key: 'rule_engine_in_progress', label: 'Rule engine in progress', tone: 'processing' },
]);

/**
 * Display-only order states the screens show beside the numeric sync status (derived, never
 * stored as a sync status), so their values are the string keys themselves.
 */
export const ORDER_SYNC_DISPLAY_STATUS = defineVocabulary('orderSyncDisplayStatus', [
  { value: 'priority_pending', key: 'priority_pending', label: 'Priority pending', tone: 'warning' },
  { value: 'deleting', key: 'deleting', label: 'Deleting', tone: 'processing' },
  { value: 'pending_sync', key: 'pending_sync', label: 'Pending sync', tone: 'default' },
  {
    value: 'cancellation_awaiting_send',
    key: 'cancellation_awaiting_send',
    label: 'Cancellation awaiting send',
    tone: 'default',
  },
  {
    value: 'cancellation_pending_sync',
    key: 'cancellation_pending_sync',
    label: 'Cancellation pending sync',
    tone: 'default',
  },
  { value: 'cancellation_synced', key: 'cancellation_synced', label: 'Cancellation synced', tone: 'success' },
  { value: 'cancellation_failed', key: 'cancellation_failed', label: 'Cancellation failed', tone: 'error' },
]);

/** Marketplace order status, as the channels name it (string values on the wire). */
export const ORDER_STATUS = defineVocabulary('orderStatus', [
  { value: 'Unpaid', key: 'unpaid', label: 'Unpaid', tone: 'warning' },
  { value: 'Unshipped', key: 'unshipped', label: 'Unshipped', tone: 'default' },
  { value: 'PartiallyShipped', key: 'partially_shipped', label: 'Partially shipped', tone: 'processing' },
  { value: 'Shipped', key: 'shipped', label: 'Shipped', tone: 'success' },
  { value: 'Cancelled', key: 'cancelled', label: 'Cancelled', tone: 'default' },
  { value: 'Refunded', key: 'refunded', label: 'Refunded', tone: 'default' },
  { value: 'Unfulfillable', key: 'unfulfillable', label: 'Unfulfillable', tone: 'error' },
]);

/** Payment state of an order, as the channels name it (string values). */
export const PAYMENT = defineVocabulary('payment', [
  { value: 'Pending', key: 'pending', label: 'Pending', tone: 'default' },
  { value: 'Authorized', key: 'authorized', label: 'Authorized', tone: 'processing' },
  { value: 'PartiallyPaid', key: 'partially_paid', label: 'Partially paid', tone: 'warning' },
  { value: 'Paid', key: 'paid', label: 'Paid', tone: 'success' },
  { value: 'PartiallyRefunded', key: 'partially_refunded', label: 'Partially refunded', tone: 'warning' },
  { value: 'Refunded', key: 'refunded', label: 'Refunded', tone: 'default' },
  { value: 'Voided', key: 'voided', label: 'Voided', tone: 'default' },
  // The channel sent no payment state at all.
  { value: 'Blank', key: 'blank', label: 'Blank', tone: 'default' },
]);

/** Payment status as a number (the form some channels and exports use). The spec has no 0. */
export const PAYMENT_STATUS_NUMBER = defineVocabulary('paymentStatusNumber', [
  { value: 1, key: 'paid', label: 'Paid', tone: 'success' },
  { value: 2, key: 'partially_paid', label: 'Partially paid', tone: 'warning' },
  { value: 3, key: 'unpaid', label: 'Unpaid', tone: 'warning' },
  { value: 4, key: 'authorized', label: 'Authorized', tone: 'processing' },
  { value: 5, key: 'not_applicable', label: 'Not applicable', tone: 'default' },
]);

/** Fulfilment (shipment) sync status of an order or order item fulfilment. */
export const FULFILMENT_STATUS = defineVocabulary('fulfilmentStatus', [
  { value: 0, key: 'awaiting_send', label: 'Awaiting send', tone: 'default' },
  { value: 1, key: 'pending_sync', label: 'Pending sync', tone: 'default' },
  { value: 2, key: 'synced', label: 'Synced', tone: 'success' },
  { value: 3, key: 'failed', label: 'Failed', tone: 'error' },
  { value: 4, key: 'no_fulfilment', label: 'No fulfilment', tone: 'default' },
  { value: 5, key: 'locations_pending', label: 'Locations pending', tone: 'default' },
  { value: 6, key: 'warning', label: 'Warning', tone: 'warning' },
  // Amazon Prime orders are fulfilled by Amazon; nothing to send.
  { value: 7, key: 'prime', label: 'Prime', tone: 'processing' },
  { value: 8, key: 'waiting_process_check', label: 'Waiting process check', tone: 'processing' },
]);

/** Shopify fraud analysis recommendation on an order (drives auto-hold of fraud orders). */
export const SHOPIFY_RECOMMENDED_ACTION = defineVocabulary('shopifyRecommendedAction', [
  { value: 'ACCEPT', key: 'accept', label: 'Accept', tone: 'success' },
  { value: 'INVESTIGATE', key: 'investigate', label: 'Investigate', tone: 'warning' },
  { value: 'CANCEL', key: 'cancel', label: 'Cancel', tone: 'error' },
  { value: 'NONE', key: 'none', label: 'None', tone: 'default' },
]);
