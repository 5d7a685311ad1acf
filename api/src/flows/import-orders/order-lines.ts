import { createHash } from 'node:crypto';
import type { NormalisedOrderLine, OrderKitItemDto } from '@syncdesk/contracts';
import {
  inList,
  incoming,
  onDuplicate,
  TupleWithHole,
  type SqlDialect,
  type SqlValue,
  type StatementQueue,
} from '../../db/sql-statements';

/** Lines per multi-row statement. */
export const LINE_CHUNK = 1000;

/** A line's stable key: the stock ledger's source for it (hashed when longer than the column). */
export function orderLineKey(channelId: number, orderRemoteId: string, lineRemoteId: string): string {
  const key = `${channelId}/${orderRemoteId}/${lineRemoteId}`;
  return key.length <= 190 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export interface MatchedProduct {
  id: number;
  sku: string;
  type: string;
}

/** The store's products the batch's SKUs name (by lower-cased SKU), with each kit's components. */
export interface ProductMatches {
  products: Map<string, MatchedProduct>;
  components: Map<number, OrderKitItemDto[]>;
}

/**
 * Reads the products the batch's SKUs name and each kit's components: three statements, sent
 * together. A SKU names a product by the product's own SKU, or through the channel's listing with
 * that SKU matched to a product (a channel selling our product under its own SKU): the seller's
 * match wins, so a re-imported order keeps the product its line was matched to.
 */
export async function matchProducts(
  queue: StatementQueue,
  dialect: SqlDialect,
  storeId: number,
  skus: string[],
  channelId?: number,
): Promise<ProductMatches> {
  const products = new Map<string, MatchedProduct>();
  const components = new Map<number, OrderKitItemDto[]>();
  if (skus.length === 0) return { products, components };
  const skuList = inList(dialect, skus);
  const listed =
    channelId === undefined
      ? ''
      : ` OR id IN (SELECT product_id FROM channel_products WHERE store_id = ${storeId} AND channel_id = ${channelId} AND sku IN (${skuList}))`;
  const found = queue.rows<MatchedProduct>(
    `SELECT id, sku, type FROM products WHERE store_id = ${storeId} AND sku IN (${skuList})`,
  );
  const viaListings =
    channelId === undefined
      ? Promise.resolve([])
      : queue.rows<MatchedProduct & { listing_sku: string }>(
          `SELECT cp.sku AS listing_sku, p.id, p.sku, p.type FROM channel_products cp JOIN products p ON p.id = cp.product_id ` +
            `WHERE cp.store_id = ${storeId} AND cp.channel_id = ${channelId} AND cp.sku IN (${skuList})`,
        );
  const items = queue.rows<{
    kit_product_id: number;
    component_product_id: number;
    sku: string;
    quantity: number;
  }>(
    `SELECT kit_product_id, component_product_id, sku, quantity FROM kit_items WHERE kit_product_id IN ` +
      `(SELECT id FROM products WHERE store_id = ${storeId} AND type = 'kit' AND (sku IN (${skuList})${listed})) ORDER BY id`,
  );
  for (const product of await found) products.set(product.sku.toLowerCase(), product);
  for (const { listing_sku: listingSku, ...product } of await viaListings) {
    products.set(listingSku.toLowerCase(), product);
  }
  for (const item of await items) {
    const list = components.get(item.kit_product_id) ?? [];
    list.push({ product_id: item.component_product_id, sku: item.sku, quantity: item.quantity });
    components.set(item.kit_product_id, list);
  }
  return { products, components };
}

/** The columns of `order_items` the import writes, in statement order. */
export const LINE_COLUMNS = [
  'order_id',
  'line_key',
  'remote_id',
  'product_sku',
  'matched_sku',
  'product_id',
  'title',
  'quantity',
  'quantity_multiplier',
  'price',
  'tax_total',
  'discount_total',
  'total_price',
  'kit_items',
  'options',
  'created_at',
  'updated_at',
] as const;
type LineColumn = (typeof LINE_COLUMNS)[number];
export type LineRow = Record<LineColumn, SqlValue>;
/** A stored line, as read back to compare (and to give stock back for lines that went). */
export type StoredLine = Record<Exclude<LineColumn, 'created_at' | 'updated_at'>, unknown> & {
  id: number;
};

/** One stock part of a line: the product whose stock moves and by how many units. */
export interface LinePart {
  productId: number;
  units: number;
}

export interface BuiltLine {
  row: LineRow;
  /** What the line takes from stock (kits: their components); empty when it matches no product. */
  parts: LinePart[];
}

/**
 * A line's row (its order id is filled in when written), matched to its product by SKU; a kit line
 * carries its components. A rule's `multiplier` makes it ask for the channel's quantity × it, its
 * total staying the price as sold.
 */
export function buildLine(
  sent: NormalisedOrderLine,
  index: number,
  channelId: number,
  orderRemoteId: string,
  matches: ProductMatches,
  now: Date,
  multiplier = 1,
): BuiltLine {
  const lineKey = orderLineKey(channelId, orderRemoteId, sent.remote_id ?? `#${index + 1}`);
  const product = sent.sku ? matches.products.get(sent.sku.toLowerCase()) : undefined;
  const kit = product?.type === 'kit' ? (matches.components.get(product.id) ?? []) : null;
  const totalPrice =
    sent.total_price ??
    (sent.price === null ? null : (Math.round(Number(sent.price) * 100 * sent.quantity) / 100).toFixed(2));
  const line = multiplier === 1 ? sent : { ...sent, quantity: sent.quantity * multiplier };
  const parts: LinePart[] = !product
    ? []
    : kit
      ? kit.map((component) => ({
          productId: component.product_id,
          units: component.quantity * line.quantity,
        }))
      : [{ productId: product.id, units: line.quantity }];
  return {
    row: {
      order_id: null,
      line_key: lineKey,
      remote_id: line.remote_id ?? null,
      product_sku: line.sku,
      matched_sku: product?.sku ?? null,
      product_id: product?.id ?? null,
      title: line.title,
      quantity: line.quantity,
      quantity_multiplier: multiplier,
      price: line.price,
      tax_total: line.tax_total,
      discount_total: line.discount_total,
      total_price: totalPrice,
      kit_items: kit ? JSON.stringify(kit) : null,
      options: JSON.stringify(line.options),
      created_at: now,
      updated_at: now,
    },
    parts,
  };
}

const MONEY_COLUMNS = new Set<LineColumn>(['price', 'tax_total', 'discount_total', 'total_price']);
/** What a stored line is compared on (it belongs to the order already: order_id is not compared). */
const COMPARED = LINE_COLUMNS.filter(
  (column) => column !== 'order_id' && column !== 'created_at' && column !== 'updated_at',
);

/**
 * Whether a stored line already holds what the new row says (DECIMALs read back as numbers on
 * MySQL). A false "different" costs one redundant write, never a wrong one.
 */
export function sameLine(stored: StoredLine, row: LineRow): boolean {
  for (const column of COMPARED) {
    const was = stored[column as keyof StoredLine] ?? null;
    const now = row[column] ?? null;
    if (was === null || now === null) {
      if (was !== now) return false;
    } else if (MONEY_COLUMNS.has(column)) {
      if (Number(was).toFixed(2) !== Number(now).toFixed(2)) return false;
    } else if (String(was) !== String(now)) {
      return false;
    }
  }
  return true;
}

/** The lines of these orders as stored (oldest first). */
export function readLines(
  queue: StatementQueue,
  dialect: SqlDialect,
  orderIds: number[],
): Promise<StoredLine[]> {
  return queue.rows<StoredLine>(
    `SELECT id, order_id, ${COMPARED.join(', ')} FROM order_items WHERE order_id IN (${inList(dialect, orderIds)}) ORDER BY id`,
  );
}

/** A line's values as SQL, its order id left to fill (a new order's id comes with the upsert's answer). */
export function lineTuple(dialect: SqlDialect, row: LineRow): TupleWithHole {
  return TupleWithHole.of(
    dialect,
    LINE_COLUMNS.map((column) => row[column]),
    0,
  );
}

/**
 * Writes lines (finished tuples) by their key: a new line is inserted, a changed one updated in
 * place (its id stays, so fulfilments that name it keep pointing at it). Sent, not awaited.
 */
export function sendLines(queue: StatementQueue, dialect: SqlDialect, tuples: string[]): void {
  const updates = LINE_COLUMNS.filter((column) => column !== 'line_key' && column !== 'created_at').map(
    (column) => `${column} = ${incoming(dialect, column)}`,
  );
  for (let start = 0; start < tuples.length; start += LINE_CHUNK) {
    queue.send(
      `INSERT INTO order_items (${LINE_COLUMNS.join(', ')}) VALUES ${tuples.slice(start, start + LINE_CHUNK).join(', ')} ` +
        onDuplicate(dialect, ['line_key'], updates),
    );
  }
}

/** Removes lines an order no longer has. Sent, not awaited. */
export function sendLineRemovals(queue: StatementQueue, dialect: SqlDialect, lineIds: number[]): void {
  for (let start = 0; start < lineIds.length; start += LINE_CHUNK) {
    queue.send(
      `DELETE FROM order_items WHERE id IN (${inList(dialect, lineIds.slice(start, start + LINE_CHUNK))})`,
    );
  }
}
