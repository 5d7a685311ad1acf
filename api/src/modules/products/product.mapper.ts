import type {
  ProductDto,
  ProductSyncStatus,
  StockMovementDto,
  StockMovementSourceDto,
} from '@syncdesk/contracts';
import type { Product, StockMovement } from '../../db/catalogue.models';

/** A DECIMAL as the api answers it: "12.50" (MySQL hands numbers, SQLite numbers or text). */
export function priceText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The columns a product's DTO and its comparisons read. */
export type ProductRow = Pick<
  Product,
  | 'id'
  | 'uuid'
  | 'store_id'
  | 'sku'
  | 'title'
  | 'type'
  | 'quantity'
  | 'nominal_code'
  | 'barcode'
  | 'price'
  | 'api_quantity'
  | 'api_sync_status'
  | 'auto_sync_stock'
  | 'remote_id'
  | 'created_at'
  | 'updated_at'
>;

export function toProductDto(
  row: ProductRow,
  extras: { available: number; channels: ProductDto['channels'] },
): ProductDto {
  return {
    id: row.id,
    uuid: row.uuid,
    store_id: row.store_id,
    sku: row.sku,
    title: row.title,
    type: row.type,
    // A kit holds no stock: what it shows is what its components allow.
    quantity: row.type === 'kit' ? extras.available : row.quantity,
    available: extras.available,
    nominal_code: row.nominal_code,
    barcode: row.barcode,
    price: priceText(row.price),
    api_quantity: row.api_quantity,
    api_sync_status: row.api_sync_status as ProductSyncStatus,
    auto_sync_stock: Boolean(row.auto_sync_stock),
    remote_id: row.remote_id,
    channels: extras.channels,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toStockMovementDto(
  row: StockMovement,
  userName: string | null,
  source: StockMovementSourceDto | null = null,
): StockMovementDto {
  return {
    id: Number(row.id),
    product_id: row.product_id,
    delta: row.delta,
    quantity_after: row.quantity_after,
    reason: row.reason,
    source_ref: row.source_ref,
    source,
    user_name: userName,
    created_at: iso(row.created_at),
  };
}
