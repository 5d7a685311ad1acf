import type { ProductType } from '@syncdesk/contracts';

/** One product of a batch write (an import file's row, a channel's product download). */
export interface ProductUpsertRow {
  sku: string;
  title: string;
  type: ProductType;
  /** On hand to set (absent: keep; ignored for kits). */
  quantity?: number | null;
  price?: string | null;
  nominal_code?: string | null;
  barcode?: string | null;
  auto_sync_stock?: boolean;
  /** For kits: the components by SKU. */
  kit_items?: { sku: string; quantity: number; product_nominal_code?: string | null }[];
}

/** What became of one row of a batch, in the row's order. */
export type UpsertRowResult =
  | { status: 'created' | 'updated' | 'unchanged'; id: number }
  | { status: 'failed'; errors: { field: string; message: string }[] };
