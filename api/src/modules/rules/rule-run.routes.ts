import {
  JOB_NAMES,
  RULE_MESSAGES,
  evaluateRule,
  ruleBackfillSchema,
  ruleDryRunSchema,
  type OrderRuleTraceDto,
  type RuleDryRunDto,
  type RuleRunTrigger,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import { validate } from '../../http/validate';
import type { CreationAttributes } from 'sequelize';
import type { RuleRun } from '../../db/rule.models';
import type { Services } from '../../services';
import { reachStore } from '../products/product-lookups';
import { readOrderSelectionRequest, type OrderIdFile } from '../orders/order-id-file';
import { namedList } from '../orders/order-action-support';
import { resolveExplicitSelection } from '../orders/order-selection';
import { orderListWhere } from '../orders/order-list.query';
import { loadRuleFacts } from '../../flows/apply-rules/rule-facts';
import { toRuleRunDto } from '../../flows/apply-rules/rule-runner';
import { createRuleTraceReader } from './rule-trace.service';

export const RULE_RUN_MESSAGES = {
  storeRequired: 'Choose the store whose orders the rules run on.',
  ordersRequired: 'Choose orders, or upload a file of order ids.',
  unknownOrders: (names: string) => `These orders are not in the store: ${names}.`,
  unknownRules: (names: string) => `These rules are not active rules of the store: ${names}.`,
  runNotFound: 'The run was not found.',
  orderNotFound: 'The order was not found.',
} as const;

/** Ids sent repeated (`order_ids[]`), comma separated, or as a JSON array. */
function idsOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(idsOf);
  if (typeof value === 'number') return [String(value)];
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      return idsOf(JSON.parse(text) as unknown);
    } catch {
      return [text];
    }
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

async function readTriggerRequest(ctx: RouteContext) {
  const { body, file } = await readOrderSelectionRequest(ctx);
  const storeId = Number(idsOf(body.store_id)[0]);
  if (!Number.isInteger(storeId) || storeId <= 0)
    throw AppError.validation(
      { store_id: [RULE_RUN_MESSAGES.storeRequired] },
      RULE_RUN_MESSAGES.storeRequired,
    );
  return {
    storeId,
    orderIds: idsOf(body.order_ids ?? body['order_ids[]']),
    ruleIds: idsOf(body.rule_ids ?? body['rule_ids[]']),
    file,
  };
}

/**
 * The store's orders the ids and the file name, resolved as the orders' own bulk actions resolve
 * them (a value naming no order of the store is a 422 naming it); naming none at all is a 422 too.
 */
async function resolveOrders(
  services: Services,
  storeId: number,
  ids: string[],
  file: OrderIdFile | null,
): Promise<number[]> {
  const notIds = ids.filter((value) => !/^\d{1,15}$/.test(value));
  if (notIds.length > 0) {
    const message = RULE_RUN_MESSAGES.unknownOrders(namedList(notIds));
    throw AppError.validation({ order_ids: [message] }, message);
  }
  const found = await resolveExplicitSelection(services.models, storeId, {
    kind: 'explicit',
    orderIds: ids.map(Number),
    remoteIds: [],
    file,
  });
  if (found.length === 0)
    throw AppError.validation(
      { order_ids: [RULE_RUN_MESSAGES.ordersRequired] },
      RULE_RUN_MESSAGES.ordersRequired,
    );
  return found;
}

async function ruleInScope(services: Services, scope: RequestScope, id: number) {
  const rule = await services.models.RuleEngine.findByPk(id);
  if (!rule) throw AppError.notFound(RULE_MESSAGES.ruleNotFound);
  await reachStore(services.models, scope, rule.store_id).catch(() => {
    throw AppError.notFound(RULE_MESSAGES.ruleNotFound);
  });
  return rule;
}

/**
 * Running rules (flows/apply-rules): the dry run of a rule being edited, a backfill of a saved
 * rule, rules on chosen orders, a run's progress and an order's "why" trace. Orders of a store
 * the caller cannot reach are the same 404 as none.
 */
/** Queues a `rules.run` job for a new run of the store's rules and answers 202 with the run. */
async function queueRun(
  ctx: RouteContext,
  { models, jobs }: Pick<Services, 'models' | 'jobs'>,
  scope: RequestScope,
  owner: { company_id: number; store_id: number },
  run: Pick<CreationAttributes<RuleRun>, 'kind' | 'rule_id' | 'selection' | 'total'>,
): Promise<void> {
  const created = await models.RuleRun.create({
    company_id: owner.company_id,
    store_id: owner.store_id,
    ...run,
    status: 'queued',
    done: 0,
    changed_count: 0,
    failed: 0,
    message: null,
    created_by: scope.userId,
    finished_at: null,
  });
  await jobs.enqueue(JOB_NAMES.rulesRun, { runId: created.id });
  ctx.status = 202;
  ctx.body = { data: toRuleRunDto(created) };
}

