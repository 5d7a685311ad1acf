import type { AcknowledgementDeadline, RejectionReason } from './acknowledgement-rules';

/** Acknowledge sync values (ACKNOWLEDGE_SYNC_STATUS). */
export type AcknowledgeSyncStatus = 'pending' | 'processing' | 'success' | 'failed';

/** A confirmation order in the list (`GET confirmationOrders/{storeId}`). */
export interface ConfirmationOrderDto {
  id: number;
  uuid: string;
  store_id: number;
  channel_id: number;
  channel_name: string | null;
  /** The retailer's purchase order number (unique per channel). */
  purchase_order_number: string;
  /** PURCHASE_ORDER_STATUS value (the channel's own string). */
  status: string;
  /** ISO date-time the retailer placed the order. */
  order_date: string;
  /** ISO date-time the retailer wants the acknowledgement by; null when the order carries none. */
  acknowledge_by: string | null;
  acknowledge_sync_status: AcknowledgeSyncStatus;
  /** The label of `acknowledge_sync_status` (spec §3). */
  friendly_acknowledge_sync_status: string;
  item_count: number;
  total_quantity: number;
  currency: string | null;
  created_at: string;
  updated_at: string;
}

/** `GET confirmationOrders/{storeId}/{id}`: the header and the deadline. */
export interface ConfirmationOrderDetailDto extends ConfirmationOrderDto {
  ship_window_start: string | null;
  ship_window_end: string | null;
  buyer_party_id: string | null;
  ship_to_party_id: string | null;
  /** The vendor code the acknowledgement is sent under (seller-editable). */
  selling_party_id: string | null;
  /** The seller's own note (seller-editable; never sent to the retailer). */
  seller_note: string | null;
  acknowledged_at: string | null;
  /** Why the channel refused the last acknowledgement (set by the sync engine). */
  acknowledge_error: string | null;
  /** Time left until `acknowledge_by`, computed when answered; null without a deadline. */
  deadline: AcknowledgementDeadline | null;
}

/** `GET confirmationOrders/{storeId}/{id}/confirmationOrderItems`. */
export interface ConfirmationOrderItemDto {
  id: number;
  confirmation_order_id: number;
  item_sequence_number: string;
  /** The vendor's SKU (Amazon vendorProductIdentifier). */
  sku: string | null;
  /** The retailer's product id (Amazon ASIN). */
  remote_product_id: string | null;
  title: string | null;
  /** The matched product of the store (by SKU), if any. */
  product_id: number | null;
  ordered_quantity: number;
  /** Decimal string, e.g. "12.50". */
  net_cost: string | null;
  accepted_quantity: number;
  backordered_quantity: number;
  rejected_quantity: number;
  rejected_reason: RejectionReason | null;
  /** `YYYY-MM-DD`. */
  scheduled_ship_date: string | null;
  scheduled_delivery_date: string | null;
  /** REQUEST_STATE value. */
  request_state: string;
  acknowledge_status: AcknowledgeSyncStatus;
}

/** One purchase order handed to `importBatch` (what a connector or the seed normalises to). */
export interface ConfirmationOrderImport {
  purchase_order_number: string;
  status?: string;
  order_date: string | Date;
  acknowledge_by?: string | Date | null;
  ship_window_start?: string | Date | null;
  ship_window_end?: string | Date | null;
  buyer_party_id?: string | null;
  ship_to_party_id?: string | null;
  selling_party_id?: string | null;
  currency?: string | null;
  items: ConfirmationOrderImportItem[];
}

export interface ConfirmationOrderImportItem {
  item_sequence_number: string;
  sku?: string | null;
  remote_product_id?: string | null;
  title?: string | null;
  ordered_quantity: number;
  net_cost?: string | null;
}

/** What `importBatch` did; a bad purchase order is reported and never blocks the others. */
export interface ConfirmationOrderImportResult {
  created: number;
  updated: number;
  failed: { purchase_order_number: string; reason: string }[];
  /** Ids of the stored (created or updated) confirmation orders. */
  ids: number[];
}
