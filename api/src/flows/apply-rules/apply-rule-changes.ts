import type { Sequelize, Transaction } from 'sequelize';
import { ACTIVITY_COLUMNS } from '../../modules/activities/activity-columns';
import {
  describeEvaluation,
  type RuleEvaluation,
  type RuleOrderFacts,
  type RuleRunTrigger,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { StockEngine } from '../../modules/products/stock.service';
import { addStatusMove, moveOrderStatusCounts } from '../../modules/orders/order-status-counts';
import { ORDER_SUBJECT } from '../../modules/orders/order-subject';
import { planStockChanges, readOrderLedger } from '../import-orders/order-stock';
import { channelFieldsJson, sameTags } from '../import-orders/order-rows';
import {
  chunksOf,
  onDuplicate,
  sqlDialectOf,
  StatementQueue,
  valuesList,
  type SqlDialect,
  type SqlValue,
} from '../../db/sql-statements';
import { factsTraceOf, factsTraceWith } from '../../modules/rules/rule-trace.codec';
import type { LinePart } from '../import-orders/order-lines';
import { RULES_IN_PROGRESS, type LoadedOrder } from './rule-facts';
import { activitySentenceOf, logMessageOf } from './rule-messages';

export const RULES_APPLIED_EVENT = 'order.rules_applied';

/** One evaluation with whose it is: a store rule, or a plugin's rule. */
export interface RunEvaluation {
  evaluation: RuleEvaluation;
  kind: 'rule' | 'plugin_rule';
  /** The log's rule_engine_name: the rule's name, or "<plugin>: <rule>". */
  name: string;
  pluginId: number | null;
}

/** What the rules made of one order. */
export interface OrderOutcome {
  loaded: LoadedOrder;
  after: RuleOrderFacts;
  evaluations: RunEvaluation[];
  /** The rules whose actions ran: recorded in rule_firings so they never fire here again. */
  fired: { kind: 'rule' | 'plugin_rule'; ruleId: number }[];
  /**
   * The store rules evaluated, as the trace lists them (`factsTraceEntriesOf`), when
   * `evaluations` holds only the rules that matched (the import's rules, evaluated 'matched').
   */
  traceEntries?: string;
}

export interface ApplyContext {
  sequelize: Sequelize;
  models: Models;
  stock: StockEngine;
  storeId: number;
  trigger: RuleRunTrigger;
  runId: number | null;
  /** The import's rules: orders waiting in 15 get their status now, whatever the rules did. */
  releaseHeld: boolean;
  /**
   * The orders were written with the rules' changes already (a new order's import rules run as the
   * import builds it): only what the rules did is written — firings, logs, traces, activities.
   */
  recordOnly?: boolean;
}

/** Rows per multi-row INSERT: well under MySQL's packet limit even for long texts. */
const ROWS_PER_INSERT = 1000;

const FIRING_COLUMNS = 'order_id, trigger_type, rule_kind, rule_ids, created_at';
// In the order a log row is written in (RuleChangeWriter: the order's part, the rule's part, the
// rest). What the table fills itself is left out: a log matched, its evaluation is in the trace
// (content NULL), a store rule's has no plugin columns, a run id only when there is a run.
export const logColumns = (kind: RunEvaluation['kind'], withRun: boolean) =>
  'company_id, store_id, data_reference, order_id, trigger_type, ' +
  (kind === 'rule' ? 'rule_id' : 'plugin_rule_id, plugin_id') +
  `, rule_version, rule_engine_name, made_changes, message${withRun ? ', run_id' : ''}, created_at`;
const TRACE_COLUMNS =
  'company_id, store_id, order_id, trigger_type, evaluations, made_changes, run_id, created_at';

/**
 * Writes what the rules did to the orders of one transaction, in that transaction, with multi-row
 * statements where the rows are alike: the rules' firings, the orders' fields, the lines'
 * multipliers (and the stock the new quantities ask for, through the import's own per-line ledger
 * reconciliation, so it is taken exactly once), the counters, one activity per changed order, a log
 * per matched rule and one "why" trace row per order. The rows are written as SQL text and sent
 * without waiting for each other (as the import writes its own): with 100 rules a chunk of 500
 * orders writes thousands of rows, and escaping them value by value was most of the runner's time.
 * The runner adds the orders a part at a time, so the database writes one part while the next is
 * evaluated. A log's evaluation is not written twice: the trace (compact, rule-trace.codec.ts)
 * holds it.
 */
export class RuleChangeWriter {
  /** When the rows are written: the traces' created_at (the logs' too). */
  readonly now = new Date();
  private readonly dialect: SqlDialect;
  private readonly queue: StatementQueue;
  private readonly changedIds: number[] = [];
  private readonly deltas = new Map<string, number>();
  private readonly lineUpdates: { id: number; quantity: number; multiplier: number }[] = [];
  private readonly stockPlans: {
    orderId: number;
    lineKeys: string[];
    wanted: Map<string, LinePart[]>;
    cancelled: boolean;
  }[] = [];
  private deductStock = false;

  // The values every firing and log row of the transaction shares, and the texts they repeat
  // (rule names, messages), written as SQL once: a chunk writes thousands of these rows.
  private readonly nowLiteral: string;
  private readonly triggerLiteral: string;
  private readonly storeLiteral: string;
  private readonly runLiteral: string;
  private readonly trueLiteral: string;
  private readonly falseLiteral: string;
  private readonly literals = new Map<string, string>();
  private readonly ruleParts = new Map<string, string>();
  private readonly logSuffix: string;

  constructor(
    private readonly context: ApplyContext,
    private readonly transaction: Transaction,
    /** The caller's queue on the transaction (the import's), so the statements go out in one line. */
    queue?: StatementQueue,
    /** Where the logs go when not with the rest: the import's second connection (rule-log-outbox.ts). */
    private readonly logQueue?: StatementQueue,
  ) {
    const dialect = sqlDialectOf(context.sequelize);
    this.dialect = dialect;
    this.queue = queue ?? new StatementQueue(context.sequelize, transaction, dialect.mysql);
    this.nowLiteral = dialect.literal(this.now);
    this.triggerLiteral = dialect.literal(context.trigger);
    this.storeLiteral = dialect.literal(context.storeId);
    this.runLiteral = dialect.literal(context.runId);
    this.trueLiteral = dialect.literal(true);
    this.falseLiteral = dialect.literal(false);
    this.logSuffix = `${context.runId === null ? '' : `, ${this.runLiteral}`}, ${this.nowLiteral})`;
  }

  /** A log row's columns that name the rule (`rule_id` … `rule_engine_name`), once per rule. */
  private rulePart(entry: RunEvaluation): string {
    const { evaluation } = entry;
    const key = `${entry.kind}|${evaluation.rule_id}|${evaluation.rule_version}|${entry.pluginId}|${entry.name}`;
    let part = this.ruleParts.get(key);
    if (part === undefined) {
      const { dialect } = this;
      const id = dialect.literal(evaluation.rule_id);
      part =
        `${entry.kind === 'rule' ? id : `${id}, ${dialect.literal(entry.pluginId)}`}, ` +
        `${dialect.literal(evaluation.rule_version)}, ${this.cached(entry.name.slice(0, 190))}, `;
      this.ruleParts.set(key, part);
    }
    return part;
  }

  /** A text as an SQL literal, written once per writer. */
  private cached(text: string): string {
    let literal = this.literals.get(text);
    if (literal === undefined) {
      literal = this.dialect.literal(text);
      this.literals.set(text, literal);
    }
    return literal;
  }

  /** Writes what the rules made of these orders (sent; `finish` waits for it). */
  add(outcomes: readonly OrderOutcome[]): void {
    const { storeId } = this.context;
    const { dialect, queue } = this;
    const releases = new Map<number, number[]>();
    /** Per column, the orders whose value it changes: one UPDATE … CASE per part, not one per order. */
    const columnUpdates = new Map<string, Map<number, unknown>>();
    const updatedIds: number[] = [];
    const activities: SqlValue[][] = [];
    const logs: string[] = [];
    const pluginLogs: string[] = [];
    const traces: SqlValue[][] = [];
    const firings: string[] = [];

    for (const { loaded, after, evaluations, fired, traceEntries } of outcomes) {
      const before = loaded.facts;
      const orderId = before.order_id;
      const orderLiteral = dialect.literal(orderId);
      // One row per kind: the ids that fired now, added to those the row lists already.
      for (const kind of ['rule', 'plugin_rule'] as const) {
        const ids = fired.filter((firing) => firing.kind === kind).map((firing) => firing.ruleId);
        if (ids.length > 0)
          firings.push(
            `(${orderLiteral}, ${this.triggerLiteral}, ${this.cached(kind)}, ${dialect.literal(ids.join(','))}, ${this.nowLiteral})`,
          );
      }
      const changes: Record<string, unknown> = {};
      const oldValues: Record<string, unknown> = {};
      if (!sameTags(before.tags, after.tags)) {
        changes.tags = after.tags;
        oldValues.tags = before.tags;
      }
      if (before.shipping_method !== after.shipping_method) {
        changes.shipping_method = after.shipping_method;
        oldValues.shipping_method = before.shipping_method;
      }
      if (before.order_type !== after.order_type) {
        changes.order_type = after.order_type;
        oldValues.order_type = before.order_type;
      }
      const recordOnly = this.context.recordOnly === true;
      // The first change to a rule-owned field keeps what the channel had sent, so the channel
      // sending the order again does not undo the rules (the import merges against it).
      if (Object.keys(changes).length > 0 && !loaded.hasChannelFields && !recordOnly) {
        changes.channel_fields = channelFieldsJson(before);
      }
      const waiting = loaded.storedSyncStatus === RULES_IN_PROGRESS;
      let finalStatus = loaded.storedSyncStatus;
      if (waiting && this.context.releaseHeld) finalStatus = after.sync_status;
      else if (!waiting && after.sync_status !== before.sync_status) finalStatus = after.sync_status;
      const statusMoved = finalStatus !== loaded.storedSyncStatus;
      if (statusMoved && !recordOnly) {
        addStatusMove(
          this.deltas,
          { sync_status: loaded.storedSyncStatus, status: loaded.status },
          { sync_status: finalStatus, status: loaded.status },
        );
      }

      const lineChanges: { id: number; quantity: number; multiplier: number }[] = [];
      const wanted = new Map<string, LinePart[]>();
      for (const line of after.lines) {
        const old = before.lines.find((candidate) => candidate.id === line.id);
        if (!old || old.multiplier === line.multiplier) continue;
        const quantity = line.channel_quantity * line.multiplier;
        lineChanges.push({ id: line.id, quantity, multiplier: line.multiplier });
        const stored = loaded.lines.find((candidate) => candidate.id === line.id);
        if (stored && stored.productId !== null) {
          wanted.set(
            stored.lineKey,
            stored.kitItems
              ? stored.kitItems.map((item) => ({
                  productId: item.product_id,
                  units: item.quantity * quantity,
                }))
              : [{ productId: stored.productId, units: quantity }],
          );
        }
      }
      if (lineChanges.length > 0 && !recordOnly) {
        const quantities = new Map(lineChanges.map((line) => [line.id, line.quantity]));
        changes.total_order_items = loaded.lines.reduce(
          (sum, line) => sum + (quantities.get(line.id) ?? line.quantity),
          0,
        );
        this.lineUpdates.push(...lineChanges);
        if (wanted.size > 0 && loaded.deductStock) {
          this.deductStock = true;
          this.stockPlans.push({
            orderId,
            lineKeys: [...wanted.keys()],
            wanted,
            cancelled: loaded.status === 'Cancelled',
          });
        }
      }

      const fieldsChanged = Object.keys(changes).length > 0 || lineChanges.length > 0;
      if (recordOnly) {
        // Written already, with the order.
      } else if (Object.keys(changes).length > 0 || (statusMoved && (lineChanges.length > 0 || !waiting))) {
        const values: Record<string, unknown> = {
          ...changes,
          ...(statusMoved ? { sync_status: finalStatus } : {}),
          ...(waiting && this.context.releaseHeld ? { held_sync_status: null } : {}),
        };
        if (values.tags !== undefined) values.tags = JSON.stringify(values.tags);
        for (const [column, value] of Object.entries(values)) {
          const byId = columnUpdates.get(column) ?? new Map<number, unknown>();
          byId.set(orderId, value);
          columnUpdates.set(column, byId);
        }
        updatedIds.push(orderId);
      } else if (waiting && this.context.releaseHeld) {
        // Orders the rules only released are written together, by status.
        const list = releases.get(finalStatus) ?? [];
        list.push(orderId);
        releases.set(finalStatus, list);
      }

      // What each matched rule did, said once for its log and (when it changed something) the activity.
      const messages = new Map<RunEvaluation, string>();
      const sentences: string[] = [];
      for (const entry of evaluations) {
        const { evaluation } = entry;
        if (!evaluation.matched || evaluation.skipped) continue;
        const said = describeEvaluation(evaluation);
        messages.set(entry, logMessageOf(evaluation, said));
        const sentence = activitySentenceOf(evaluation, entry.name, said);
        if (sentence !== null) sentences.push(sentence);
      }
      const changed = fieldsChanged || (statusMoved && !(waiting && sentences.length === 0));
      if (changed || sentences.length > 0) {
        this.changedIds.push(orderId);
        activities.push([
          loaded.companyId,
          null,
          'system',
          'Rule engine',
          'rules',
          RULES_APPLIED_EVENT,
          ORDER_SUBJECT,
          orderId,
          JSON.stringify({
            ...oldValues,
            ...(statusMoved && !waiting ? { sync_status: loaded.storedSyncStatus } : {}),
          }),
          JSON.stringify({
            ...Object.fromEntries(
              Object.keys(oldValues).map((key) => [key, after[key as keyof RuleOrderFacts]]),
            ),
            ...(statusMoved && !waiting ? { sync_status: finalStatus } : {}),
            trigger: this.context.trigger,
            description: sentences.join(' '),
          }),
          this.now,
        ]);
      } else if (statusMoved) {
        this.changedIds.push(orderId);
      }

      if (evaluations.length === 0 && traceEntries === undefined) continue;
      // A log row is the order's part, the rule's part and what it did; the parts are written once.
      let orderPart: string | null = null;
      for (const entry of evaluations) {
        const { evaluation } = entry;
        if (!evaluation.matched || evaluation.skipped) continue;
        orderPart ??=
          `(${dialect.literal(loaded.companyId)}, ${this.storeLiteral}, ` +
          `${dialect.literal(before.order_number.slice(0, 190))}, ${orderLiteral}, ${this.triggerLiteral}, `;
        (entry.kind === 'rule' ? logs : pluginLogs).push(
          `${orderPart}${this.rulePart(entry)}` +
            `${evaluation.actions.some((action) => action.changed) ? this.trueLiteral : this.falseLiteral}, ` +
            `${this.cached(messages.get(entry) ?? '')}${this.logSuffix}`,
        );
      }
      traces.push([
        loaded.companyId,
        storeId,
        orderId,
        this.context.trigger,
        traceEntries === undefined ? factsTraceOf(before, evaluations) : factsTraceWith(before, traceEntries),
        changed,
        this.context.runId,
        this.now,
      ]);
    }

    // The orders are locked (loadRuleFacts) and the rules that fired before were passed over, so the
    // ids written here are new to the order's row: appended when it has one.
    const appended = dialect.mysql
      ? "CONCAT(rule_firings.rule_ids, ',', VALUES(rule_ids))"
      : "rule_firings.rule_ids || ',' || excluded.rule_ids";
    for (const rows of chunksOf(firings, ROWS_PER_INSERT))
      queue.send(
        `INSERT INTO rule_firings (${FIRING_COLUMNS}) VALUES ${rows.join(', ')} ` +
          onDuplicate(dialect, ['order_id', 'trigger_type', 'rule_kind'], [`rule_ids = ${appended}`]),
      );
    if (updatedIds.length > 0) queue.send(updateOrdersSql(dialect, columnUpdates, updatedIds, this.now));
    for (const [status, ids] of releases) {
      queue.send(
        `UPDATE orders SET sync_status = ${dialect.literal(status)}, held_sync_status = NULL WHERE id IN (${ids.join(', ')})`,
      );
    }
    const insert = (table: string, columns: string, rows: SqlValue[][]) => {
      for (const part of chunksOf(rows, ROWS_PER_INSERT))
        queue.send(`INSERT INTO ${table} (${columns}) VALUES ${valuesList(dialect, part)}`);
    };
    insert('activities', ACTIVITY_COLUMNS.join(', '), activities);
    const withRun = this.context.runId !== null;
    for (const [kind, list] of [
      ['rule', logs],
      ['plugin_rule', pluginLogs],
    ] as const)
      for (const rows of chunksOf(list, ROWS_PER_INSERT))
        (this.logQueue ?? queue).send(
          `INSERT INTO rule_engine_logs (${logColumns(kind, withRun)}) VALUES ${rows.join(', ')}`,
        );
    insert('order_rule_traces', TRACE_COLUMNS, traces);
  }

  /** Waits for what `add` sent, then writes the lines, the stock and the counters. Answers the orders that changed. */
  async finish(): Promise<number[]> {
    const { sequelize, models, storeId } = this.context;
    await this.queue.flush();
    for (const line of this.lineUpdates) {
      await models.OrderItem.update(
        { quantity: line.quantity, quantity_multiplier: line.multiplier },
        { where: { id: line.id }, transaction: this.transaction },
      );
    }
    if (this.stockPlans.length > 0) {
      const queue = new StatementQueue(sequelize, this.transaction, this.dialect.mysql);
      const ledger = await readOrderLedger(
        queue,
        this.dialect,
        storeId,
        this.stockPlans.flatMap((plan) => plan.lineKeys),
        this.stockPlans.map((plan) => plan.orderId),
      ).catch(async (error: unknown) => {
        await queue.flush().catch(() => undefined);
        throw error;
      });
      await queue.flush();
      const stockChanges = planStockChanges(
        storeId,
        this.deductStock,
        this.stockPlans.map(({ lineKeys, wanted, cancelled }) => ({
          lineKeys,
          wanted,
          cancelled,
          fresh: false,
        })),
        ledger,
      );
      if (stockChanges.length > 0)
        await this.context.stock.apply(null, storeId, stockChanges, {
          transaction: this.transaction,
          via: 'rules',
        });
    }
    await moveOrderStatusCounts(sequelize, storeId, this.deltas, this.transaction);
    return this.changedIds;
  }
}

/** Writes what the rules did to a chunk of orders in one go (RuleChangeWriter). */
export async function applyRuleChanges(
  context: ApplyContext,
  outcomes: readonly OrderOutcome[],
  transaction: Transaction,
): Promise<number[]> {
  const writer = new RuleChangeWriter(context, transaction);
  writer.add(outcomes);
  return writer.finish();
}

/**
 * Writes many orders' changed columns in one statement: each column is a CASE over the ids that
 * change it, the others keep their value (`ELSE column`).
 */
function updateOrdersSql(
  dialect: SqlDialect,
  columns: Map<string, Map<number, unknown>>,
  ids: number[],
  now: Date,
): string {
  const assignments: string[] = [];
  for (const [column, byId] of columns) {
    let cases = '';
    for (const [id, value] of byId)
      cases += ` WHEN ${dialect.literal(id)} THEN ${dialect.literal(value as SqlValue)}`;
    assignments.push(`${column} = CASE id${cases} ELSE ${column} END`);
  }
  return `UPDATE orders SET ${assignments.join(', ')}, updated_at = ${dialect.literal(now)} WHERE id IN (${ids.join(', ')})`;
}