export function ruleRunRoutes(services: () => Services): ApiRoute[] {
  return [
    route('POST', '/rule-engines/dry-run', { permission: 'orders.read' }, async (ctx) => {
      const { rule, limit } = validate(ruleDryRunSchema, ctx.request.body ?? {});
      const { models, sequelize } = services();
      await reachStore(models, scopeOf(ctx), rule.store_id);
      const latest = await models.Order.findAll({
        where: { store_id: rule.store_id },
        attributes: ['id', 'order_date'],
        order: [
          ['order_date', 'DESC'],
          ['id', 'DESC'],
        ],
        limit,
        raw: true,
      });
      const facts = await loadRuleFacts(
        sequelize,
        rule.store_id,
        latest.map((row) => Number(row.id)),
      );
      const definition = {
        id: 0,
        version: 0,
        name: rule.name,
        trigger_events: rule.trigger_events,
        groups_match: rule.groups_match,
        condition_groups: rule.condition_groups,
        actions: rule.actions,
      };
      const answer: RuleDryRunDto = { data: [], meta: { evaluated: 0, matched: 0 } };
      for (const row of latest) {
        const loaded = facts.get(Number(row.id));
        if (!loaded) continue;
        const { evaluation } = evaluateRule(loaded.facts, definition);
        answer.meta.evaluated += 1;
        if (evaluation.matched) answer.meta.matched += 1;
        answer.data.push({
          order_id: loaded.facts.order_id,
          order_number: loaded.facts.order_number,
          order_date: row.order_date ? new Date(row.order_date).toISOString() : null,
          channel_name: loaded.facts.channel_name,
          evaluation,
        });
      }
      ctx.body = answer;
    }),
    route('POST', '/rule-engines/:id/backfill', { permission: 'orders.update' }, async (ctx) => {
      const scope = scopeOf(ctx);
      const rule = await ruleInScope(services(), scope, idParam(ctx, 'id'));
      const { filters } = validate(ruleBackfillSchema, ctx.request.body ?? {});
      const { models, jobs } = services();
      // A bad filter is the list's own 422, before anything is queued; a data-protection role's
      // filters can't name personal data (the total would tell who bought), as on the list.
      const total = await models.Order.count({
        where: orderListWhere(rule.store_id, filters, models.Order, scope),
      });
      await queueRun(ctx, { models, jobs }, scope, rule, {
        kind: 'backfill',
        rule_id: rule.id,
        selection: { filters },
        total,
      });
    }),
    route(
      'POST',
      '/trigger-rules',
      { permission: 'orders.update' },
      async (ctx) => {
        const scope = scopeOf(ctx);
        const request = await readTriggerRequest(ctx);
        const current = services();
        const store = await reachStore(current.models, scope, request.storeId);
        const orderIds = await resolveOrders(current, store.id, request.orderIds, request.file);
        const ruleIds = request.ruleIds.map(Number);
        if (ruleIds.length > 0) {
          const active = new Set(
            (await current.ruleRunner.activeRules(store.id, 'manual' as RuleRunTrigger)).map(
              (rule) => rule.id,
            ),
          );
          const unknown = request.ruleIds.filter((id) => !active.has(Number(id)));
          if (unknown.length > 0) {
            const message = RULE_RUN_MESSAGES.unknownRules(namedList(unknown));
            throw AppError.validation({ rule_ids: [message] }, message);
          }
        }
        await queueRun(
          ctx,
          current,
          scope,
          { company_id: store.company_id, store_id: store.id },
          {
            kind: 'manual',
            rule_id: null,
            selection: { order_ids: orderIds, ...(ruleIds.length ? { rule_ids: ruleIds } : {}) },
            total: orderIds.length,
          },
        );
      },
      { jsonLimit: '2mb' },
    ),
    route('GET', '/rule-runs/:id', { permission: 'orders.read' }, async (ctx) => {
      const { models } = services();
      const run = await models.RuleRun.findByPk(idParam(ctx, 'id'));
      if (!run) throw AppError.notFound(RULE_RUN_MESSAGES.runNotFound);
      await reachStore(models, scopeOf(ctx), run.store_id).catch(() => {
        throw AppError.notFound(RULE_RUN_MESSAGES.runNotFound);
      });
      ctx.body = { data: toRuleRunDto(run) };
    }),
    route('GET', '/orders/:storeId/:orderId/rule-trace', { permission: 'orders.read' }, async (ctx) => {
      const { models } = services();
      const storeId = idParam(ctx, 'storeId');
      await reachStore(models, scopeOf(ctx), storeId);
      const order = await models.Order.findOne({
        where: { id: idParam(ctx, 'orderId'), store_id: storeId },
        attributes: ['id'],
      });
      if (!order) throw AppError.notFound(RULE_RUN_MESSAGES.orderNotFound);
      const rows = await models.OrderRuleTrace.findAll({
        where: { order_id: order.id },
        order: [['id', 'ASC']],
      });
      const evaluations = await createRuleTraceReader(models).expand(rows.map((row) => row.evaluations));
      const answer: OrderRuleTraceDto = {
        data: rows.map((row, index) => ({
          id: Number(row.id),
          trigger_type: row.trigger_type as RuleRunTrigger,
          created_at: new Date(row.created_at).toISOString(),
          changed: Boolean(row.made_changes),
          evaluations: evaluations[index]!.map((entry) => entry.evaluation),
        })),
      };
      ctx.body = answer;
    }),
  ];
}
