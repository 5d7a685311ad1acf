import type { KitItemDto, ProductDetailDto, ProductDto } from '@syncdesk/contracts';

const TIMES = { created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-22T14:03:05Z' };

export function productRow(overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    id: 31,
    uuid: 'a1a1a1a1-0000-4000-8000-000000000031',
    store_id: 11,
    sku: 'MUG-RED',
    title: 'Red mug',
    type: 'product',
    quantity: 12,
    available: 12,
    nominal_code: '4000',
    barcode: null,
    price: '1234.5',
    api_quantity: null,
    api_sync_status: 2,
    auto_sync_stock: true,
    remote_id: null,
    channels: [{ id: 5, name: 'Acme Shopify', type: 'shopify' }],
    ...TIMES,
    ...overrides,
  };
}

export const MUG = productRow();
export const LID = productRow({
  id: 32,
  uuid: 'a1a1a1a1-0000-4000-8000-000000000032',
  sku: 'LID-1',
  title: 'Mug lid',
  quantity: 5,
  available: 5,
  price: '2',
  nominal_code: null,
  channels: [],
  auto_sync_stock: false,
  api_sync_status: 0,
});
export const GIFT_SET = productRow({
  id: 40,
  uuid: 'a1a1a1a1-0000-4000-8000-000000000040',
  sku: 'GIFT-SET',
  title: 'Mug gift set',
  type: 'kit',
  quantity: 5,
  available: 5,
  price: '20',
  api_sync_status: 3,
});

export function kitItem(product: ProductDto, quantity: number): KitItemDto {
  return {
    product_id: product.id,
    sku: product.sku,
    product_nominal_code: product.nominal_code,
    quantity,
    title: product.title,
    available: product.available,
  };
}

export function detail(product: ProductDto, overrides: Partial<ProductDetailDto> = {}): ProductDetailDto {
  return {
    ...product,
    kit_items: [],
    used_in_kits: [],
    channel_quantities: [],
    plugin_quantities: [],
    ...overrides,
  };
}
