import { Op, type Transaction } from 'sequelize';
import {
  evaluateRules,
  pluginRuleDefinition,
  rooms,
  type RuleDefinition,
  type RuleOrderFacts,
  type RuleRunDto,
  type RuleRunTrigger,
} from '@syncdesk/contracts';
import type { CoreServices } from '../../services';
import type { CatalogueServices } from '../../modules/catalogue.module';
import { firedRuleIds, type RuleRun } from '../../db/rule.models';
import { createCatalogueWrite } from '../../modules/products/catalogue-writes';
import { publishOrdersChanged } from '../../modules/orders/order-action-support';
import { orderListWhere } from '../../modules/orders/order-list.query';
import { pluginRuleDtoOf, ruleDefinitionOf } from '../../modules/rules/rule.mapper';
import { createRuleTraceReader, ensureRuleVersions } from '../../modules/rules/rule-trace.service';
import { factsTraceEntriesOf } from '../../modules/rules/rule-trace.codec';
import type {
  ImportLogQueue,
  ImportOwner,
  ImportRuleHook,
  ImportRuleSession,
} from '../import-orders/order-import.service';
import { openLogSide as openLogSideFor, outboxRowSql, rebuildLostLogs } from './rule-log-outbox';
import { letAnswersIn, type StatementQueue } from '../../db/sql-statements';
import { RuleChangeWriter, type OrderOutcome, type RunEvaluation } from './apply-rule-changes';
import { loadRuleFacts, RULES_IN_PROGRESS, type LoadedOrder } from './rule-facts';

/** Orders per transaction. */
export const RULE_CHUNK = 500;
/** Orders evaluated and sent to the database at a time, inside a chunk's transaction. */
const RULE_PART = 50;
/** Orders evaluated between two looks at the connection (a statement's answer lets the next one go). */
const ORDERS_BETWEEN_ANSWERS = 5;
/** An order waits in 15 this long before the sweep assumes its import's run was lost. */
export const HELD_GRACE_MS = 30_000;
const NOTHING_FIRED: ReadonlySet<number> = new Set();
/** Progress events of a run, at most this often. */
const PROGRESS_EVERY_MS = 500;

export interface RunOnOrdersInput {
  storeId: number;
  orderIds: readonly number[];
  trigger: RuleRunTrigger;
  /** These rules (in this order) instead of the store's active ones for the trigger. */
  rules?: readonly RuleDefinition[];
  runId?: number | null;
  /** Sending to this plugin: its active plugin rules run after the store's rules. */
  plugin?: { id: number; name: string };
}

export interface RunOnOrdersOutcome {
  evaluated: number;
  /** Orders the rules changed. */
  changed: number[];
  /** Ids that are not orders of the store. */
  missing: number[];
}

export interface RuleRunner extends ImportRuleHook {
  runOnOrders(input: RunOnOrdersInput): Promise<RunOnOrdersOutcome>;
  /** The store's active rules, priority order; only those listening to `trigger` when it is an event. */
  activeRules(storeId: number, trigger: RuleRunTrigger): Promise<RuleDefinition[]>;
  /** Runs the import's rules for orders left waiting in 15 (by a version that ran them after its commit). */
  releaseHeld(options?: { olderThanMs?: number }): Promise<number>;
  /** Writes again the logs an import lost between its two commits (rule-log-outbox.ts); answers the batches. */
  rebuildLostLogs(options?: { olderThanMs?: number }): Promise<number>;
  /** Runs a queued `rule_runs` row to its end (the `rules.run` job). */
  processRun(runId: number): Promise<RuleRunDto | null>;
}

const EVENT_TRIGGERS = new Set<RuleRunTrigger>([
  'order_imported',
  'order_updated',
  'order_sending_to_plugin',
]);

