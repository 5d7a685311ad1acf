import { Op, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import {
  RULE_RUN_TRIGGERS,
  type RuleEngineLogContentDto,
  type RuleEngineLogDto,
  type RuleEvaluation,
} from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import { validate } from '../../http/validate';
import type { RuleEngineLog } from '../../db/rule.models';
import type { CoreServices } from '../../services';
import { findReachableStore } from '../stores/store-access';
import { toRuleEngineLogContentDto, toRuleEngineLogDto } from './rule.mapper';
import { createRuleTraceReader } from './rule-trace.service';

export const RULE_ENGINE_LOGS_PER_PAGE = { default: 25, max: 100 } as const;

const id = z.coerce.number().int().positive();
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** `GET logs/ruleEngineLogs` query: every filter optional. */
const ruleEngineLogQuerySchema = z.object({
  store_id: id.optional(),
  rule_id: id.optional(),
  order_id: id.optional(),
  trigger_type: z.enum(RULE_RUN_TRIGGERS).optional(),
  matched: flag.optional(),
  changed: flag.optional(),
  search: z.string().trim().max(190).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(RULE_ENGINE_LOGS_PER_PAGE.max)
    .default(RULE_ENGINE_LOGS_PER_PAGE.default),
});

export interface RuleEngineLogPage {
  data: RuleEngineLogDto[];
  meta: { total: number; page: number; per_page: number };
}

/**
 * Rule-engine logs (platform-shell §3, §7): one row per rule that ran on an order at a trigger,
 * written by the runner (flows/apply-rules). A caller sees the logs of the stores they reach (own
 * or shared), newest first; a log of any other store is 404.
 */
export interface RuleEngineLogService {
  list(scope: RequestScope, query: Record<string, string | string[] | undefined>): Promise<RuleEngineLogPage>;
  content(scope: RequestScope, id: number): Promise<RuleEngineLogContentDto>;
}

/** LIKE with '!' as the escape: the one spelling MySQL and SQLite read alike (see http/list-query.ts). */
const likeTerm = (term: string) => `%${term.replace(/[!%_]/g, (match) => `!${match}`)}%`;

export function createRuleEngineLogService(core: CoreServices): RuleEngineLogService {
  const { models, sequelize } = core;

  const reachable = (scope: RequestScope) => [...scope.ownStoreIds, ...scope.sharedStoreIds];
  const traces = createRuleTraceReader(models);

  /**
   * The runner writes a log's evaluation once, in the order's trace row of the same trigger and
   * time (apply-rule-changes.ts). A rule fires once per order and trigger (rule_firings), so the
   * trace of that time holds it; should the time not single one out, any trace of the order and
   * trigger where the rule matched does.
   */
  async function evaluationInTrace(log: RuleEngineLog): Promise<RuleEvaluation> {
    if (log.order_id === null) throw AppError.notFound();
    const rows = await models.OrderRuleTrace.findAll({
      where: { order_id: log.order_id, trigger_type: log.trigger_type },
      order: [['id', 'ASC']],
    });
    const at = new Date(log.created_at).getTime();
    const ordered = [
      ...rows.filter((row) => new Date(row.created_at).getTime() === at),
      ...rows.filter((row) => new Date(row.created_at).getTime() !== at),
    ];
    const kind = log.plugin_rule_id !== null ? 'plugin_rule' : 'rule';
    const ruleId = log.plugin_rule_id ?? log.rule_id;
    const expanded = await traces.expand(ordered.map((row) => row.evaluations));
    for (const entries of expanded) {
      const found = entries.find(
        (entry) =>
          entry.kind === kind &&
          entry.evaluation.rule_id === ruleId &&
          entry.evaluation.matched &&
          !entry.evaluation.skipped,
      );
      if (found) return found.evaluation;
    }
    throw AppError.notFound();
  }

  return {
    async list(scope, query) {
      const filters = validate(ruleEngineLogQuerySchema, query);
      if (filters.store_id !== undefined) await findReachableStore(models, scope, filters.store_id);
      const conditions: WhereOptions<RuleEngineLog>[] = [
        { store_id: filters.store_id !== undefined ? [filters.store_id] : reachable(scope) },
      ];
      if (filters.rule_id !== undefined) conditions.push({ rule_id: filters.rule_id });
      if (filters.order_id !== undefined) conditions.push({ order_id: filters.order_id });
      if (filters.trigger_type !== undefined) conditions.push({ trigger_type: filters.trigger_type });
      if (filters.matched !== undefined) conditions.push({ matched: filters.matched });
      if (filters.changed !== undefined) conditions.push({ made_changes: filters.changed });
      if (filters.search) {
        const term = likeTerm(filters.search);
        const like = (column: string) =>
          sequelize.where(sequelize.col(column), {
            [Op.like]: sequelize.literal(`${sequelize.escape(term)} ESCAPE '!'`),
          });
        conditions.push({ [Op.or]: [like('rule_engine_name'), like('data_reference'), like('message')] });
      }
      const where = { [Op.and]: conditions };
      const { rows, count } = await models.RuleEngineLog.findAndCountAll({
        where,
        order: [['id', 'DESC']],
        limit: filters.per_page,
        offset: (filters.page - 1) * filters.per_page,
      });
      return {
        data: rows.map(toRuleEngineLogDto),
        meta: { total: count, page: filters.page, per_page: filters.per_page },
      };
    },

    async content(scope, logId) {
      const log = await models.RuleEngineLog.findByPk(logId);
      if (!log) throw AppError.notFound();
      await findReachableStore(models, scope, log.store_id);
      const content = log.content;
      if (content !== null && !('in_trace' in content)) return toRuleEngineLogContentDto(log, content);
      return toRuleEngineLogContentDto(log, await evaluationInTrace(log));
    },
  };
}
