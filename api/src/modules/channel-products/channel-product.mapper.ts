import type {
  ChannelProductDto,
  ChannelProductSyncStatus,
  PluginProductDto,
  ProductSyncStatus,
} from '@syncdesk/contracts';
import type { ChannelProduct, PluginProduct } from '../../db/catalogue.models';
import type { Channel } from '../../db/channel.models';

/** A DECIMAL as the api answers money: a string with two decimals ("12.50"), or null. */
export function moneyOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : null;
}

const isoOf = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export function toChannelProductDto(
  row: ChannelProduct,
  channel: Pick<Channel, 'name'>,
  targetQuantity: number | null,
): ChannelProductDto {
  return {
    id: row.id,
    uuid: row.uuid,
    store_id: row.store_id,
    channel_id: row.channel_id,
    channel_name: channel.name,
    channel_product_id: row.channel_product_id,
    sku: row.sku,
    remote_sku: row.remote_sku,
    title: row.title,
    quantity: row.quantity,
    price: moneyOf(row.price),
    listing_status: row.listing_status,
    tiktok_status: row.tiktok_status,
    product_id: row.product_id,
    matched_sku: row.matched_sku,
    target_quantity: targetQuantity,
    sync_status: row.sync_status as ChannelProductSyncStatus,
    webhook_sync_status: row.webhook_sync_status,
    plugin_sync_status: row.plugin_sync_status as ProductSyncStatus,
    pushed_quantity: row.pushed_quantity,
    pushed_at: isoOf(row.pushed_at),
    created_at: isoOf(row.created_at)!,
    updated_at: isoOf(row.updated_at)!,
  };
}

export function toPluginProductDto(
  row: PluginProduct,
  product: { sku: string; title: string } | undefined,
): PluginProductDto {
  return {
    id: row.id,
    uuid: row.uuid,
    store_id: row.store_id,
    plugin_id: row.plugin_id,
    product_id: row.product_id,
    sku: product?.sku ?? '',
    title: product?.title ?? '',
    remote_id: row.remote_id,
    quantity: row.quantity,
    plugin_sync_status: row.plugin_sync_status as ProductSyncStatus,
    plugin_synced_at: isoOf(row.plugin_synced_at),
    created_at: isoOf(row.created_at)!,
    updated_at: isoOf(row.updated_at)!,
  };
}

/** What an activity records of a listing's match. */
export const matchValues = (row: Pick<ChannelProduct, 'product_id' | 'matched_sku'>) => ({
  product_id: row.product_id,
  matched_sku: row.matched_sku,
});
