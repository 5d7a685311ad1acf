import { moveOrderStatusCounts } from '../../modules/orders/order-status-counts';
import { ACTIVITY_COLUMNS } from '../../modules/activities/activity-columns';
import { ORDER_SUBJECT } from '../../modules/orders/order-subject';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import {
  rooms,
  type NormalisedOrder,
  type OrderImportResult,
  type Publish,
  type RuleOrderFacts,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import { createCatalogueWrite, type CatalogueWrite } from '../../modules/products/catalogue-writes';
import type { StockEngine } from '../../modules/products/stock.service';
import { importSettingsOf, type ImportSettings } from './import-settings';
import { normaliseOrder } from './normalise-order';
import {
  customerKeyOf,
  sendCustomerRecount,
  upsertCustomers,
  type CustomerSighting,
} from './order-customers';
import {
  buildLine,
  matchProducts,
  orderLineKey,
  lineTuple,
  readLines,
  sameLine,
  sendLineRemovals,
  sendLines,
  type LinePart,
  type LineRow,
  type StoredLine,
} from './order-lines';
import {
  CANCELLED,
  channelFieldsJson,
  FAILED_UPDATES,
  ORDER_COLUMNS,
  ORDER_UPDATES,
  STORED_COLUMNS,
  SYNC,
  failedRowOf,
  keepRuleChanges,
  orderChanges,
  orderRowOf,
  reasonOf,
  sameTags,
  sentFieldsOf,
  syncStatusOf,
  type OrderColumn,
  type OrderOwner,
  type OrderRow,
  type StoredOrder,
} from './order-rows';
import { planStockChanges, readOrderLedger, type OrderStockPlan } from './order-stock';
import { DAY_COUNT_COLUMNS, DayCountMoves, ORDER_DAY, type DayCounted } from './order-day-counts';
import type { LogSide } from '../apply-rules/rule-log-outbox';
import {
  chunksOf,
  inList,
  letAnswersIn,
  incoming,
  onDuplicate,
  sqlDialectOf,
  StatementQueue,
  TupleWithHole,
  type SqlDialect,
} from '../../db/sql-statements';

export { orderLineKey } from './order-lines';

/** Orders per multi-row statement (× ~33 columns: far below any placeholder or packet limit). */
const ORDER_CHUNK = 500;
/** New orders meeting their import rules between two looks at the connection. */
const RULE_ORDERS_BETWEEN_ANSWERS = 10;
/**
 * Orders whose lines are built between two looks at the connection: the statements queued on it
 * go out one answer at a time, and an answer is only read between two pieces of Node's work.
 */
const ORDERS_BETWEEN_ANSWERS = 100;
/** Orders per part of a batch with import rules: a part's rule records are built while the database writes the part before. */
const IMPORT_PART = 125;

export const ORDER_CREATED_EVENT = 'order.created';
export const ORDER_UPDATED_EVENT = 'order.updated';
export const ORDER_IMPORT_FAILED_EVENT = 'order.import_failed';

export const ORDER_IMPORT_MESSAGES = {
  getOrdersOff: 'Getting orders is switched off for this channel, so nothing was imported.',
  notAChannel: 'Orders can only be imported into a sales channel.',
  noRemoteId: 'The order has no remote id, so it cannot be stored.',
  repeatedLine: (remoteId: string) => `The order has two lines with the remote id ${remoteId}.`,
} as const;

export interface OrderImportOptions {
  /** Who imported (the activity's source name): 'Shopify connector', 'Demo seed', … */
  source?: string;
  /** How (the activity's via, ≤ 20 characters): 'import' by default. */
  via?: string;
}

/**
 * A store's "order imported" rules in one import transaction. They run on each new order as the
 * import builds it, so the order is written once, with what they changed (no second write, no wait
 * in "rule engine in progress"), and what they did is recorded in the same transaction: an order
 * is never stored without its rules having run.
 */
export interface ImportRuleSession {
  /** What the rules make of a new order (its id not known yet), kept under its remote id. */
  run(remoteId: string, facts: RuleOrderFacts): RuleOrderFacts;
  /** Sends the rules' firings, logs, traces and activities of these orders, now they have their ids. */
  record(orders: readonly { remoteId: string; orderId: number }[]): void;
  /** Everything is recorded: when the logs went to a second connection, the batch's outbox row. */
  finish(): void;
}

/** Whose the imported orders are. */
export interface ImportOwner {
  companyId: number;
  channelId: number;
}

/** A second connection's queue for the logs, and the batch's key in `rule_log_outbox`. */
export interface ImportLogQueue {
  queue: StatementQueue;
  batchKey: string;
}

export interface ImportRules {
  /** Some active rule listens to "order changed by its channel" (run on changed orders after the commit). */
  onUpdated: boolean;
  /** The store's "order imported" rules for one transaction; null when it has none. */
  onImported:
    | ((
        transaction: Transaction,
        queue: StatementQueue,
        owner: ImportOwner,
        logs?: ImportLogQueue,
      ) => ImportRuleSession)
    | null;
  /** A second transaction for the logs of one import (MySQL, when one is free at once). */
  openLogSide(): Promise<LogSide | null>;
}

/**
 * The rule engine as the import sees it (flows/apply-rules implements it; passed lazily, so the
 * import does not depend on it). A store without rules costs one read per batch.
 */
export interface ImportRuleHook {
  /** The store's active rules for an import, read for each batch. */
  rulesForImport(storeId: number): Promise<ImportRules>;
  /** After the batch committed: the "order changed by its channel" rules on the changed orders. */
  afterImport(storeId: number, changedOrderIds: number[]): Promise<void>;
}

export interface OrderImportService {
  /**
   * Stores a batch of one channel's orders idempotently (upsert on channel + remote id), applies the
   * channel's order settings, files each order under its customer, matches lines to products by
   * SKU, keeps the stock its lines take equal to what they ask for (given back on cancellation),
   * records activities and publishes one `orders:changed`.
   */
  importBatch(channelId: number, orders: unknown[], options?: OrderImportOptions): Promise<OrderImportResult>;
}

/**
 * The fields rules may change, as the channel sent them: an earlier attempt of the batch's work
 * (retried after a deadlock) may have written its rules' values into the row, and the order may
 * now be one another import stored meanwhile.
 */
function sentAsIs(entry: Prepared): void {
  Object.assign(entry.row, sentFieldsOf(entry.order));
  entry.ruleMultipliers = null;
}

/** What a new order is to its "order imported" rules, as the import built it (its id not known yet). */
function ruleFactsOf(entry: Prepared, channelName: string): RuleOrderFacts {
  const { order, row } = entry;
  return {
    order_id: 0,
    order_number: String(row.order_number),
    channel_name: channelName,
    shipping_method: order.shipping_method,
    shipping_country: (row.shipping_country as string | null) ?? null,
    invoice_country: (row.invoice_country as string | null) ?? null,
    tags: [...order.tags],
    order_type: order.order_type,
    sync_status: Number(row.sync_status),
    lines: order.lines.map((line, index) => ({
      id: index + 1,
      sku: line.sku,
      channel_quantity: line.quantity,
      multiplier: 1,
    })),
  };
}

/**
 * Writes what the rules made of a new order into its row. The first change to a rule-owned field
 * keeps what the channel had sent (`channel_fields`), so the channel sending the order again does
 * not undo the rules (keepRuleChanges). Answers each line's multiplier when a rule multiplied one.
 */
function applyImportRules(entry: Prepared, before: RuleOrderFacts, after: RuleOrderFacts): number[] | null {
  const { row, order } = entry;
  const tagsChanged = !sameTags(before.tags, after.tags);
  if (tagsChanged) row.tags = JSON.stringify(after.tags);
  row.shipping_method = after.shipping_method;
  row.order_type = after.order_type;
  row.sync_status = after.sync_status;
  if (
    tagsChanged ||
    before.shipping_method !== after.shipping_method ||
    before.order_type !== after.order_type
  )
    row.channel_fields = channelFieldsJson(order);
  return after.lines.some((line) => line.multiplier !== 1)
    ? after.lines.map((line) => line.multiplier)
    : null;
}

/** What the database answers for each written order. */
interface OrderAnswer extends DayCounted {
  id: number;
  remote_id: string;
  customer_id: number | null;
}

interface Prepared {
  order: NormalisedOrder;
  row: OrderRow;
  customerKey: string | null;
  /** The stored customer, kept when nothing about the customer changed. */
  customerId?: number;
  /** Per line, the multiplier a rule set on a new order. */
  ruleMultipliers?: number[] | null;
}

const CUSTOMER_FIELDS: OrderColumn[] = [
  'customer_name',
  'customer_email',
  'customer_phone',
  'channel_customer_id',
  'order_date',
];

/** Nothing the customer is built from changed (their details, the order's date). */
function sameCustomer(before: StoredOrder, row: OrderRow): boolean {
  return CUSTOMER_FIELDS.every((column) => {
    const was = before.values[column] ?? null;
    const now = row[column] ?? null;
    if (was === null || now === null) return was === now;
    if (column === 'order_date') return new Date(was as string | Date).getTime() === (now as Date).getTime();
    return String(was) === String(now);
  });
}

interface Failed {
  remoteId: string;
  reason: string;
  row: OrderRow;
}

/** The batch after validation: good orders and failed records by remote id (the last one wins). */
interface Validated {
  prepared: Map<string, Prepared>;
  failed: Map<string, Failed>;
}

export function createOrderImportService(deps: {
  sequelize: Sequelize;
  models: Models;
  publish: Publish;
  stock: StockEngine;
  /** The transaction runner (retries deadlocks and lost unique races; queues writes on SQLite). */
  write?: CatalogueWrite;
  /** The rule engine, asked for when a batch runs (it is built after the import). */
  rules?: () => ImportRuleHook | undefined;
}): OrderImportService {
  const { sequelize, models } = deps;
  const dialect: SqlDialect = sqlDialectOf(sequelize);
  const write = deps.write ?? createCatalogueWrite(sequelize);
  /** What the database answers for each written order (MySQL: what the day counters count too). */
  const answerColumns = `id, remote_id, customer_id${dialect.mysql ? `, ${DAY_COUNT_COLUMNS}` : ''}`;
  /** MariaDB answers an upsert's rows itself (`RETURNING`); MySQL and SQLite are asked again. */
  let returning: Promise<boolean> | null = null;
  const canReturn = () =>
    (returning ??= dialect.mysql
      ? sequelize
          .query<{ version: string }>('SELECT VERSION() AS version', { type: QueryTypes.SELECT, plain: true })
          .then((row) => /mariadb/i.test(row?.version ?? ''))
      : Promise.resolve(false));

  function validate(
    inputs: unknown[],
    settings: ImportSettings,
    owner: OrderOwner,
    result: OrderImportResult,
  ): Validated {
    const prepared = new Map<string, Prepared>();
    const failed = new Map<string, Failed>();
    for (const input of inputs) {
      const outcome = normaliseOrder(input);
      let reason: string | null = outcome.ok ? null : reasonOf(outcome.issues);
      if (outcome.ok) {
        const seen = new Set<string>();
        for (const [index, line] of outcome.order.lines.entries()) {
          const lineId = line.remote_id ?? `#${index + 1}`;
          if (seen.has(lineId)) reason = ORDER_IMPORT_MESSAGES.repeatedLine(lineId);
          seen.add(lineId);
        }
      }
      const rawRemote = (input as { remote_id?: unknown } | null)?.remote_id;
      const remoteId =
        typeof rawRemote === 'string' || typeof rawRemote === 'number'
          ? String(rawRemote).trim().slice(0, 190)
          : '';
      if (reason !== null || !outcome.ok) {
        if (!remoteId) {
          result.failed += 1;
          result.failures.push({
            remote_id: null,
            reason: `${ORDER_IMPORT_MESSAGES.noRemoteId} ${reason ?? ''}`.trim(),
          });
          continue;
        }
        prepared.delete(remoteId);
        failed.set(remoteId, {
          remoteId,
          reason: reason!,
          row: failedRowOf(input, remoteId, reason!, settings, owner),
        });
        continue;
      }
      const order = outcome.order;
      if (settings.ignoreBefore && order.order_date < settings.ignoreBefore) {
        result.skipped += 1;
        continue;
      }
      failed.delete(order.remote_id);
      prepared.set(order.remote_id, {
        order,
        row: orderRowOf(order, settings, owner),
        customerKey: customerKeyOf(owner.channelId, order.customer),
      });
    }
    for (const failure of failed.values())
      result.failures.push({ remote_id: failure.remoteId, reason: failure.reason });
    return { prepared, failed };
  }

  /**
   * Multi-row upserts on (channel_id, remote_id), sent; on MariaDB each answers its rows' ids
   * (`RETURNING`), elsewhere `selectOrders` asks for them after.
   */
  function sendOrders(
    queue: StatementQueue,
    tuples: string[],
    updates: OrderColumn[],
    returning: boolean,
    dayCounts: DayCountMoves | null,
  ): Promise<OrderAnswer[]>[] {
    const assignments = updates.map((column) => `${column} = ${incoming(dialect, column)}`);
    // An order leaving "rule engine in progress" through its channel (cancelled, or now a failed
    // record) no longer waits for its import rules: the status it was held for goes with it.
    assignments.push(
      `held_sync_status = CASE WHEN ${incoming(dialect, 'sync_status')} = ${SYNC.rulesInProgress} ` +
        `THEN held_sync_status ELSE NULL END`,
    );
    const answers: Promise<OrderAnswer[]>[] = [];
    for (const part of chunksOf(tuples, ORDER_CHUNK)) {
      const sql =
        `INSERT INTO orders (${ORDER_COLUMNS.join(', ')}) VALUES ${part.join(', ')} ` +
        onDuplicate(dialect, ['channel_id', 'remote_id'], assignments);
      const send = () => {
        if (returning) answers.push(queue.rows<OrderAnswer>(`${sql} RETURNING ${answerColumns}`));
        else queue.send(sql);
      };
      if (dayCounts) dayCounts.untriggered(queue, send);
      else send();
    }
    return answers;
  }

  /** An order's values as SQL, its customer id left to fill (the customers' upsert answers it). */
  const orderTuple = (row: OrderRow) =>
    TupleWithHole.of(
      dialect,
      ORDER_COLUMNS.map((column) => row[column]),
      ORDER_COLUMNS.indexOf('customer_id'),
    );

  function selectOrders(
    queue: StatementQueue,
    channelId: number,
    remoteIds: string[],
  ): Promise<OrderAnswer[]>[] {
    return chunksOf(remoteIds, ORDER_CHUNK).map((part) =>
      queue.rows<OrderAnswer>(
        `SELECT ${answerColumns} FROM orders WHERE channel_id = ${channelId} AND remote_id IN (${inList(dialect, part)})`,
      ),
    );
  }

  /** What is stored already, locked: a concurrent import of the same orders waits here. */
  async function readStored(queue: StatementQueue, channelId: number, remoteIds: string[]) {
    const stored = new Map<string, StoredOrder>();
    for (const part of chunksOf(remoteIds, ORDER_CHUNK)) {
      const rows = await queue.rows<Record<string, unknown>>(
        `SELECT ${STORED_COLUMNS.join(', ')}${dialect.mysql ? `, store_id, ${ORDER_DAY}` : ''} FROM orders ` +
          `WHERE channel_id = ${channelId} AND remote_id IN (${inList(dialect, part)})${dialect.mysql ? ' FOR UPDATE' : ''}`,
      );
      for (const row of rows) {
        stored.set(String(row.remote_id), {
          id: Number(row.id),
          remote_id: String(row.remote_id),
          content_hash: String(row.content_hash),
          status: (row.status as string | null) ?? null,
          sync_status: Number(row.sync_status),
          customer_id:
            row.customer_id === null || row.customer_id === undefined ? null : Number(row.customer_id),
          values: row,
        });
      }
    }
    return stored;
  }

  return {
    async importBatch(channelId, inputs, options = {}) {
      const result: OrderImportResult = {
        imported: true,
        created: 0,
        updated: 0,
        unchanged: 0,
        failed: 0,
        skipped: 0,
        orderIds: [],
        failures: [],
      };
      const channel = await models.Channel.findByPk(channelId);
      if (!channel || channel.kind !== 'channel') throw new Error(ORDER_IMPORT_MESSAGES.notAChannel);
      const settings = importSettingsOf(channel.settings ?? {});
      if (!settings.getOrders) {
        return {
          ...result,
          imported: false,
          reason: ORDER_IMPORT_MESSAGES.getOrdersOff,
          skipped: inputs.length,
        };
      }
      const storeId = channel.store_id;
      const companyId = channel.company_id;
      const now = new Date();
      now.setMilliseconds(0);
      const owner: OrderOwner = { companyId, storeId, channelId, now };

      // 1. Validate and normalise (outside the transaction).
      const { prepared, failed } = validate(inputs, settings, owner, result);
      const remoteIds = [...prepared.keys(), ...failed.keys()];
      if (remoteIds.length === 0) return result;
      const returning = await canReturn();
      const ruleHook = deps.rules?.();
      const rules = ruleHook ? await ruleHook.rulesForImport(storeId) : null;
      const skus = [
        ...new Set(
          [...prepared.values()].flatMap((entry) =>
            entry.order.lines.map((line) => line.sku).filter((sku): sku is string => sku !== null),
          ),
        ),
      ];

      // The logs of the import's rules go on a second connection when one is free (MySQL).
      const logSide = rules?.onImported ? await rules.openLogSide() : null;
      let attempts = 0;
      const outcome = await write(async (transaction: Transaction) => {
        attempts += 1;
        const queue = new StatementQueue(sequelize, transaction, dialect.mysql);
        const dayCounts = dialect.mysql ? new DayCountMoves(dialect) : null;
        const logs = logSide ? await logSide.attempt() : undefined;
        const ruleSession = rules?.onImported?.(transaction, queue, { companyId, channelId }, logs) ?? null;
        const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
        const sourceName = (options.source ?? channel.name).slice(0, 120);
        const via = (options.via ?? 'import').slice(0, 20);
        /** An activity row of an order, its id left to fill. */
        const activity = (event: string, oldValues: unknown, newValues: unknown) =>
          TupleWithHole.of(
            dialect,
            [
              companyId,
              null,
              'system',
              sourceName,
              via,
              event,
              ORDER_SUBJECT,
              null,
              oldValues === null ? null : JSON.stringify(oldValues),
              newValues === null ? null : JSON.stringify(newValues),
              now,
            ],
            ACTIVITY_COLUMNS.indexOf('subject_id'),
          );

        // 2. What is stored already (locked first: the reads after it see the batch before ours
        // committed), and the products the lines name, asked for together.
        const storedRead = readStored(queue, channelId, remoteIds);
        const matchesRead = matchProducts(queue, dialect, storeId, skus, channelId);
        const stored = await storedRead;

        const deltas = new Map<string, number>();
        const count = (sync: unknown, status: unknown, delta: number) => {
          const key = `${Number(sync)}|${typeof status === 'string' ? status : ''}`;
          deltas.set(key, (deltas.get(key) ?? 0) + delta);
        };

        // 3. Failed records: new ones stored, changed ones marked failed, same ones left alone.
        const failedRows: OrderRow[] = [];
        for (const failure of failed.values()) {
          const before = stored.get(failure.remoteId);
          if (before && before.content_hash === failure.row.content_hash) {
            counts.unchanged += 1;
            continue;
          }
          failedRows.push(failure.row);
          if (before) count(before.sync_status, before.status, -1);
          count(SYNC.failed, before ? before.status : null, 1);
        }

        // 4. Good orders: created / changed / unchanged, and the sync status.
        const writes: Prepared[] = [];
        for (const entry of prepared.values()) {
          const before = stored.get(entry.order.remote_id);
          if (before && before.content_hash === entry.row.content_hash) {
            counts.unchanged += 1;
            continue;
          }
          entry.row.sync_status = syncStatusOf(before, entry.order.status, settings);
          sentAsIs(entry);
          if (before) keepRuleChanges(before, entry.row, entry.order);
          writes.push(entry);
          // A new order meets the import's rules (below, a part at a time), and is written with
          // what they changed; it is counted then.
          if (!before && ruleSession) continue;
          if (before) count(before.sync_status, before.status, -1);
          count(entry.row.sync_status, entry.row.status, 1);
        }

        // 5. Changed orders: their lines as stored and the stock their lines took, read together.
        const changedIds = writes
          .map((entry) => stored.get(entry.order.remote_id)?.id)
          .filter((id): id is number => id !== undefined);
        const oldLinesRead = chunksOf(changedIds, ORDER_CHUNK).map((part) => readLines(queue, dialect, part));
        const ledgerRead = readOrderLedger(
          queue,
          dialect,
          storeId,
          writes
            .filter((entry) => stored.has(entry.order.remote_id))
            .flatMap((entry) =>
              entry.order.lines.map((line, index) =>
                orderLineKey(channelId, entry.order.remote_id, line.remote_id ?? `#${index + 1}`),
              ),
            ),
          changedIds,
        );
        // The customers' upsert runs while the lines are built (the orders carry their ids). A
        // changed order whose customer details and date did not change keeps its customer as is.
        const sightings: CustomerSighting[] = [];
        for (const entry of writes) {
          if (entry.customerKey === null) continue;
          const before = stored.get(entry.order.remote_id);
          if (before && before.customer_id !== null && sameCustomer(before, entry.row)) {
            entry.customerId = before.customer_id;
            continue;
          }
          sightings.push({
            key: entry.customerKey,
            order: entry.order,
            channelId,
            counts: !stored.has(entry.order.remote_id),
          });
        }
        const customersAnswer = upsertCustomers(queue, dialect, owner, sightings, returning);
        customersAnswer.catch(() => undefined); // awaited below; watched in case a read fails first
        const matches = await matchesRead;
        const oldLines = new Map<number, StoredLine[]>();
        for (const read of oldLinesRead) {
          for (const line of await read) {
            const orderId = Number(line.order_id);
            const list = oldLines.get(orderId) ?? [];
            list.push(line);
            oldLines.set(orderId, list);
          }
        }
        const ledger = await ledgerRead;

        /** What one part of the batch writes once its orders have their ids. */
        interface PartRows {
          lineTuples: { remoteId: string; tuple: TupleWithHole }[];
          activityTuples: { remoteId: string; tuple: TupleWithHole }[];
          removedLines: number[];
          /** New orders whose import rules ran: what they did is recorded with them. */
          ruled: string[];
        }
        const emptyPart = (): PartRows => ({
          lineTuples: [],
          activityTuples: [],
          removedLines: [],
          ruled: [],
        });

        // 6. Lines: matched to products by SKU (kits with their components); a changed order's
        // lines are compared with what is stored and only the different ones written.
        const stockPlans: OrderStockPlan[] = [];
        const buildWrite = (entry: Prepared, part: PartRows) => {
          const remoteId = entry.order.remote_id;
          const before = stored.get(remoteId);
          const previous = before ? (oldLines.get(before.id) ?? []) : [];
          const previousByKey = new Map(previous.map((line) => [String(line.line_key), line]));
          const wanted = new Map<string, LinePart[]>();
          const newLines: LineRow[] = [];
          let multiplied = false;
          for (const [index, line] of entry.order.lines.entries()) {
            // A rule's multiplier (set now on a new order, or before): the line asks for the
            // channel's quantity × it, its total as sold.
            const multiplier = before
              ? Number(
                  previousByKey.get(orderLineKey(channelId, remoteId, line.remote_id ?? `#${index + 1}`))
                    ?.quantity_multiplier ?? 1,
                )
              : (entry.ruleMultipliers?.[index] ?? 1);
            const built = buildLine(line, index, channelId, remoteId, matches, now, multiplier);
            if (multiplier > 1) multiplied = true;
            const lineKey = built.row.line_key as string;
            wanted.set(lineKey, built.parts);
            newLines.push(built.row);
            const old = previousByKey.get(lineKey);
            if (!old || !sameLine(old, built.row))
              part.lineTuples.push({ remoteId, tuple: lineTuple(dialect, built.row) });
          }
          for (const old of previous)
            if (!wanted.has(String(old.line_key))) part.removedLines.push(Number(old.id));
          // Set, not added to: the work may run again (a retried transaction).
          if (multiplied)
            entry.row.total_order_items = newLines.reduce((sum, row) => sum + Number(row.quantity), 0);
          stockPlans.push({
            fresh: !before,
            cancelled: entry.order.status === CANCELLED,
            lineKeys: [...new Set([...previous.map((line) => String(line.line_key)), ...wanted.keys()])],
            wanted,
          });

          if (!before) {
            counts.created += 1;
            part.activityTuples.push({
              remoteId,
              tuple: activity(ORDER_CREATED_EVENT, null, {
                order_number: entry.row.order_number,
                status: entry.row.status,
                sync_status: entry.row.sync_status,
                total: entry.row.total,
                currency: entry.row.currency,
              }),
            });
            return;
          }
          counts.updated += 1;
          const { oldValues, newValues } = orderChanges(before, entry.row);
          const signature = (
            lines: { line_key: unknown; product_sku: unknown; quantity: unknown; price: unknown }[],
          ) =>
            JSON.stringify(
              lines.map((line) => [
                line.line_key,
                line.product_sku,
                Number(line.quantity),
                line.price === null ? null : Number(line.price),
              ]),
            );
          if (signature(previous) !== signature(newLines)) {
            oldValues.lines = previous.map((line) => ({
              sku: line.product_sku,
              quantity: Number(line.quantity),
            }));
            newValues.lines = newLines.map((line) => ({ sku: line.product_sku, quantity: line.quantity }));
          }
          part.activityTuples.push({ remoteId, tuple: activity(ORDER_UPDATED_EVENT, oldValues, newValues) });
        };

        // 7. Orders, then their lines and activities: each statement's text is written while the
        // one before runs, and the id it waits for (the customer's, a new order's) is added last.
        // Everything sent is settled before the work ends, whatever happens.
        let stockApplied: Promise<unknown> = Promise.resolve([]);
        const written: Promise<void>[] = [];
        const settle = async (error: unknown): Promise<never> => {
          await Promise.allSettled([stockApplied, ...written]);
          await Promise.allSettled([queue.flush(), logs?.queue.flush()]);
          throw error;
        };
        const ids = new Map<string, number>();
        const answered: OrderAnswer[] = [];
        /** Sends a part's orders; once they have their ids, its lines, activities and rule records. */
        const writePart = (
          rows: OrderRow[],
          updates: OrderColumn[],
          part: PartRows,
          tuples: TupleWithHole[] = rows.map(orderTuple),
        ) => {
          for (const row of rows) {
            const before = stored.get(row.remote_id as string);
            if (before) dayCounts?.move(before.values, -1);
          }
          const answers = sendOrders(
            queue,
            rows.map((row, index) => tuples[index]!.fill(dialect, row.customer_id)),
            updates,
            returning,
            dayCounts,
          );
          if (!returning)
            answers.push(
              ...selectOrders(
                queue,
                channelId,
                rows.map((row) => row.remote_id as string),
              ),
            );
          const done = (async () => {
            for (const answer of answers) {
              for (const row of await answer) {
                ids.set(row.remote_id, Number(row.id));
                answered.push(row);
                dayCounts?.move(row, 1);
              }
            }
            if (part.removedLines.length > 0) sendLineRemovals(queue, dialect, part.removedLines);
            if (part.lineTuples.length > 0)
              sendLines(
                queue,
                dialect,
                part.lineTuples.map((line) => line.tuple.fill(dialect, ids.get(line.remoteId)!)),
              );
            for (const rows of chunksOf(part.activityTuples, 1000)) {
              queue.send(
                `INSERT INTO activities (${ACTIVITY_COLUMNS.join(', ')}) VALUES ${rows
                  .map((row) => row.tuple.fill(dialect, ids.get(row.remoteId)!))
                  .join(', ')}`,
              );
            }
            if (ruleSession && part.ruled.length > 0)
              ruleSession.record(part.ruled.map((remoteId) => ({ remoteId, orderId: ids.get(remoteId)! })));
          })();
          done.catch(() => undefined); // awaited below
          written.push(done);
        };

        if (failedRows.length > 0) {
          const part = emptyPart();
          for (const row of failedRows) {
            counts.failed += 1;
            part.activityTuples.push({
              remoteId: row.remote_id as string,
              tuple: activity(ORDER_IMPORT_FAILED_EVENT, null, { reason: row.failure_reason }),
            });
          }
          writePart(failedRows, FAILED_UPDATES, part);
        }
        let customerIds: Map<string, number> | null = null;
        const partSize = ruleSession ? IMPORT_PART : Math.max(1, writes.length);
        // Every new order meets its rules and every line is built first, so the stock engine
        // starts early (its reads and ledger rows go while the orders are written); then the
        // orders go in parts, each part's lines, activities and rule records sent once its orders
        // have their ids (the database writes one part while the next part's records are built).
        const parts: { entries: Prepared[]; rows: PartRows; tuples: TupleWithHole[] }[] = [];
        for (let from = 0; from < writes.length; from += partSize) {
          const entries = writes.slice(from, from + partSize);
          const part = emptyPart();
          for (const [index, entry] of entries.entries()) {
            if (ruleSession && !stored.has(entry.order.remote_id)) {
              const facts = ruleFactsOf(entry, channel.name);
              entry.ruleMultipliers = applyImportRules(
                entry,
                facts,
                ruleSession.run(entry.order.remote_id, facts),
              );
              count(entry.row.sync_status, entry.row.status, 1);
              part.ruled.push(entry.order.remote_id);
              // The customers' answer comes in meanwhile.
              if (index % RULE_ORDERS_BETWEEN_ANSWERS === RULE_ORDERS_BETWEEN_ANSWERS - 1)
                await letAnswersIn();
            } else if (index % ORDERS_BETWEEN_ANSWERS === ORDERS_BETWEEN_ANSWERS - 1) await letAnswersIn();
            buildWrite(entry, part);
          }
          // Written while the customers' upsert runs: only their ids are added once it answers.
          parts.push({ entries, rows: part, tuples: entries.map((entry) => orderTuple(entry.row)) });
        }
        const stockChanges = planStockChanges(storeId, settings.deductStock, stockPlans, ledger);
        if (stockChanges.length > 0) {
          // Planned from the ledger read under the orders' locks, the keys are new: the ledger's
          // unique index is what guards them, and only a run again (a key refused) looks them up.
          stockApplied = deps.stock.apply(null, storeId, stockChanges, {
            transaction,
            newKeys: attempts === 1,
          });
          stockApplied.catch(() => undefined);
        }
        for (const { entries, rows, tuples } of parts) {
          customerIds ??= await customersAnswer.catch(settle);
          for (const entry of entries) {
            entry.row.customer_id =
              entry.customerId ??
              (entry.customerKey === null ? null : (customerIds.get(entry.customerKey) ?? null));
          }
          writePart(
            entries.map((entry) => entry.row),
            ORDER_UPDATES,
            rows,
            tuples,
          );
        }
        try {
          await Promise.all(written);
        } catch (error) {
          await settle(error);
        }
        dayCounts?.send(queue);

        // Customers whose orders moved to another customer or to another date are recounted.
        const recount = new Set<number>();
        for (const row of answered) {
          const before = stored.get(row.remote_id);
          const entry = prepared.get(row.remote_id);
          if (!before || !entry) continue;
          const customerId = row.customer_id === null ? null : Number(row.customer_id);
          const dateMoved =
            before.values.order_date === null ||
            new Date(before.values.order_date as string | Date).getTime() !==
              entry.order.order_date.getTime();
          if (before.customer_id !== customerId || dateMoved) {
            if (before.customer_id !== null) recount.add(before.customer_id);
            if (customerId !== null) recount.add(customerId);
          }
        }
        if (recount.size > 0) sendCustomerRecount(queue, dialect, [...recount], now);

        // 8. The stock engine's answer, then the counters; a failure of ours (a lost unique race)
        // is the one to report, so the runner retries it.
        try {
          await stockApplied;
          await moveOrderStatusCounts(sequelize, storeId, deltas, transaction);
        } catch (error) {
          await settle(error);
        }
        ruleSession?.finish();
        await queue.flush();
        // The logs' failure is the batch's while both can still be rolled back.
        await logs?.queue.flush().catch(settle);
        const changed: number[] = [];
        for (const entry of writes) {
          const id = ids.get(entry.order.remote_id);
          // An order still waiting for its import rules (left by an earlier version) is the sweep's.
          const waiting = entry.row.sync_status === SYNC.rulesInProgress;
          if (id !== undefined && rules?.onUpdated && stored.has(entry.order.remote_id) && !waiting)
            changed.push(id);
        }
        return { counts, orderIds: [...ids.values()], changed };
      }).catch(async (error: unknown) => {
        await logSide?.abandon();
        throw error;
      });
      await logSide?.commit();

      result.created = outcome.counts.created;
      result.updated = outcome.counts.updated;
      result.unchanged = outcome.counts.unchanged;
      result.failed += outcome.counts.failed;
      result.orderIds = outcome.orderIds;
      if (ruleHook && outcome.changed.length > 0) {
        // Committed already: the orders are stored whatever the update rules do.
        await ruleHook.afterImport(storeId, outcome.changed).catch(() => undefined);
      }
      if (result.orderIds.length > 0) {
        deps.publish({
          name: 'orders:changed',
          rooms: [rooms.store(storeId)],
          payload: { storeId, orderIds: result.orderIds },
        });
      }
      return result;
    },
  };
}
