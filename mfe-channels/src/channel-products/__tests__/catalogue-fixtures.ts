import type { ChannelProductDto, PluginProductDto, ProductDetailDto, ProductDto } from '@syncdesk/contracts';

import { sessionUser } from '../../__tests__/render-page';

/** A user who may see, change and delete products and listings. */
export const CATALOGUE_MANAGER = sessionUser({
  scope: ['stores.read', 'channels.read', 'products.read', 'products.update', 'products.delete'],
});

/** A user who may only look. */
export const CATALOGUE_READER = sessionUser({ scope: ['stores.read', 'channels.read', 'products.read'] });

export function listing(overrides: Partial<ChannelProductDto> = {}): ChannelProductDto {
  return {
    id: 301,
    uuid: '9a1f0c3e-0000-4000-8000-000000000301',
    store_id: 11,
    channel_id: 5,
    channel_name: 'Acme Shopify',
    channel_product_id: 'gid-1001',
    sku: 'MUG-1',
    remote_sku: 'SHOP-MUG-1',
    title: 'Blue mug',
    quantity: 7,
    price: '12.5',
    listing_status: 4,
    tiktok_status: null,
    product_id: 41,
    matched_sku: 'MUG-1',
    target_quantity: 5,
    sync_status: 2,
    webhook_sync_status: 0,
    plugin_sync_status: 0,
    pushed_quantity: 5,
    pushed_at: '2026-11-22T14:03:05Z',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-22T14:03:05Z',
    ...overrides,
  };
}

/** An unmatched listing: no product, so the channel is not told anything. */
export const UNMATCHED = listing({
  id: 302,
  uuid: '9a1f0c3e-0000-4000-8000-000000000302',
  channel_product_id: 'gid-1002',
  sku: 'TEA-9',
  remote_sku: null,
  title: 'Green tea',
  quantity: 3,
  price: null,
  listing_status: 1,
  product_id: null,
  matched_sku: null,
  target_quantity: null,
  sync_status: 15,
  pushed_quantity: null,
  pushed_at: null,
});

export function product(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    id: 41,
    uuid: '4b1c0d2e-0000-4000-8000-000000000041',
    store_id: 11,
    sku: 'MUG-1',
    title: 'Blue mug',
    type: 'product',
    quantity: 9,
    available: 9,
    nominal_code: null,
    barcode: null,
    price: '12.50',
    api_quantity: null,
    api_sync_status: 2,
    auto_sync_stock: true,
    remote_id: null,
    channels: [],
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

export function productDetail(overrides: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return {
    ...product(),
    kit_items: [],
    used_in_kits: [],
    channel_quantities: [
      {
        channel_id: 5,
        channel_name: 'Acme Shopify',
        channel_type: 'shopify',
        channel_product_id: 301,
        quantity: 5,
        explanation: ['9 available', 'Low stock buffer of 4 subtracted'],
      },
    ],
    plugin_quantities: [],
    ...overrides,
  };
}

export function pluginProduct(overrides: Partial<PluginProductDto> = {}): PluginProductDto {
  return {
    id: 501,
    uuid: '7c2d1e3f-0000-4000-8000-000000000501',
    store_id: 11,
    plugin_id: 9,
    product_id: 41,
    sku: 'MUG-1',
    title: 'Blue mug',
    remote_id: 'WMS-77',
    quantity: 12,
    plugin_sync_status: 3,
    plugin_synced_at: '2026-11-22T09:15:00Z',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-22T09:15:00Z',
    ...overrides,
  };
}
