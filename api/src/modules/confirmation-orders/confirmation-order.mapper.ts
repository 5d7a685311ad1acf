import {
  ACKNOWLEDGE_SYNC_STATUS,
  acknowledgementDeadline,
  type AcknowledgeSyncStatus,
  type ConfirmationOrderDetailDto,
  type ConfirmationOrderDto,
  type ConfirmationOrderItemDto,
  type RejectionReason,
} from '@syncdesk/contracts';
import type { ConfirmationOrder, ConfirmationOrderItem } from '../../db/confirmation-order.models';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** DECIMAL comes back as a string from MySQL and a number from SQLite: always "12.50". */
export function decimalText(value: string | number | null): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

export function toConfirmationOrderDto(
  row: ConfirmationOrder,
  channelName: string | null,
): ConfirmationOrderDto {
  const status = row.acknowledge_sync_status as AcknowledgeSyncStatus;
  return {
    id: row.id,
    uuid: row.uuid,
    store_id: row.store_id,
    channel_id: row.channel_id,
    channel_name: channelName,
    purchase_order_number: row.purchase_order_number,
    status: row.status,
    order_date: row.order_date.toISOString(),
    acknowledge_by: iso(row.acknowledge_by),
    acknowledge_sync_status: status,
    friendly_acknowledge_sync_status: ACKNOWLEDGE_SYNC_STATUS.label(status),
    item_count: row.item_count,
    total_quantity: row.total_quantity,
    currency: row.currency,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toConfirmationOrderDetailDto(
  row: ConfirmationOrder,
  channelName: string | null,
  now: Date = new Date(),
): ConfirmationOrderDetailDto {
  return {
    ...toConfirmationOrderDto(row, channelName),
    ship_window_start: iso(row.ship_window_start),
    ship_window_end: iso(row.ship_window_end),
    buyer_party_id: row.buyer_party_id,
    ship_to_party_id: row.ship_to_party_id,
    selling_party_id: row.selling_party_id,
    seller_note: row.seller_note,
    acknowledged_at: iso(row.acknowledged_at),
    acknowledge_error: row.acknowledge_error,
    deadline: acknowledgementDeadline(row.acknowledge_by, now),
  };
}

export function toConfirmationOrderItemDto(row: ConfirmationOrderItem): ConfirmationOrderItemDto {
  return {
    id: row.id,
    confirmation_order_id: row.confirmation_order_id,
    item_sequence_number: row.item_sequence_number,
    sku: row.sku,
    remote_product_id: row.remote_product_id,
    title: row.title,
    product_id: row.product_id,
    ordered_quantity: row.ordered_quantity,
    net_cost: decimalText(row.net_cost),
    accepted_quantity: row.accepted_quantity,
    backordered_quantity: row.backordered_quantity,
    rejected_quantity: row.rejected_quantity,
    rejected_reason: (row.rejected_reason as RejectionReason | null) ?? null,
    scheduled_ship_date: row.scheduled_ship_date ?? null,
    scheduled_delivery_date: row.scheduled_delivery_date ?? null,
    request_state: row.request_state,
    acknowledge_status: row.acknowledge_status as AcknowledgeSyncStatus,
  };
}
