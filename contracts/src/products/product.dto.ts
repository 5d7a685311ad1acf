import type { VocabularyValue } from '../vocabulary.types';
import type { CHANNEL_PRODUCT_SYNC_STATUS, PRODUCT_SYNC_STATUS } from './product.status';

/**
 * The catalogue's shapes as the api answers them (spec §3 Product, Kit item, Channel product,
 * Plugin product). Money is a decimal string ("12.50") so nothing is lost to floating point; the
 * browser formats it as GBP with 2 decimals.
 */

export const PRODUCT_TYPES = ['product', 'kit'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const STOCK_MOVEMENT_REASONS = [
  'manual',
  'import',
  'order',
  'cancellation',
  'plugin',
  'correction',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

export type ProductSyncStatus = VocabularyValue<typeof PRODUCT_SYNC_STATUS>;
export type ChannelProductSyncStatus = VocabularyValue<typeof CHANNEL_PRODUCT_SYNC_STATUS>;

/** A component line of a kit. */
export interface KitItemDto {
  product_id: number;
  sku: string;
  product_nominal_code: string | null;
  /** Units of the component in one kit (≥ 1). */
  quantity: number;
  title: string;
  /** The component's own available quantity now. */
  available: number;
}

/** What one sales channel will be told for a product (after buffer and cap), or that it is not told. */
export interface ProductChannelQuantityDto {
  channel_id: number;
  channel_name: string;
  channel_type: string;
  /** The channel product (listing) matched to this product, if any. */
  channel_product_id: number | null;
  /** null: the channel is not told (its auto_sync_stock or the product's is off). */
  quantity: number | null;
  /** Why `quantity` is what it is, in the seller's words ("Buffer of 2 subtracted", "Capped at 50"). */
  explanation: string[];
}

/** What a fulfilment plugin (WMS) reports it holds of a product. */
export interface ProductPluginQuantityDto {
  plugin_id: number;
  plugin_name: string;
  quantity: number | null;
  plugin_sync_status: ProductSyncStatus;
  plugin_synced_at: string | null;
}

export interface ProductDto {
  id: number;
  uuid: string;
  store_id: number;
  sku: string;
  title: string;
  type: ProductType;
  /** On hand for a product; for a kit, the computed availability (a kit holds no stock). */
  quantity: number;
  /** Available to sell: on hand never below 0 for a product, computed availability for a kit. */
  available: number;
  nominal_code: string | null;
  barcode: string | null;
  price: string | null;
  api_quantity: number | null;
  api_sync_status: ProductSyncStatus;
  auto_sync_stock: boolean;
  remote_id: string | null;
  /** Names of the sales channels listing this product (matched channel products). */
  channels: { id: number; name: string; type: string }[];
  created_at: string;
  updated_at: string;
}

/** The detail view: a product with its components, the kits using it and its per-channel figures. */
export interface ProductDetailDto extends ProductDto {
  kit_items: KitItemDto[];
  used_in_kits: { id: number; sku: string; title: string }[];
  channel_quantities: ProductChannelQuantityDto[];
  plugin_quantities: ProductPluginQuantityDto[];
}

/** One row of the append-only stock ledger. */
export interface StockMovementDto {
  id: number;
  product_id: number;
  delta: number;
  quantity_after: number;
  reason: StockMovementReason;
  source_ref: string | null;
  /** What the source reference points at, when it is still there: the page links to it. */
  source: StockMovementSourceDto | null;
  user_name: string | null;
  created_at: string;
}

/**
 * The record behind a movement's source: the order an order line belongs to, the sales channel or
 * plugin that reported, or the import (a file transfer) that set the figure.
 */
export type StockMovementSourceDto =
  | { kind: 'order'; order_id: number; label: string }
  | { kind: 'channel'; channel_id: number; label: string }
  | { kind: 'plugin'; plugin_id: number; label: string }
  | { kind: 'import'; transfer_uuid: string; label: string };

/** Answer of `POST products/{storeId}/checkProductUsedInKit`. */
export interface ProductKitUsageDto {
  /** Products of the request that are components of a kit, with the kits using them. */
  used: { product_uuid: string; sku: string; kits: { uuid: string; sku: string; title: string }[] }[];
}

/** A sales channel's listing (spec §3 Channel product). */
export interface ChannelProductDto {
  id: number;
  uuid: string;
  store_id: number;
  channel_id: number;
  channel_name: string;
  channel_product_id: string;
  sku: string | null;
  remote_sku: string | null;
  title: string | null;
  /** What the channel reports it shows. */
  quantity: number | null;
  price: string | null;
  listing_status: number;
  tiktok_status: string | null;
  product_id: number | null;
  matched_sku: string | null;
  /** What the channel will be told now (stock rules); null when it is not told or unmatched. */
  target_quantity: number | null;
  sync_status: ChannelProductSyncStatus;
  webhook_sync_status: number;
  plugin_sync_status: ProductSyncStatus;
  pushed_quantity: number | null;
  pushed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A product as a fulfilment plugin has it (spec §3 Plugin product). */
export interface PluginProductDto {
  id: number;
  uuid: string;
  store_id: number;
  plugin_id: number;
  product_id: number;
  sku: string;
  title: string;
  remote_id: string | null;
  quantity: number | null;
  plugin_sync_status: ProductSyncStatus;
  plugin_synced_at: string | null;
  created_at: string;
  updated_at: string;
}
