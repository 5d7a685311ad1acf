import { createHash, randomUUID } from 'node:crypto';
import { ACTIVITY_COLUMNS } from '../activities/activity-columns';
import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  KIT_MESSAGES,
  kitAvailability,
  rooms,
  type Publish,
  type StockMovementReason,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { StockMovement } from '../../db/catalogue.models';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { CatalogueWrite } from './catalogue-writes';
import {
  chunksOf,
  inList,
  rawQuery,
  sqlDialectOf,
  valuesList,
  type SqlDialect,
  type SqlValue,
} from '../../db/sql-statements';
import type { StockChange, StockChangeListener, StockChangeResult, StockService } from './stock.types';

/** The activity every stock change writes (`GET activities/product/{id}/stock_updated` lists them). */
export const STOCK_UPDATED_EVENT = 'product.stock_updated';

/** Rows per multi-row INSERT or CASE UPDATE: large enough to be few statements, small enough for any server. */
const CHUNK = 500;
/** The ledger's and the products table's INT column. */
const LARGEST_ON_HAND = 2_147_483_647;
/** The width of `idempotency_key` and `source_ref`. */
const KEY_WIDTH = 190;

export interface StockApplyOptions {
  /** How the change came (the activity's `via`): 'manual', 'import', 'order'…; the reason when absent. */
  via?: string;
  /**
   * Apply inside the caller's transaction (the caller's work and the stock change commit together);
   * listeners and the realtime event then follow that transaction's commit.
   */
  transaction?: Transaction;
  /**
   * The caller knows none of its idempotency keys was applied before (an order's first take of its
   * lines, planned from the ledger it read under the order's lock): they are not looked up. Should
   * one exist after all, the ledger's unique index refuses the movement, the transaction runner runs
   * the work again, and the caller passes false then, so the keys are looked up and skipped.
   */
  newKeys?: boolean;
}

/** The stock service, plus what the products service needs to move stock inside its own writes. */
export interface StockEngine extends StockService {
  apply(
    actor: RequestScope | null,
    storeId: number,
    changes: StockChange[],
    options?: StockApplyOptions,
  ): Promise<StockChangeResult[]>;
  /** Inside a running transaction: lock, write movements, activities and quantities. Announce after commit. */
  applyWithin(
    transaction: Transaction,
    actor: RequestScope | null,
    storeId: number,
    changes: StockChange[],
    via?: string,
    newKeys?: boolean,
  ): Promise<StockChangeResult[]>;
  /**
   * After a commit: tells the listeners and publishes one `stock:changed`. `expand` adds the kits
   * containing the products (their availability follows their components' on hand).
   */
  announce(storeId: number, productIds: number[], options?: { expand?: boolean }): Promise<void>;
}

/**
 * The idempotency keys of an order line's stock: taken once per (line, component), given back once.
 * The order import applies them inside its own batch transaction, so both must use these.
 */
export const deductionKey = (lineKey: string, productId: number) => `order:${lineKey}:${productId}`;
export const restoreKey = (lineKey: string, productId: number) => `cancellation:${lineKey}:${productId}`;

/** A key as stored: namespaced by store (two stores may use the same words), hashed when too long. */
export function storedKey(storeId: number, key: string): string {
  const full = `${storeId}:${key}`;
  return full.length <= KEY_WIDTH ? full : `sha256:${createHash('sha256').update(full).digest('hex')}`;
}

