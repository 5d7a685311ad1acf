import { Op, type Sequelize, type Transaction } from 'sequelize';
import type { Models } from '../../db/models';
import type { Product } from '../../db/catalogue.models';
import { AppError, type FieldErrors } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import { findReachableStore } from '../stores/store-access';

/** Ids per IN (…) list. */
export const IN_CHUNK = 1000;

export function inChunks<T>(items: readonly T[], size = IN_CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * How SKUs are told apart, as the database's unique index tells them: MySQL's collation ignores
 * letter case (SKU-1 and sku-1 are one product), SQLite's doesn't.
 */
export type SkuKey = (sku: string) => string;

export function skuKeyFor(sequelize: Sequelize): SkuKey {
  return sequelize.getDialect() === 'mysql' ? (sku) => sku.trim().toLowerCase() : (sku) => sku.trim();
}

/** The store in the path, owned by or shared with the caller's company; anything else is 404. */
export async function reachStore(models: Models, scope: RequestScope, storeId: number) {
  return (await findReachableStore(models, scope, storeId)).store;
}

/** A product of the store; one of another store is the same 404 as none. */
export async function findStoreProduct(
  models: Models,
  storeId: number,
  id: number,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<Product> {
  const product = await models.Product.findOne({
    where: { id, store_id: storeId },
    transaction: options.transaction,
    lock: options.lock && options.transaction ? options.transaction.LOCK.UPDATE : undefined,
  });
  if (!product) throw AppError.notFound();
  return product;
}

/** The store's products with these SKUs, keyed by `skuKey`. */
export async function productsBySku(
  models: Models,
  skuKey: SkuKey,
  storeId: number,
  skus: readonly string[],
  transaction?: Transaction,
): Promise<Map<string, Product>> {
  const result = new Map<string, Product>();
  const wanted = [...new Set(skus.map((sku) => sku.trim()).filter((sku) => sku !== ''))];
  for (const part of inChunks(wanted)) {
    const rows = await models.Product.findAll({
      where: { store_id: storeId, sku: { [Op.in]: part } },
      transaction,
    });
    for (const row of rows) result.set(skuKey(row.sku), row);
  }
  return result;
}

export interface KitSummary {
  id: number;
  uuid: string;
  sku: string;
  title: string;
}

/** For each of the products, the kits it is a component of (in SKU order). */
export async function kitsUsing(
  models: Models,
  componentIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, KitSummary[]>> {
  const result = new Map<number, KitSummary[]>();
  const ids = [...new Set(componentIds)];
  const links: { kit_product_id: number; component_product_id: number }[] = [];
  for (const part of inChunks(ids)) {
    links.push(
      ...(await models.KitItem.findAll({
        where: { component_product_id: { [Op.in]: part } },
        attributes: ['kit_product_id', 'component_product_id'],
        raw: true,
        transaction,
      })),
    );
  }
  if (links.length === 0) return result;
  const kits = new Map<number, KitSummary>();
  for (const part of inChunks([...new Set(links.map((link) => link.kit_product_id))])) {
    const rows = await models.Product.findAll({
      where: { id: { [Op.in]: part } },
      attributes: ['id', 'uuid', 'sku', 'title'],
      raw: true,
      transaction,
    });
    for (const row of rows) kits.set(row.id, row);
  }
  for (const link of links) {
    const kit = kits.get(link.kit_product_id);
    if (!kit) continue;
    const list = result.get(link.component_product_id) ?? [];
    list.push(kit);
    result.set(link.component_product_id, list);
  }
  for (const list of result.values()) list.sort((a, b) => a.sku.localeCompare(b.sku));
  return result;
}

/** A 422 whose message is the first problem in the seller's words (the page shows it as is). */
export function validationError(problems: FieldErrors): AppError {
  const messages = Object.values(problems).flat();
  const more = messages.length - 1;
  const message =
    more > 0 ? `${messages[0]} (and ${more} more problem${more === 1 ? '' : 's'})` : (messages[0] ?? '');
  return AppError.validation(problems, message || undefined);
}

/**
 * Many rows in one INSERT per chunk, straight through the query interface: batches of a thousand
 * movements or activities skip building a model instance per row. Values are the columns' own
 * (JSON columns already as text).
 */
export async function insertRows(
  model: { sequelize?: Sequelize; getTableName(): string | { tableName: string } },
  rows: Record<string, unknown>[],
  transaction: Transaction,
  chunk = 500,
): Promise<void> {
  const table = model.getTableName();
  for (const part of inChunks(rows, chunk)) {
    await model
      .sequelize!.getQueryInterface()
      .bulkInsert(typeof table === 'string' ? table : table.tableName, part, { transaction });
  }
}
