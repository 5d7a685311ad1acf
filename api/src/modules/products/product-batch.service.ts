import { randomUUID } from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  KIT_MESSAGES,
  createProductSchema,
  kitItemProblems,
  kitList,
  rooms,
  type KitComponentCandidate,
  type ProductType,
} from '@syncdesk/contracts';
import type { Product } from '../../db/catalogue.models';
import type { RequestScope } from '../../http/request-scope';
import { fieldErrorsOf } from '../../http/validate';
import { changedFields } from '../activities/activity.service';
import { productSnapshot, recordActivities, type ProductActivity } from './product-activities';
import type { ProductUpsertRow, UpsertRowResult } from './product-batch.types';
import { inChunks, insertRows, kitsUsing, productsBySku, reachStore } from './product-lookups';
import { priceText } from './product.mapper';
import {
  NAMED_IDS_LIMIT,
  kitLinesOf,
  replaceKitLines,
  sameKitLines,
  type KitLine,
  type ProductServiceDeps,
} from './product.service';
import type { StockChange } from './stock.types';

export interface UpsertOptions {
  reason: 'import' | 'plugin' | 'correction';
  /** Names the batch's source (an import file by its content, a channel download); keys its stock sets. */
  sourceRef: string;
}

export type UpsertMany = (
  scope: RequestScope,
  storeId: number,
  rows: ProductUpsertRow[],
  options: UpsertOptions,
) => Promise<UpsertRowResult[]>;

/**
 * A batch row has the create form's rules, with "absent: keep" for an existing product: a missing
 * quantity leaves the on hand, a missing price or barcode leaves them, an empty one clears them.
 */
const rowSchema = createProductSchema.extend({
  type: createProductSchema.shape.type.unwrap(),
});

type Row = z.output<typeof rowSchema>;
type Failure = { field: string; message: string }[];

const failure = (field: string, message: string): Failure => [{ field, message }];

/** The columns a batch compares and writes. */
const COLUMNS = ['title', 'type', 'price', 'nominal_code', 'barcode', 'auto_sync_stock'] as const;
type Column = (typeof COLUMNS)[number];
type Values = Pick<Product, Column>;

/**
 * Batch create/update by SKU for imports and channel downloads. Rows are checked one by one (a bad
 * row fails alone, with its field messages), then every write of the batch happens in one
 * transaction in a handful of statements: products first, then kits (whose components may be
 * products of the same batch), then the stock sets through the stock service, keyed
 * `${sourceRef}:${sku}` so the same file run again moves nothing. A row that changes nothing writes
 * nothing.
 */
