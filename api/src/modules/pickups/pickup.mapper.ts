import type { PickupProductDto, PickupStoreDto } from '@syncdesk/contracts';
import type { PickupProduct, PickupStore } from '../../db/courier.models';

export function toPickupStoreDto(row: PickupStore): PickupStoreDto {
  return {
    id: row.id,
    uuid: row.uuid,
    store_id: row.store_id,
    channel_id: row.channel_id,
    name: row.name,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    postcode: row.postcode,
    country_code: row.country_code,
    phone: row.phone,
    store_sync_status: row.store_sync_status as PickupStoreDto['store_sync_status'],
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toPickupProductDto(row: PickupProduct): PickupProductDto {
  return {
    id: row.id,
    pickup_store_id: row.pickup_store_id,
    product_sku: row.product_sku,
    product_id: row.product_id ?? null,
    title: row.title,
    quantity: row.quantity,
    pickup_status: row.pickup_status,
    status: row.status as PickupProductDto['status'],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