/** A source reference as stored: kept when it fits, else its hash (still unique, still searchable). */
export function storedRef(ref: string | null | undefined): string | null {
  if (ref === null || ref === undefined || ref === '') return null;
  return ref.length <= KEY_WIDTH ? ref : `sha256:${createHash('sha256').update(ref).digest('hex')}`;
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** One component of a kit, as `readKits` reads it. */
interface KitPart {
  kit_product_id: number;
  component_product_id: number;
  quantity: number;
  kit_sku: string;
  component_sku: string;
  component_type: string;
  on_hand: number;
}

const MOVEMENT_COLUMNS = [
  'company_id',
  'store_id',
  'product_id',
  'delta',
  'quantity_after',
  'reason',
  'source_ref',
  'idempotency_key',
  'user_id',
  'created_at',
] as const;

/**
 * Rows as multi-row INSERTs written as text (`db/sql-statements`): Sequelize's bulkInsert escapes
 * value by value and was most of the time of a large change (an order batch moves ~1,500 lines).
 */
function insertStatements(
  dialect: SqlDialect,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
): string[] {
  return chunksOf(rows, CHUNK).map(
    (part) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${valuesList(dialect, part)}`,
  );
}

function sourceOf(actor: RequestScope | null): string {
  if (!actor) return 'system';
  return actor.tokenId.startsWith('api-token:') ? 'api_token' : 'user';
}

export function createStockService(deps: {
  sequelize: Sequelize;
  models: Models;
  publish: Publish;
  write: CatalogueWrite;
}): StockEngine {
  const { sequelize, models } = deps;
  const dialect = sqlDialectOf(sequelize);
  const listeners: StockChangeListener[] = [];

  async function affectedIds(productIds: number[], transaction?: Transaction): Promise<number[]> {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return [];
    const kits = new Set<number>();
    for (const part of chunks(ids, 1000)) {
      const items = await models.KitItem.findAll({
        where: { component_product_id: { [Op.in]: part } },
        attributes: ['kit_product_id'],
        raw: true,
        transaction,
      });
      for (const item of items) kits.add(item.kit_product_id);
    }
    const known = new Set(ids);
    return [...ids, ...[...kits].filter((id) => !known.has(id)).sort((a, b) => a - b)];
  }

  async function announce(storeId: number, productIds: number[], options: { expand?: boolean } = {}) {
    if (productIds.length === 0) return;
    const ids = options.expand === false ? [...new Set(productIds)] : await affectedIds(productIds);
    // Listeners first (the channel targets are recomputed), then the pages hear of it and refetch.
    // The change is committed: a failing listener must not turn it into an error for the caller.
    for (const listener of listeners) {
      try {
        await listener(storeId, ids);
      } catch (error) {
        process.emitWarning(`A stock change listener failed: ${(error as Error)?.message ?? String(error)}`);
      }
    }
    deps.publish({
      name: 'stock:changed',
      rooms: [rooms.store(storeId)],
      payload: { storeId, productIds: ids },
    });
  }

  function checkShape(change: StockChange): void {
    const hasDelta = change.delta !== undefined && change.delta !== null;
    const hasSet = change.setTo !== undefined && change.setTo !== null;
    if (hasDelta === hasSet) throw new Error('A stock change needs exactly one of delta or setTo.');
    const value = hasDelta ? change.delta! : change.setTo!;
    if (!Number.isSafeInteger(value))
      throw new Error(`A stock change must be a whole number (got ${value}).`);
  }

  async function applyWithin(
    transaction: Transaction,
    actor: RequestScope | null,
    storeId: number,
    changes: StockChange[],
    via?: string,
    newKeys = false,
  ): Promise<StockChangeResult[]> {
    if (changes.length === 0) return [];
    changes.forEach(checkShape);
    const ids = [...new Set(changes.map((change) => change.productId))].sort((a, b) => a - b);

    // One locking read for every row: concurrent writers of the same products queue here (MySQL);
    // the ascending id order keeps two batches from locking in opposite orders.
    // The key lookup is sent with the locking read (MySQL runs both on the transaction's
    // connection, in order): the lock is taken first, and the keys are read under it.
    // By primary key only (FORCE INDEX): when the ids are a large part of a small table MariaDB
    // prefers a full scan, which under FOR UPDATE locks every product of every store, and two
    // stores' imports then deadlock on each other's rows.
    const locked = chunks(ids, 1000).map((part) =>
      sequelize.query<{ id: number; company_id: number; sku: string; type: string; quantity: number }>(
        `SELECT id, company_id, sku, type, quantity FROM products${dialect.mysql ? ' FORCE INDEX (PRIMARY)' : ''} ` +
          `WHERE id IN (${inList(dialect, part)}) AND store_id = ${dialect.literal(storeId)} ORDER BY id${dialect.mysql ? ' FOR UPDATE' : ''}`,
        { type: QueryTypes.SELECT, transaction },
      ),
    );
    const keys = changes.map((change) =>
      change.idempotencyKey === undefined ? null : storedKey(storeId, change.idempotencyKey),
    );
    const given = newKeys ? [] : [...new Set(keys.filter((key): key is string => key !== null))];
    const sqlite = sequelize.getDialect() === 'sqlite';
    const lookups: Promise<{ idempotency_key: string }[]>[] = [];
    // MySQL: written here, as the inserts below are (an order batch looks up ~1,500 keys).
    const lookUp = (part: string[]): Promise<{ idempotency_key: string }[]> =>
      sqlite
        ? models.StockMovement.findAll({
            where: { idempotency_key: { [Op.in]: part } },
            attributes: ['idempotency_key'],
            raw: true,
            transaction,
          })
        : rawQuery<{ idempotency_key: string }>(
            transaction,
            `SELECT idempotency_key FROM stock_movements WHERE idempotency_key IN (${inList(dialect, part)})`,
          );
    if (!sqlite) lookups.push(...chunks(given, 1000).map(lookUp));
    // The kits these products are part of, read with the lock too (MySQL): asked for later, the read
    // waited behind the caller's own statements on the connection (an order batch's orders and
    // lines), and the movements with it.
    const kitsRead = sqlite ? null : readKits(transaction, ids);
    // Watched now: when the lock fails first, their answer must not go unhandled.
    for (const lookup of [...locked, ...lookups, ...(kitsRead ? [kitsRead] : [])])
      lookup.catch(() => undefined);
    const rows = (await Promise.all(locked)).flat();
    if (rows.length !== ids.length) throw AppError.notFound();
    if (rows.some((row) => row.type === 'kit')) {
      throw AppError.validation({ quantity: [KIT_MESSAGES.kitStock] }, KIT_MESSAGES.kitStock);
    }
    const current = new Map(rows.map((row) => [row.id, row.quantity]));
    const companyOf = new Map(rows.map((row) => [row.id, row.company_id]));
    const skuOf = new Map(rows.map((row) => [row.id, row.sku]));

    const used = new Set<string>();
    if (sqlite) for (const part of chunks(given, 1000)) lookups.push(lookUp(part));
    for (const found of await Promise.all(lookups)) {
      for (const movement of found) used.add(movement.idempotency_key);
    }

    const now = new Date();
    const movements: SqlValue[][] = [];
    /** Per product: its figure before this request's first movement, and the movements' reasons and refs. */
    const touched = new Map<
      number,
      { before: number; delta: number; count: number; reasons: Set<string>; refs: Set<string | null> }
    >();
    const results: StockChangeResult[] = [];
    for (const [index, change] of changes.entries()) {
      const before = current.get(change.productId)!;
      const key = keys[index] ?? storedKey(storeId, `random:${randomUUID()}`);
      const delta = change.delta ?? change.setTo! - before;
      if (used.has(key) || delta === 0) {
        results.push({ productId: change.productId, applied: false, before, after: before });
        continue;
      }
      const after = before + delta;
      if (Math.abs(after) > LARGEST_ON_HAND) {
        const message = 'That stock change would take the quantity beyond what can be recorded.';
        throw AppError.validation({ quantity: [message] }, message);
      }
      used.add(key);
      current.set(change.productId, after);
      const reason: StockMovementReason = change.reason;
      const sourceRef = storedRef(change.sourceRef);
      movements.push([
        companyOf.get(change.productId)!,
        storeId,
        change.productId,
        delta,
        after,
        reason,
        sourceRef,
        key,
        actor?.userId ?? null,
        now,
      ]);
      const seen = touched.get(change.productId);
      if (seen) {
        seen.delta += delta;
        seen.count += 1;
        seen.reasons.add(reason);
        seen.refs.add(sourceRef);
      } else {
        touched.set(change.productId, {
          before,
          delta,
          count: 1,
          reasons: new Set([reason]),
          refs: new Set([sourceRef]),
        });
      }
      results.push({ productId: change.productId, applied: true, before, after });
    }
    if (movements.length === 0) return results;

    // The ledger keeps every movement; the product's activity timeline gets one entry per product
    // per request (an order batch moving one product five times reads as one change of −5, with
    // the count), so a busy product's history stays readable and the batch writes a fifth of the rows.
    const activities: SqlValue[][] = [];
    for (const [productId, seen] of touched) {
      const after = current.get(productId)!;
      const reasons = [...seen.reasons];
      const refs = [...seen.refs];
      activities.push([
        companyOf.get(productId)!,
        actor?.userId ?? null,
        sourceOf(actor),
        actor?.userName ?? 'System',
        (via ?? reasons[0]!).slice(0, 20),
        STOCK_UPDATED_EVENT,
        'product',
        productId,
        JSON.stringify({ quantity: seen.before }),
        JSON.stringify({
          ...(seen.count === 1
            ? { quantity: after, delta: seen.delta, reason: reasons[0], source_ref: refs[0] }
            : {
                quantity: after,
                delta: seen.delta,
                reason: reasons.length === 1 ? reasons[0] : null,
                source_ref: refs.length === 1 ? refs[0] : null,
                movements: seen.count,
              }),
          // Named, and where it lives: a change of many products is listed from the company's
          // activity, where each entry links to its product.
          sku: skuOf.get(productId),
          store_id: storeId,
        }),
        now,
      ]);
    }

    // A kit has no stock of its own: its availability follows its components. Its timeline gets
    // an entry whenever this request moves that figure (what the seller sees on the kit page),
    // saying which movement of which component moved it; a component change that leaves the kit's
    // figure alone (another component limits it) writes nothing on the kit.
    activities.push(
      ...kitActivities(await (kitsRead ?? readKits(transaction, ids)), touched, current, {
        storeId,
        companyOf,
        actor,
        via,
        now,
      }),
    );

    // A key another writer committed since the read above fails the insert: the transaction runs
    // again (catalogue-writes) and then reads that key as used.
    // Sent together (they queue on the transaction's connection); the first failure is thrown
    // once all have answered, so none is left running unobserved.
    const statements = insertStatements(dialect, 'stock_movements', MOVEMENT_COLUMNS, movements);
    for (const part of chunks([...touched.keys()])) {
      const cases = part.map((id) => `WHEN ${id} THEN ${current.get(id)!}`).join(' ');
      statements.push(
        `UPDATE products${dialect.mysql ? ' FORCE INDEX (PRIMARY)' : ''} SET quantity = CASE id ${cases} END, ` +
          `updated_at = ${dialect.literal(now)} ` +
          `WHERE id IN (${inList(dialect, part)})`,
      );
    }
    // One change id for every row of this request: the company's activity list shows the change
    // as one line; each product's (and kit's) timeline still has its own entry.
    const changeId = randomUUID();
    statements.push(
      ...insertStatements(
        dialect,
        'activities',
        [...ACTIVITY_COLUMNS, 'change_id'],
        activities.map((row) => [...row, changeId]),
      ),
    );
    const settled = await Promise.allSettled(
      statements.map((sql) =>
        dialect.mysql ? rawQuery(transaction, sql) : sequelize.query(sql, { transaction }),
      ),
    );
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    return results;
  }

  /**
   * Every kit containing one of these products, with each of its components: the component's
   * figure (a kit inside a kit is refused on write; should one exist anyway, it counts as missing)
   * and both SKUs. One statement, whatever the number of kits.
   */
  async function readKits(transaction: Transaction, productIds: number[]): Promise<KitPart[]> {
    const parts: KitPart[] = [];
    for (const part of chunks(productIds, 1000)) {
      const sql =
        'SELECT ki.kit_product_id, ki.component_product_id, ki.quantity, k.sku AS kit_sku, ' +
        'c.sku AS component_sku, c.type AS component_type, c.quantity AS on_hand ' +
        'FROM kit_items ki JOIN products k ON k.id = ki.kit_product_id ' +
        'JOIN products c ON c.id = ki.component_product_id ' +
        `WHERE ki.kit_product_id IN (SELECT kit_product_id FROM kit_items WHERE component_product_id IN (${inList(dialect, part)})) ` +
        'ORDER BY ki.kit_product_id, ki.component_product_id';
      const rows = dialect.mysql
        ? await rawQuery<KitPart>(transaction, sql)
        : await sequelize.query<KitPart>(sql, { type: QueryTypes.SELECT, transaction });
      parts.push(...rows);
    }
    // A kit read through two chunks of ids comes back twice.
    const seen = new Set<string>();
    return parts.filter((item) => {
      const key = `${item.kit_product_id}:${item.component_product_id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Activity rows for the kits whose availability the touched components moved (see applyWithin). */
  function kitActivities(
    kitParts: readonly KitPart[],
    touched: ReadonlyMap<
      number,
      { before: number; delta: number; reasons: Set<string>; refs: Set<string | null> }
    >,
    current: ReadonlyMap<number, number>,
    context: {
      storeId: number;
      companyOf: ReadonlyMap<number, number>;
      actor: RequestScope | null;
      via: string | undefined;
      now: Date;
    },
  ): SqlValue[][] {
    // The kits of the components this request moved (a product whose change applied nothing is
    // not among them).
    const kitIds = new Set(
      kitParts.filter((item) => touched.has(item.component_product_id)).map((item) => item.kit_product_id),
    );
    if (kitIds.size === 0) return [];
    const items = kitParts.filter((item) => kitIds.has(item.kit_product_id));
    const onHand = new Map<number, { sku: string; quantity: number | undefined }>();
    for (const item of items) {
      onHand.set(item.component_product_id, {
        sku: item.component_sku,
        quantity: item.component_type === 'kit' ? undefined : Number(item.on_hand),
      });
      onHand.set(item.kit_product_id, { sku: item.kit_sku, quantity: undefined });
    }
    const itemsOf = new Map<number, typeof items>();
    for (const item of items) {
      const list = itemsOf.get(item.kit_product_id) ?? [];
      list.push(item);
      itemsOf.set(item.kit_product_id, list);
    }
    const rows: SqlValue[][] = [];
    for (const kitId of [...kitIds].sort((a, b) => a - b)) {
      const kitItems = itemsOf.get(kitId) ?? [];
      const figure = (moment: 'before' | 'after') =>
        kitAvailability(
          kitItems.map((item) => {
            const seen = touched.get(item.component_product_id);
            const quantity = seen
              ? moment === 'before'
                ? seen.before
                : current.get(item.component_product_id)
              : onHand.get(item.component_product_id)?.quantity;
            return { available: quantity, quantity: item.quantity };
          }),
        );
      const before = figure('before');
      const after = figure('after');
      if (before === after) continue;
      const moved = kitItems.filter((item) => touched.has(item.component_product_id));
      const reasons = new Set(moved.flatMap((item) => [...touched.get(item.component_product_id)!.reasons]));
      const refs = new Set(moved.flatMap((item) => [...touched.get(item.component_product_id)!.refs]));
      const companyId = context.companyOf.get(moved[0]!.component_product_id)!;
      rows.push([
        companyId,
        context.actor?.userId ?? null,
        sourceOf(context.actor),
        context.actor?.userName ?? 'System',
        (context.via ?? [...reasons][0]!).slice(0, 20),
        STOCK_UPDATED_EVENT,
        'product',
        kitId,
        JSON.stringify({ quantity: before }),
        JSON.stringify({
          quantity: after,
          delta: after - before,
          reason: reasons.size === 1 ? [...reasons][0] : null,
          source_ref: refs.size === 1 ? [...refs][0] : null,
          // Which components moved it, so the kit's timeline says why its figure changed.
          components: moved.map((item) => onHand.get(item.component_product_id)?.sku ?? null),
          sku: onHand.get(kitId)?.sku ?? null,
          store_id: context.storeId,
        }),
        context.now,
      ]);
    }
    return rows;
  }

  async function apply(
    actor: RequestScope | null,
    storeId: number,
    changes: StockChange[],
    options: StockApplyOptions = {},
  ): Promise<StockChangeResult[]> {
    if (changes.length === 0) return [];
    const changedIds = (results: StockChangeResult[]) =>
      results.filter((result) => result.applied).map((result) => result.productId);
    if (options.transaction) {
      const results = await applyWithin(
        options.transaction,
        actor,
        storeId,
        changes,
        options.via,
        options.newKeys,
      );
      options.transaction.afterCommit(() => announce(storeId, changedIds(results)));
      return results;
    }
    // A run again after a refused key looks the keys up.
    let attempts = 0;
    const results = await deps.write((transaction) => {
      attempts += 1;
      return applyWithin(
        transaction,
        actor,
        storeId,
        changes,
        options.via,
        options.newKeys && attempts === 1,
      );
    });
    await announce(storeId, changedIds(results));
    return results;
  }

  /** The movements an order line's deduction wrote (found by the line key, checked against their keys). */
  async function deductionsOf(
    storeId: number,
    lineKey: string,
    transaction: Transaction,
  ): Promise<StockMovement[]> {
    const movements = await models.StockMovement.findAll({
      where: { store_id: storeId, source_ref: storedRef(lineKey), reason: 'order' },
      order: [['id', 'ASC']],
      transaction,
    });
    return movements.filter(
      (movement) =>
        movement.idempotency_key === storedKey(storeId, deductionKey(lineKey, movement.product_id)),
    );
  }

  return {
    apply,
    applyWithin,
    announce,
    affectedIds: (productIds) => affectedIds(productIds),
    onChanged(listener) {
      listeners.push(listener);
    },

    async deductForOrderLine(storeId, lineKey, sku, quantity) {
      if (!Number.isSafeInteger(quantity) || quantity <= 0 || typeof sku !== 'string' || sku.trim() === '') {
        return [];
      }
      const results = await deps.write(async (transaction) => {
        const product = await models.Product.findOne({
          where: { store_id: storeId, sku: sku.trim() },
          attributes: ['id', 'type'],
          transaction,
        });
        if (!product) return [];
        const parts =
          product.type === 'kit'
            ? (
                await models.KitItem.findAll({
                  where: { kit_product_id: product.id },
                  attributes: ['component_product_id', 'quantity'],
                  order: [['id', 'ASC']],
                  transaction,
                })
              ).map((item) => ({ productId: item.component_product_id, units: item.quantity * quantity }))
            : [{ productId: product.id, units: quantity }];
        const changes: StockChange[] = parts.map((part) => ({
          productId: part.productId,
          delta: -part.units,
          reason: 'order',
          sourceRef: lineKey,
          idempotencyKey: deductionKey(lineKey, part.productId),
        }));
        return applyWithin(transaction, null, storeId, changes, 'order');
      });
      await announce(
        storeId,
        results.filter((result) => result.applied).map((result) => result.productId),
      );
      return results;
    },

    async restoreForOrderLine(storeId, lineKey) {
      const results = await deps.write(async (transaction) => {
        const taken = await deductionsOf(storeId, lineKey, transaction);
        const changes: StockChange[] = taken.map((movement) => ({
          productId: movement.product_id,
          delta: -movement.delta,
          reason: 'cancellation',
          sourceRef: lineKey,
          idempotencyKey: restoreKey(lineKey, movement.product_id),
        }));
        return applyWithin(transaction, null, storeId, changes, 'cancellation');
      });
      await announce(
        storeId,
        results.filter((result) => result.applied).map((result) => result.productId),
      );
      return results;
    },
  };
}
