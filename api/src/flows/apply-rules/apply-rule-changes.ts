import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { RuleEvaluation, RuleOrderFacts, RuleRunTrigger } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import { insertRows } from '../../modules/products/product-lookups';
import type { StockEngine } from '../../modules/products/stock.service';
import { addStatusMove, moveOrderStatusCounts } from '../../modules/orders/order-status-counts';
import { ORDER_SUBJECT } from '../../modules/orders/order-subject';
import { planStockChanges, readOrderLedger } from '../import-orders/order-stock';
import { sqlDialectOf, StatementQueue } from '../import-orders/sql-statements';
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
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);

/**
 * Writes what the rules did to a chunk of orders, in the caller's transaction, with multi-row
 * statements where the rows are alike: the orders' fields, the lines' multipliers (and the stock
 * the new quantities ask for, through the import's own per-line ledger reconciliation, so it is
 * taken exactly once), the counters, one activity per changed order, a log per matched rule and
 * one "why" trace row per order. Answers the ids of the orders that changed.
 */
export async function applyRuleChanges(
  context: ApplyContext,
  outcomes: readonly OrderOutcome[],
  transaction: Transaction,
): Promise<number[]> {
  const { sequelize, models, storeId } = context;
  const now = new Date();
  const changedIds: number[] = [];
  const deltas = new Map<string, number>();
  const releases = new Map<number, number[]>();
  /** Per column, the orders whose value it changes: one UPDATE … CASE per chunk, not one per order. */
  const columnUpdates = new Map<string, Map<number, unknown>>();
  const updatedIds: number[] = [];
  const activities: Record<string, unknown>[] = [];
  const logs: Record<string, unknown>[] = [];
  const traces: Record<string, unknown>[] = [];
  const stockPlans: {
    orderId: number;
    lineKeys: string[];
    wanted: Map<string, LinePart[]>;
    cancelled: boolean;
  }[] = [];
  let deductStock = false;

  for (const { loaded, after, evaluations } of outcomes) {
    const before = loaded.facts;
    const orderId = before.order_id;
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
    const waiting = loaded.storedSyncStatus === RULES_IN_PROGRESS;
    let finalStatus = loaded.storedSyncStatus;
    if (waiting && context.releaseHeld) finalStatus = after.sync_status;
    else if (!waiting && after.sync_status !== before.sync_status) finalStatus = after.sync_status;
    const statusMoved = finalStatus !== loaded.storedSyncStatus;
    if (statusMoved) {
      addStatusMove(
        deltas,
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
            ? stored.kitItems.map((item) => ({ productId: item.product_id, units: item.quantity * quantity }))
            : [{ productId: stored.productId, units: quantity }],
        );
      }
    }
    if (lineChanges.length > 0) {
      const quantities = new Map(lineChanges.map((line) => [line.id, line.quantity]));
      changes.total_order_items = loaded.lines.reduce(
        (sum, line) => sum + (quantities.get(line.id) ?? line.quantity),
        0,
      );
      for (const line of lineChanges) {
        await models.OrderItem.update(
          { quantity: line.quantity, quantity_multiplier: line.multiplier },
          { where: { id: line.id }, transaction },
        );
      }
      if (wanted.size > 0 && loaded.deductStock) {
        deductStock = true;
        stockPlans.push({
          orderId,
          lineKeys: [...wanted.keys()],
          wanted,
          cancelled: loaded.status === 'Cancelled',
        });
      }
    }

    const fieldsChanged = Object.keys(changes).length > 0 || lineChanges.length > 0;
    if (Object.keys(changes).length > 0 || (statusMoved && (lineChanges.length > 0 || !waiting))) {
      const values: Record<string, unknown> = {
        ...changes,
        ...(statusMoved ? { sync_status: finalStatus } : {}),
        ...(waiting && context.releaseHeld ? { held_sync_status: null } : {}),
      };
      if (values.tags !== undefined) values.tags = JSON.stringify(values.tags);
      for (const [column, value] of Object.entries(values)) {
        const byId = columnUpdates.get(column) ?? new Map<number, unknown>();
        byId.set(orderId, value);
        columnUpdates.set(column, byId);
      }
      updatedIds.push(orderId);
    } else if (waiting && context.releaseHeld) {
      // Orders the rules only released are written together, by status.
      const list = releases.get(finalStatus) ?? [];
      list.push(orderId);
      releases.set(finalStatus, list);
    }

    const sentences = evaluations
      .map((entry) => activitySentenceOf(entry.evaluation, entry.name))
      .filter((sentence): sentence is string => sentence !== null);
    const changed = fieldsChanged || (statusMoved && !(waiting && sentences.length === 0));
    if (changed || sentences.length > 0) {
      changedIds.push(orderId);
      activities.push({
        company_id: loaded.companyId,
        user_id: null,
        source: 'system',
        source_name: 'Rule engine',
        via: 'rules',
        event: RULES_APPLIED_EVENT,
        subject_type: ORDER_SUBJECT,
        subject_id: orderId,
        old_values: JSON.stringify({
          ...oldValues,
          ...(statusMoved && !waiting ? { sync_status: loaded.storedSyncStatus } : {}),
        }),
        new_values: JSON.stringify({
          ...Object.fromEntries(
            Object.keys(oldValues).map((key) => [key, after[key as keyof RuleOrderFacts]]),
          ),
          ...(statusMoved && !waiting ? { sync_status: finalStatus } : {}),
          trigger: context.trigger,
          description: sentences.join(' '),
        }),
        created_at: now,
      });
    } else if (statusMoved) {
      changedIds.push(orderId);
    }

    for (const entry of evaluations) {
      const { evaluation } = entry;
      if (!evaluation.matched || evaluation.skipped) continue;
      logs.push({
        company_id: loaded.companyId,
        store_id: storeId,
        rule_id: entry.kind === 'rule' ? evaluation.rule_id : null,
        plugin_rule_id: entry.kind === 'plugin_rule' ? evaluation.rule_id : null,
        plugin_id: entry.pluginId,
        rule_version: evaluation.rule_version,
        rule_engine_name: entry.name.slice(0, 190),
        data_reference: before.order_number.slice(0, 190),
        order_id: orderId,
        trigger_type: context.trigger,
        matched: true,
        made_changes: evaluation.actions.some((action) => action.changed),
        message: logMessageOf(evaluation),
        content: JSON.stringify(evaluation),
        run_id: context.runId,
        created_at: now,
      });
    }
    if (evaluations.length > 0) {
      traces.push({
        company_id: loaded.companyId,
        store_id: storeId,
        order_id: orderId,
        trigger_type: context.trigger,
        evaluations: JSON.stringify(evaluations.map((entry) => entry.evaluation)),
        made_changes: changed,
        run_id: context.runId,
        created_at: now,
      });
    }
  }

  if (updatedIds.length > 0) await updateOrders(sequelize, columnUpdates, updatedIds, now, transaction);
  for (const [status, ids] of releases) {
    await sequelize.query(
      `UPDATE orders SET sync_status = ?, held_sync_status = NULL WHERE id IN (${ids.join(', ')})`,
      { replacements: [status], type: QueryTypes.UPDATE, transaction },
    );
  }
  if (stockPlans.length > 0) {
    const dialect = sqlDialectOf(sequelize);
    const queue = new StatementQueue(sequelize, transaction, dialect.mysql);
    const ledger = await readOrderLedger(
      queue,
      dialect,
      storeId,
      stockPlans.flatMap((plan) => plan.lineKeys),
      stockPlans.map((plan) => plan.orderId),
    ).catch(async (error: unknown) => {
      await queue.flush().catch(() => undefined);
      throw error;
    });
    await queue.flush();
    const stockChanges = planStockChanges(
      storeId,
      deductStock,
      stockPlans.map(({ lineKeys, wanted, cancelled }) => ({ lineKeys, wanted, cancelled, fresh: false })),
      ledger,
    );
    if (stockChanges.length > 0)
      await context.stock.apply(null, storeId, stockChanges, { transaction, via: 'rules' });
  }
  await moveOrderStatusCounts(sequelize, storeId, deltas, transaction);
  if (activities.length > 0) await insertRows(models.Activity, activities, transaction);
  if (logs.length > 0) await insertRows(models.RuleEngineLog, logs, transaction);
  if (traces.length > 0) await insertRows(models.OrderRuleTrace, traces, transaction);
  return changedIds;
}

/**
 * Writes many orders' changed columns in one statement: each column is a CASE over the ids that
 * change it, the others keep their value (`ELSE column`).
 */
async function updateOrders(
  sequelize: Sequelize,
  columns: Map<string, Map<number, unknown>>,
  ids: number[],
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const replacements: unknown[] = [];
  const assignments: string[] = [];
  for (const [column, byId] of columns) {
    const cases: string[] = [];
    for (const [id, value] of byId) {
      cases.push('WHEN ? THEN ?');
      replacements.push(id, value);
    }
    assignments.push(`${column} = CASE id ${cases.join(' ')} ELSE ${column} END`);
  }
  replacements.push(now);
  await sequelize.query(
    `UPDATE orders SET ${assignments.join(', ')}, updated_at = ? WHERE id IN (${ids.join(', ')})`,
    { replacements, type: QueryTypes.UPDATE, transaction },
  );
}