export function toRuleRunDto(row: RuleRun): RuleRunDto {
  return {
    id: row.id,
    store_id: row.store_id,
    kind: row.kind,
    rule_id: row.rule_id,
    status: row.status,
    total: row.total,
    done: row.done,
    changed: row.changed_count,
    failed: row.failed,
    message: row.message,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/** One set of rules run on an order: the store's, or a plugin's. */
interface RuleSet {
  definitions: readonly RuleDefinition[];
  kind: RunEvaluation['kind'];
  nameOf: (evaluation: RunEvaluation['evaluation']) => string;
  pluginId: number | null;
  /** The set's rules that fired on the order for this trigger before: passed over. */
  firedBefore: ReadonlySet<number>;
}

/**
 * Runs the sets on an order one after the other (the store's rules, then a plugin's): each sees
 * what the one before it made of the order.
 */
function evaluateSets(
  facts: RuleOrderFacts,
  sets: readonly RuleSet[],
  trigger: RuleRunTrigger,
  detail: 'all' | 'matched' = 'all',
): Omit<OrderOutcome, 'loaded'> {
  const evaluations: RunEvaluation[] = [];
  const fired: OrderOutcome['fired'] = [];
  let after = facts;
  for (const set of sets) {
    const result = evaluateRules(after, set.definitions, { trigger, firedBefore: set.firedBefore, detail });
    after = result.after;
    for (const evaluation of result.evaluations)
      evaluations.push({ evaluation, kind: set.kind, name: set.nameOf(evaluation), pluginId: set.pluginId });
    for (const ruleId of result.fired) fired.push({ kind: set.kind, ruleId });
  }
  return { after, evaluations, fired };
}

export function createRuleRunner(core: CoreServices, catalogue: CatalogueServices): RuleRunner {
  const { sequelize, models } = core;
  const write = createCatalogueWrite(sequelize);

  async function activeRules(storeId: number, trigger: RuleRunTrigger): Promise<RuleDefinition[]> {
    const rows = await models.RuleEngine.findAll({
      where: { store_id: storeId, is_active: true },
      order: [
        ['priority', 'ASC'],
        ['id', 'ASC'],
      ],
    });
    const rules = rows.map(ruleDefinitionOf);
    return EVENT_TRIGGERS.has(trigger)
      ? rules.filter((rule) => rule.trigger_events.includes(trigger as never))
      : rules;
  }

  async function pluginRules(pluginId: number): Promise<RuleDefinition[]> {
    const rows = await models.PluginRule.findAll({
      where: { plugin_id: pluginId, is_active: true },
      order: [
        ['execution_step', 'ASC'],
        ['id', 'ASC'],
      ],
    });
    return rows.map((row) => pluginRuleDefinition(pluginRuleDtoOf(row)));
  }

  async function runOnOrders(input: RunOnOrdersInput): Promise<RunOnOrdersOutcome> {
    const { storeId, trigger } = input;
    const rules = input.rules ? [...input.rules] : await activeRules(storeId, trigger);
    const pluginDefinitions = input.plugin ? await pluginRules(input.plugin.id) : [];
    const ids = [...new Set(input.orderIds.map(Number))];
    const outcome: RunOnOrdersOutcome = { evaluated: 0, changed: [], missing: [] };
    const releaseHeld = trigger === 'order_imported';
    if (ids.length === 0 || (rules.length === 0 && pluginDefinitions.length === 0 && !releaseHeld))
      return outcome;
    const ruleNames = new Map(rules.map((rule) => [rule.id, rule.name]));
    // The traces keep a store rule's evaluation by rule and version: the version must be readable.
    await ensureRuleVersions(models, rules);
    for (let start = 0; start < ids.length; start += RULE_CHUNK) {
      const chunk = ids.slice(start, start + RULE_CHUNK);
      // Read, evaluate and write in one transaction, the orders locked first: a concurrent run of
      // the same orders waits, then sees this run's firings and passes those rules over.
      const answer = await write(async (transaction) => {
        const loaded = await loadRuleFacts(sequelize, storeId, chunk, transaction);
        const firings = await models.RuleFiring.findAll({
          where: { order_id: { [Op.in]: [...loaded.keys()] }, trigger_type: trigger },
          attributes: ['order_id', 'rule_kind', 'rule_ids'],
          raw: true,
          transaction,
        });
        // Per order and kind, once: the rules' count times the orders' is the hot path here.
        const firedBefore = new Map<string, Set<number>>();
        for (const firing of firings) {
          const key = `${Number(firing.order_id)}|${firing.rule_kind}`;
          const set = firedBefore.get(key) ?? new Set<number>();
          for (const id of firedRuleIds(String(firing.rule_ids))) set.add(id);
          firedBefore.set(key, set);
        }
        const firedOf = (orderId: number, kind: string) =>
          firedBefore.get(`${orderId}|${kind}`) ?? NOTHING_FIRED;
        const evaluate = (order: LoadedOrder): OrderOutcome => {
          const sets: RuleSet[] = [];
          if (rules.length > 0)
            sets.push({
              definitions: rules,
              kind: 'rule',
              nameOf: (evaluation) => ruleNames.get(evaluation.rule_id) ?? evaluation.rule_name,
              pluginId: null,
              firedBefore: firedOf(order.facts.order_id, 'rule'),
            });
          if (input.plugin && pluginDefinitions.length > 0) {
            const plugin = input.plugin;
            sets.push({
              definitions: pluginDefinitions,
              kind: 'plugin_rule',
              nameOf: (evaluation) => `${plugin.name}: ${evaluation.rule_name}`,
              pluginId: plugin.id,
              firedBefore: firedOf(order.facts.order_id, 'plugin_rule'),
            });
          }
          return { loaded: order, ...evaluateSets(order.facts, sets, trigger) };
        };
        const writer = new RuleChangeWriter(
          {
            sequelize,
            models,
            stock: catalogue.stock,
            storeId,
            trigger,
            runId: input.runId ?? null,
            releaseHeld,
          },
          transaction,
        );
        // A part at a time: the database writes one part while the next is evaluated. The
        // statements go out one after the other on the transaction's connection, each sent when
        // the one before answers, so the evaluation lets the answers in every few orders.
        const orders = [...loaded.values()];
        for (let from = 0; from < orders.length; from += RULE_PART) {
          const outcomes: OrderOutcome[] = [];
          for (let index = from; index < Math.min(from + RULE_PART, orders.length); index += 1) {
            outcomes.push(evaluate(orders[index]!));
            if (index % ORDERS_BETWEEN_ANSWERS === 0) await letAnswersIn();
          }
          writer.add(outcomes);
          await letAnswersIn();
        }
        const changed = await writer.finish();
        return { evaluated: loaded.size, changed, missing: chunk.filter((id) => !loaded.has(id)) };
      });
      outcome.evaluated += answer.evaluated;
      outcome.changed.push(...answer.changed);
      outcome.missing.push(...answer.missing);
    }
    publishOrdersChanged(core.publish, storeId, outcome.changed);
    return outcome;
  }

  /**
   * A new order's "order imported" rules, run in the import's transaction on the order as the import
   * builds it: the order is written with what they changed, then what they did is recorded.
   */
  function importSession(
    storeId: number,
    rules: readonly RuleDefinition[],
    transaction: Transaction,
    queue: StatementQueue,
    owner: ImportOwner,
    logs?: ImportLogQueue,
  ): ImportRuleSession {
    /** The orders recorded: the outbox row names them. */
    const recordedIds: number[] = [];
    const outcomes = new Map<string, { before: RuleOrderFacts } & Omit<OrderOutcome, 'loaded'>>();
    const set: RuleSet = {
      definitions: rules,
      kind: 'rule',
      nameOf: (evaluation) => evaluation.rule_name,
      pluginId: null,
      // A new order: no rule fired on it before.
      firedBefore: NOTHING_FIRED,
    };
    const writer = new RuleChangeWriter(
      {
        sequelize,
        models,
        stock: catalogue.stock,
        storeId,
        trigger: 'order_imported',
        runId: null,
        releaseHeld: false,
        recordOnly: true,
      },
      transaction,
      queue,
      logs?.queue,
    );
    // Every rule is evaluated on every new order: the trace lists them all, the same for each.
    const traceEntries = factsTraceEntriesOf(rules);
    return {
      run(remoteId, facts) {
        // Only the rules that matched are kept: the trace makes the others again when it is read.
        const outcome = evaluateSets(facts, [set], 'order_imported', 'matched');
        outcomes.set(remoteId, { before: facts, ...outcome });
        return outcome.after;
      },
      record(orders) {
        const recorded: OrderOutcome[] = [];
        for (const { remoteId, orderId } of orders) {
          const outcome = outcomes.get(remoteId);
          if (!outcome) continue;
          outcomes.delete(remoteId);
          const { before, after, evaluations, fired } = outcome;
          recordedIds.push(orderId);
          recorded.push({
            loaded: {
              facts: { ...before, order_id: orderId },
              companyId: owner.companyId,
              channelId: owner.channelId,
              status: null,
              storedSyncStatus: before.sync_status,
              heldSyncStatus: null,
              hasChannelFields: true,
              deductStock: false,
              lines: [],
            },
            after: { ...after, order_id: orderId },
            evaluations,
            fired,
            traceEntries,
          });
        }
        writer.add(recorded);
      },
      finish() {
        if (!logs || recordedIds.length === 0) return;
        queue.send(
          outboxRowSql(sequelize, {
            batchKey: logs.batchKey,
            companyId: owner.companyId,
            storeId,
            trigger: 'order_imported',
            orderIds: recordedIds,
            tracedAt: writer.now,
          }),
        );
      },
    };
  }

  async function releaseHeld(options: { olderThanMs?: number } = {}): Promise<number> {
    const before = new Date(Date.now() - (options.olderThanMs ?? HELD_GRACE_MS));
    const rows = await models.Order.findAll({
      where: { sync_status: RULES_IN_PROGRESS, updated_at: { [Op.lt]: before } },
      attributes: ['id', 'store_id'],
      order: [['id', 'ASC']],
      limit: 5000,
      raw: true,
    });
    const byStore = new Map<number, number[]>();
    for (const row of rows) {
      const list = byStore.get(Number(row.store_id)) ?? [];
      list.push(Number(row.id));
      byStore.set(Number(row.store_id), list);
    }
    for (const [storeId, orderIds] of byStore)
      await runOnOrders({ storeId, orderIds, trigger: 'order_imported' });
    return rows.length;
  }

  async function processRun(runId: number): Promise<RuleRunDto | null> {
    const run = await models.RuleRun.findByPk(runId);
    if (!run || run.status === 'finished' || run.status === 'failed') return run ? toRuleRunDto(run) : null;
    let lastPublished = 0;
    const publish = (force: boolean) => {
      if (!force && Date.now() - lastPublished < PROGRESS_EVERY_MS) return;
      lastPublished = Date.now();
      core.publish({
        name: 'rules:run',
        rooms: [rooms.store(run.store_id)],
        payload: { storeId: run.store_id, run: toRuleRunDto(run) },
      });
    };
    try {
      const trigger: RuleRunTrigger = run.kind === 'backfill' ? 'backfill' : 'manual';
      let rules: RuleDefinition[];
      if (run.kind === 'backfill') {
        const rule = await models.RuleEngine.findOne({
          where: { id: run.rule_id ?? 0, store_id: run.store_id },
        });
        if (!rule) throw new Error('The rule was deleted before the backfill ran.');
        rules = [ruleDefinitionOf(rule)];
      } else {
        const all = await activeRules(run.store_id, 'manual');
        const chosen = run.selection.rule_ids;
        rules = chosen && chosen.length > 0 ? all.filter((rule) => chosen.includes(rule.id)) : all;
      }
      const orderIds =
        run.selection.order_ids ??
        (
          await models.Order.findAll({
            where: orderListWhere(run.store_id, run.selection.filters ?? {}, models.Order),
            attributes: ['id'],
            order: [['id', 'ASC']],
            raw: true,
          })
        ).map((row) => Number(row.id));
      await run.update({ status: 'running', total: orderIds.length, done: 0, changed_count: 0, failed: 0 });
      publish(true);
      for (let start = 0; start < orderIds.length; start += RULE_CHUNK) {
        const chunk = orderIds.slice(start, start + RULE_CHUNK);
        const answer = await runOnOrders({ storeId: run.store_id, orderIds: chunk, trigger, rules, runId });
        await run.update({
          done: run.done + chunk.length,
          changed_count: run.changed_count + answer.changed.length,
          failed: run.failed + answer.missing.length,
        });
        publish(false);
      }
      await run.update({
        status: 'finished',
        finished_at: new Date(),
        message: `Changed ${run.changed_count.toLocaleString('en-GB')} of ${run.total.toLocaleString('en-GB')} orders.`,
      });
    } catch (error) {
      await run.update({
        status: 'failed',
        finished_at: new Date(),
        message: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      });
    }
    publish(true);
    return toRuleRunDto(run);
  }

  return {
    runOnOrders,
    activeRules,
    releaseHeld,
    rebuildLostLogs: (options) => rebuildLostLogs(sequelize, createRuleTraceReader(models), options),
    processRun,
    async rulesForImport(storeId) {
      // Read for every batch: a rule saved a moment ago applies to the next order imported.
      const active = await activeRules(storeId, 'manual');
      const imported = active.filter((rule) => rule.trigger_events.includes('order_imported'));
      const onUpdated = active.some((rule) => rule.trigger_events.includes('order_updated'));
      const openLogSide = () => openLogSideFor(sequelize);
      if (imported.length === 0) return { onUpdated, onImported: null, openLogSide };
      // The traces name the versions evaluated: they must be readable.
      await ensureRuleVersions(models, imported);
      return {
        onUpdated,
        onImported: (transaction, queue, owner, logs) =>
          importSession(storeId, imported, transaction, queue, owner, logs),
        openLogSide,
      };
    },
    async afterImport(storeId, changedOrderIds) {
      if (changedOrderIds.length > 0)
        await runOnOrders({ storeId, orderIds: changedOrderIds, trigger: 'order_updated' });
    },
  };
}
