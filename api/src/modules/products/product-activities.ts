import type { Transaction } from 'sequelize';
import type { Models } from '../../db/models';
import type { RequestScope } from '../../http/request-scope';
import { insertRows } from './product-lookups';
import { priceText } from './product.mapper';

/** One activity as the activity log keeps it (the same columns `activities.record` writes). */
export interface ProductActivity {
  event: string;
  subjectType: string;
  subjectId: number | null;
  companyId: number;
  old?: Record<string, unknown> | null;
  new?: Record<string, unknown> | null;
}

/**
 * Writes activities inside the catalogue's own transaction, so a change and its record commit
 * together (and, on SQLite, no second connection waits on the writer's lock). Many at once for
 * batches.
 */
export async function recordActivities(
  models: Models,
  scope: RequestScope | null,
  entries: ProductActivity[],
  transaction: Transaction,
): Promise<void> {
  if (entries.length === 0) return;
  const now = new Date();
  const rows = entries.map((entry) => ({
    company_id: entry.companyId,
    user_id: scope?.userId ?? null,
    source: scope ? (scope.tokenId.startsWith('api-token:') ? 'api_token' : 'user') : 'system',
    source_name: scope?.userName ?? 'System',
    via: scope?.via ?? 'system',
    event: entry.event,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    old_values: entry.old ? JSON.stringify(entry.old) : null,
    new_values: entry.new ? JSON.stringify(entry.new) : null,
    created_at: now,
  }));
  await insertRows(models.Activity, rows, transaction);
}

/** What a product's activity records of it (its on hand is the ledger's, never recorded here). */
export function productSnapshot(
  product: {
    sku: string;
    title: string;
    type: string;
    price: unknown;
    nominal_code: string | null;
    barcode: string | null;
    auto_sync_stock: boolean | number;
  },
  kitItems?: readonly { sku: string; quantity: number }[],
): Record<string, unknown> {
  return {
    sku: product.sku,
    title: product.title,
    type: product.type,
    price: priceText(product.price),
    nominal_code: product.nominal_code,
    barcode: product.barcode,
    auto_sync_stock: Boolean(product.auto_sync_stock),
    ...(product.type === 'kit' && kitItems
      ? { kit_items: kitItems.map((item) => `${item.quantity} × ${item.sku}`) }
      : {}),
  };
}
