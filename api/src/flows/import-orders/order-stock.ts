import { deductionKey, restoreKey, storedKey } from '../../modules/products/stock.service';
import type { StockChange } from '../../modules/products/stock.types';
import type { LinePart } from './order-lines';
import { inList, type SqlDialect, type StatementQueue } from '../../db/sql-statements';

/**
 * What an order's lines take from stock, kept equal to what the order says now.
 *
 * A new order takes each line's units once (the ledger's per-line key). A changed order is
 * reconciled against the ledger: for every (line, product) the ledger's movements add up to what
 * is taken now, and the difference to what the order asks for is written as one more movement.
 * So a quantity raised from 2 to 3 takes 1 more, lowered gives back the difference, a line that
 * went (or stopped matching a product) gives back what it took, a cancelled order gives everything
 * back and an un-cancelled one takes it again — each exactly once, however often the same order
 * comes back, because the same ledger then needs no difference.
 *
 * Keys: the first take of a (line, product) is `deductionKey`, the first give-back on cancellation
 * `restoreKey` (what the stock service's own order-line calls use); later movements add `#n`, n
 * being the number of movements the pair has. Two imports that read the same ledger write the
 * same key: the unique index stops the second, and the transaction runner runs it again against
 * the new ledger.
 *
 * With `deduct_stock_via_orders` off nothing new is taken, but a cancelled order still gives back
 * what it took while the setting was on.
 */

export interface OrderStockPlan {
  /** No stored row before this batch: nothing can have been taken by the import yet. */
  fresh: boolean;
  cancelled: boolean;
  /** Every line key the order has or had (removed lines give their stock back). */
  lineKeys: string[];
  /** What the order's lines ask for now, by line key. */
  wanted: Map<string, LinePart[]>;
}

interface LedgerEntry {
  /** Signed units: what the movements add up to (negative: taken). */
  net: number;
  movements: number;
  keys: Set<string>;
}

/** What the ledger holds per line key and product. */
export type OrderLedger = Map<string, Map<number, LedgerEntry>>;

/**
 * The order movements of changed orders' lines, added up per line and product: the lines they
 * have now (by key) and the lines they had (read through order_items, so this read need not wait
 * for the old lines). Line keys fit the ledger's column as they are (orderLineKey hashes long
 * ones), so a movement's source_ref is its line key.
 */
export async function readOrderLedger(
  queue: StatementQueue,
  dialect: SqlDialect,
  storeId: number,
  lineKeys: string[],
  orderIds: number[],
): Promise<OrderLedger> {
  const ledger: OrderLedger = new Map();
  if (orderIds.length === 0) return ledger;
  const reads: Promise<LedgerRow[]>[] = [];
  const select = (condition: string) =>
    queue.rows<LedgerRow>(
      `SELECT source_ref, product_id, delta, idempotency_key FROM stock_movements WHERE store_id = ${storeId} ` +
        `AND reason IN ('order', 'cancellation') AND ${condition}`,
    );
  for (let start = 0; start < lineKeys.length; start += 1000)
    reads.push(select(`source_ref IN (${inList(dialect, lineKeys.slice(start, start + 1000))})`));
  for (let start = 0; start < orderIds.length; start += 1000)
    reads.push(
      select(
        `source_ref IN (SELECT line_key FROM order_items WHERE order_id IN (${inList(dialect, orderIds.slice(start, start + 1000))}))`,
      ),
    );
  const seen = new Set<string>();
  for (const rows of await Promise.all(reads)) {
    for (const row of rows) {
      // A movement can come back from both reads.
      if (seen.has(row.idempotency_key)) continue;
      seen.add(row.idempotency_key);
      const products = ledger.get(row.source_ref) ?? new Map<number, LedgerEntry>();
      const productId = Number(row.product_id);
      const entry = products.get(productId) ?? { net: 0, movements: 0, keys: new Set<string>() };
      entry.net += Number(row.delta);
      entry.movements += 1;
      entry.keys.add(row.idempotency_key);
      products.set(productId, entry);
      ledger.set(row.source_ref, products);
    }
  }
  return ledger;
}

interface LedgerRow {
  source_ref: string;
  product_id: number;
  delta: number;
  idempotency_key: string;
}

/** The stock changes that bring the ledger to what these orders ask for. */
export function planStockChanges(
  storeId: number,
  deductStock: boolean,
  plans: OrderStockPlan[],
  ledger: OrderLedger,
): StockChange[] {
  const changes: StockChange[] = [];
  for (const plan of plans) {
    if (!plan.fresh || !deductStock || plan.cancelled) continue;
    for (const [lineKey, parts] of plan.wanted) {
      for (const part of parts) {
        changes.push({
          productId: part.productId,
          delta: -part.units,
          reason: 'order',
          sourceRef: lineKey,
          idempotencyKey: deductionKey(lineKey, part.productId),
        });
      }
    }
  }
  const changed = plans.filter((plan) => !plan.fresh);
  const none: LedgerEntry = { net: 0, movements: 0, keys: new Set<string>() };
  for (const plan of changed) {
    for (const lineKey of plan.lineKeys) {
      const wanted = new Map<number, number>();
      for (const part of plan.wanted.get(lineKey) ?? [])
        wanted.set(part.productId, (wanted.get(part.productId) ?? 0) + part.units);
      const taken = ledger.get(lineKey) ?? new Map<number, LedgerEntry>();
      for (const productId of new Set([...wanted.keys(), ...taken.keys()])) {
        const entry = taken.get(productId) ?? none;
        const target = plan.cancelled ? 0 : deductStock ? -(wanted.get(productId) ?? 0) : entry.net;
        const delta = target - entry.net;
        if (delta === 0) continue;
        const reason = plan.cancelled ? 'cancellation' : 'order';
        const base =
          reason === 'cancellation' ? restoreKey(lineKey, productId) : deductionKey(lineKey, productId);
        const used = entry.keys.has(storedKey(storeId, base));
        changes.push({
          productId,
          delta,
          reason,
          sourceRef: lineKey,
          idempotencyKey: used ? `${base}#${entry.movements}` : base,
        });
      }
    }
  }
  return changes;
}