export function createUpsertMany(deps: ProductServiceDeps): UpsertMany {
  const { models, stock, write, skuKey } = deps;

  return async function upsertMany(scope, storeId, rows, options) {
    const store = await reachStore(models, scope, storeId);
    const shapeFailures = new Map<number, Failure>();
    const valid: { index: number; row: Row }[] = [];
    const firstRowOf = new Map<string, number>();
    rows.forEach((raw, index) => {
      const parsed = rowSchema.safeParse(raw);
      if (!parsed.success) {
        const errors = fieldErrorsOf(parsed.error);
        shapeFailures.set(
          index,
          Object.entries(errors).flatMap(([field, messages]) =>
            messages.map((message) => ({ field, message })),
          ),
        );
        return;
      }
      const key = skuKey(parsed.data.sku);
      const earlier = firstRowOf.get(key);
      if (earlier !== undefined) {
        shapeFailures.set(
          index,
          failure('sku', `The SKU ${parsed.data.sku} appears in an earlier row too; only that row is used.`),
        );
        return;
      }
      firstRowOf.set(key, index);
      valid.push({ index, row: parsed.data });
    });

    const outcome = await write((transaction) => writeBatch(transaction, valid));
    if (outcome.stockChanged.length > 0) await stock.announce(store.id, outcome.stockChanged);
    if (outcome.touched.length > 0) {
      deps.publish({
        name: 'catalogue:changed',
        rooms: [rooms.store(store.id)],
        payload: {
          storeId: store.id,
          subject: 'products',
          ...(outcome.touched.length <= NAMED_IDS_LIMIT ? { ids: outcome.touched } : {}),
        },
      });
    }
    return rows.map((_, index) => {
      const shape = shapeFailures.get(index);
      if (shape) return { status: 'failed', errors: shape };
      return outcome.results.get(index)!;
    });

    /** Everything that reads or writes the database; it may run again (catalogue-writes), so it keeps no state outside. */
    async function writeBatch(transaction: Transaction, batch: { index: number; row: Row }[]) {
      const results = new Map<number, UpsertRowResult>();
      const componentSkus = batch.flatMap(({ row }) => (row.kit_items ?? []).map((item) => item.sku));
      const existing = await productsBySku(
        models,
        skuKey,
        store.id,
        [...batch.map(({ row }) => row.sku), ...componentSkus],
        transaction,
      );
      const existingKits = [...existing.values()]
        .filter((product) => product.type === 'kit')
        .map((kit) => kit.id);
      const currentLines = await kitLinesOf(models, existingKits, transaction);
      const becomingKits = batch
        .filter(({ row }) => row.type === 'kit' && existing.get(skuKey(row.sku))?.type === 'product')
        .map(({ row }) => existing.get(skuKey(row.sku))!.id);
      const usage = await kitsUsing(models, becomingKits, transaction);

      // What each SKU will be once the batch is in. A kit row counts as a kit whatever becomes of
      // it (so no kit can end up inside another, whichever row comes first); a product row counts
      // once it passed; else the store's product as it is.
      const batchTypeOf = new Map(batch.map(({ row }) => [skuKey(row.sku), row.type]));
      const batchSkuOf = new Map(batch.map(({ row }) => [skuKey(row.sku), row.sku]));
      const passed = new Set<string>();
      const find = (sku: string): KitComponentCandidate | undefined => {
        const key = skuKey(sku);
        const batchType = batchTypeOf.get(key);
        if (batchType === 'kit') return { type: 'kit' };
        if (batchType === 'product' && passed.has(key)) return { type: 'product' };
        const type: ProductType | undefined = existing.get(key)?.type;
        return type ? { type } : undefined;
      };

      interface Planned {
        index: number;
        row: Row;
        existing: Product | undefined;
        values: Values;
        lines: KitLine[] | null;
      }
      const planned: Planned[] = [];
      const plan = ({ index, row }: { index: number; row: Row }) => {
        const current = existing.get(skuKey(row.sku));
        if (row.type === 'product') {
          if ((row.kit_items?.length ?? 0) > 0) {
            results.set(index, {
              status: 'failed',
              errors: failure('kit_items', KIT_MESSAGES.onlyKitsHaveComponents),
            });
            return;
          }
        } else {
          if (current?.type === 'product') {
            const usedIn = usage.get(current.id) ?? [];
            if (usedIn.length > 0) {
              results.set(index, {
                status: 'failed',
                errors: failure('type', KIT_MESSAGES.componentCannotBecomeKit(current.sku, kitList(usedIn))),
              });
              return;
            }
            if (current.quantity !== 0) {
              results.set(index, {
                status: 'failed',
                errors: failure(
                  'type',
                  `${current.sku} has ${current.quantity} on hand. Set its stock to 0 before making it a kit, so no stock goes unaccounted for.`,
                ),
              });
              return;
            }
          }
          const keepsLines = row.kit_items === undefined && current?.type === 'kit';
          if (!keepsLines) {
            const problems = kitItemProblems(row.sku, row.kit_items ?? [], find);
            const errors = Object.entries(problems).flatMap(([field, messages]) =>
              messages.map((message) => ({ field, message })),
            );
            if (errors.length > 0) {
              results.set(index, { status: 'failed', errors });
              return;
            }
          }
        }
        passed.add(skuKey(row.sku));
        planned.push({
          index,
          row,
          existing: current,
          values: {
            title: row.title,
            type: row.type,
            price: row.price === undefined ? (current ? priceText(current.price) : null) : row.price,
            nominal_code: row.nominal_code === undefined ? (current?.nominal_code ?? null) : row.nominal_code,
            barcode: row.barcode === undefined ? (current?.barcode ?? null) : row.barcode,
            auto_sync_stock: row.auto_sync_stock ?? (current ? Boolean(current.auto_sync_stock) : true),
          },
          lines: null,
        });
      };
      // Products first: a kit of the batch may name them as components.
      for (const item of batch) if (item.row.type === 'product') plan(item);
      for (const item of batch) if (item.row.type === 'kit') plan(item);

      // New products, in one INSERT per chunk; their ids read back by the uuids given here.
      const creates = planned.filter((entry) => !entry.existing);
      const uuidOf = new Map<Planned, string>();
      const now = new Date();
      await insertRows(
        models.Product,
        creates.map((entry) => {
          const uuid = randomUUID();
          uuidOf.set(entry, uuid);
          return {
            uuid,
            company_id: store.company_id,
            store_id: store.id,
            sku: entry.row.sku,
            quantity: 0,
            ...entry.values,
            api_sync_status: 0,
            created_at: now,
            updated_at: now,
          };
        }),
        transaction,
      );
      const idOf = new Map<string, number>();
      for (const entry of planned) if (entry.existing) idOf.set(skuKey(entry.row.sku), entry.existing.id);
      for (const part of inChunks([...uuidOf.values()])) {
        const created = await models.Product.findAll({
          where: { uuid: { [Op.in]: part } },
          attributes: ['id', 'sku'],
          raw: true,
          transaction,
        });
        for (const row of created) idOf.set(skuKey(row.sku), row.id);
      }
      const componentOf = (sku: string) => {
        const key = skuKey(sku);
        const id = idOf.get(key) ?? existing.get(key)?.id;
        return id === undefined
          ? undefined
          : { id, sku: existing.get(key)?.sku ?? batchSkuOf.get(key) ?? sku.trim() };
      };

      // Column changes of existing products: one CASE UPDATE per chunk for what differs.
      const updates: { id: number; changes: Partial<Values> }[] = [];
      const activities: ProductActivity[] = [];
      const lineChanges = new Map<number, KitLine[]>();
      const touched: number[] = [];
      for (const entry of planned) {
        const id = idOf.get(skuKey(entry.row.sku))!;
        const before = entry.existing ? (currentLines.get(entry.existing.id) ?? []) : [];
        let lines: KitLine[] = [];
        if (entry.values.type === 'kit') {
          lines =
            entry.row.kit_items === undefined
              ? before
              : entry.row.kit_items.map((item) => {
                  const component = componentOf(item.sku)!;
                  return {
                    component_product_id: component.id,
                    sku: component.sku,
                    product_nominal_code: item.product_nominal_code ?? null,
                    quantity: item.quantity,
                  };
                });
        }
        entry.lines = lines;
        if (!sameKitLines(before, lines)) lineChanges.set(id, lines);
        if (!entry.existing) {
          touched.push(id);
          activities.push({
            event: 'product.created',
            subjectType: 'product',
            subjectId: id,
            companyId: store.company_id,
            new: productSnapshot({ sku: entry.row.sku, ...entry.values }, lines),
          });
          continue;
        }
        const current = entry.existing;
        const changes: Partial<Values> = {};
        if (entry.values.title !== current.title) changes.title = entry.values.title;
        if (entry.values.type !== current.type) changes.type = entry.values.type;
        if (entry.values.price !== priceText(current.price)) changes.price = entry.values.price;
        if (entry.values.nominal_code !== current.nominal_code)
          changes.nominal_code = entry.values.nominal_code;
        if (entry.values.barcode !== current.barcode) changes.barcode = entry.values.barcode;
        if (entry.values.auto_sync_stock !== Boolean(current.auto_sync_stock)) {
          changes.auto_sync_stock = entry.values.auto_sync_stock;
        }
        if (Object.keys(changes).length > 0) updates.push({ id, changes });
        const changed = changedFields(
          productSnapshot(current, before),
          productSnapshot({ sku: current.sku, ...entry.values }, lines),
        );
        if (changed) {
          touched.push(id);
          activities.push({
            event: 'product.updated',
            subjectType: 'product',
            subjectId: id,
            companyId: store.company_id,
            ...changed,
          });
        }
      }
      await updateColumns(transaction, updates);
      if (lineChanges.size > 0) await replaceKitLines(models, lineChanges, transaction);
      await recordActivities(models, scope, activities, transaction);

      // On hand: "set to" through the ledger, one key per file and SKU.
      const stockRows = planned.filter(
        (entry) =>
          entry.values.type === 'product' && entry.row.quantity !== undefined && entry.row.quantity !== null,
      );
      const changes: StockChange[] = stockRows.map((entry) => ({
        productId: idOf.get(skuKey(entry.row.sku))!,
        setTo: entry.row.quantity!,
        reason: options.reason,
        sourceRef: options.sourceRef,
        idempotencyKey: `${options.sourceRef}:${skuKey(entry.row.sku)}`,
      }));
      const moved = await stock.applyWithin(transaction, scope, store.id, changes, options.reason);
      const stockChanged = moved.filter((result) => result.applied).map((result) => result.productId);
      const stockMoved = new Set(stockChanged);

      const touchedSet = new Set(touched);
      for (const entry of planned) {
        const id = idOf.get(skuKey(entry.row.sku))!;
        const status = !entry.existing
          ? 'created'
          : touchedSet.has(id) || stockMoved.has(id)
            ? 'updated'
            : 'unchanged';
        results.set(entry.index, { status, id });
      }
      // Kits whose lines changed show another availability: their channel figures follow.
      const figures = [...new Set([...stockChanged, ...lineChanges.keys()])];
      return { results, stockChanged: figures, touched };
    }
  };

  async function updateColumns(
    transaction: Transaction,
    updates: { id: number; changes: Partial<Values> }[],
  ): Promise<void> {
    const now = new Date();
    for (const part of inChunks(updates, 200)) {
      const sets: string[] = [];
      const replacements: unknown[] = [];
      for (const column of COLUMNS) {
        const rows = part.filter((update) => column in update.changes);
        if (rows.length === 0) continue;
        sets.push(`${column} = CASE id ${rows.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ${column} END`);
        for (const row of rows) replacements.push(row.id, row.changes[column] ?? null);
      }
      sets.push('updated_at = ?');
      replacements.push(now, ...part.map((update) => update.id));
      await deps.sequelize.query(
        `UPDATE products SET ${sets.join(', ')} WHERE id IN (${part.map(() => '?').join(', ')})`,
        { replacements, transaction },
      );
    }
  }
}
