import { type Transaction, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import {
  RULE_MESSAGES,
  describeRuleChanges,
  type RuleDto,
  type RuleInputParsed,
  type RuleVersionDto,
} from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { RuleEngine, StoredRuleDefinition } from '../../db/rule.models';
import type { CoreServices } from '../../services';
import { validate } from '../../http/validate';
import { findReachableStore } from '../stores/store-access';
import { ruleCountsOf, toRuleDto, toRuleVersionDto } from './rule.mapper';

/** A save that tries to move a rule to another store. */
export const RULE_STAYS_IN_STORE = 'A rule stays in its store.';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** `GET rule-engines` query: every parameter optional. */
const ruleListQuerySchema = z.object({
  store_id: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(120).optional(),
  is_active: flag.optional(),
});

export type RuleListQuery = Record<string, string | string[] | undefined>;

/**
 * A store's order rules (spec §7 "Rule engine"). A rule lives in one store; the caller reaches it
 * when they reach the store (own or shared, as for the store's orders), else 404. Every save keeps
 * the definition it made as a version, with sentences saying what changed.
 */
export interface RuleService {
  list(scope: RequestScope, query: RuleListQuery): Promise<{ data: RuleDto[]; meta: { total: number } }>;
  show(scope: RequestScope, id: number): Promise<RuleDto>;
  create(scope: RequestScope, input: RuleInputParsed): Promise<RuleDto>;
  update(scope: RequestScope, id: number, input: RuleInputParsed): Promise<RuleDto>;
  toggle(scope: RequestScope, id: number): Promise<RuleDto>;
  remove(scope: RequestScope, id: number): Promise<{ id: number }>;
  versions(scope: RequestScope, id: number): Promise<RuleVersionDto[]>;
  /** `ids` are every rule of the store, first = priority 1. */
  sort(scope: RequestScope, storeId: number, ids: number[]): Promise<RuleDto[]>;
}

/** What a version keeps: the name and the definition. */
type SavedRule = StoredRuleDefinition & { name: string };

function savedRuleOf(input: RuleInputParsed): SavedRule {
  return {
    name: input.name,
    trigger_events: input.trigger_events,
    groups_match: input.groups_match,
    condition_groups: input.condition_groups.map((group) => ({
      match: group.match,
      conditions: group.conditions.map(({ field, operator, value }) => ({ field, operator, value })),
    })),
    actions: input.actions.map(({ action, value }) => ({ action, value })),
  };
}

const definitionOf = ({ name: _name, ...definition }: SavedRule): StoredRuleDefinition => definition;

export function createRuleService(core: CoreServices): RuleService {
  const { models, sequelize } = core;

  /** The rule, when the caller reaches its store; anything else is 404. */
  async function findRule(scope: RequestScope, id: number, transaction?: Transaction): Promise<RuleEngine> {
    const rule = await models.RuleEngine.findByPk(id, { transaction });
    if (!rule) throw AppError.notFound(RULE_MESSAGES.ruleNotFound);
    await findReachableStore(models, scope, rule.store_id).catch(() => {
      throw AppError.notFound(RULE_MESSAGES.ruleNotFound);
    });
    return rule;
  }

  /** Rows → DTOs with store names and fired counts: one query each, whatever the number of rules. */
  async function toDtos(rows: RuleEngine[], transaction?: Transaction): Promise<RuleDto[]> {
    if (rows.length === 0) return [];
    const storeIds = [...new Set(rows.map((row) => row.store_id))];
    const ruleIds = rows.map((row) => row.id);
    const [stores, fired] = await Promise.all([
      models.Store.findAll({ where: { id: storeIds }, attributes: ['id', 'name'], transaction }),
      models.RuleEngineLog.findAll({
        where: { rule_id: ruleIds, made_changes: true },
        attributes: ['rule_id', [sequelize.fn('COUNT', sequelize.col('id')), 'fired']],
        group: ['rule_id'],
        raw: true,
        transaction,
      }) as unknown as Promise<{ rule_id: number; fired: number | string }[]>,
    ]);
    const storeNames = new Map(stores.map((store) => [store.id, store.name]));
    const firedCounts = new Map(fired.map((row) => [Number(row.rule_id), Number(row.fired)]));
    return rows.map((row) =>
      toRuleDto(row, storeNames.get(row.store_id) ?? '', firedCounts.get(row.id) ?? 0),
    );
  }

  async function storeRules(storeId: number, transaction?: Transaction): Promise<RuleEngine[]> {
    return models.RuleEngine.findAll({
      where: { store_id: storeId },
      order: [
        ['priority', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    });
  }

  /** Rewrites the store's priorities as 1..n in the given order (only the rows that move). */
  async function renumber(rules: RuleEngine[], transaction: Transaction): Promise<void> {
    for (const [index, rule] of rules.entries()) {
      if (rule.priority !== index + 1) await rule.update({ priority: index + 1 }, { transaction });
    }
  }

  async function writeVersion(
    scope: RequestScope,
    rule: RuleEngine,
    saved: SavedRule,
    changes: string[],
    transaction: Transaction,
  ): Promise<void> {
    await models.RuleEngineVersion.create(
      {
        rule_id: rule.id,
        version: rule.version,
        definition: saved,
        changes,
        saved_by: scope.userId,
        saved_by_name: scope.userName.slice(0, 190),
        saved_at: new Date(),
      },
      { transaction },
    );
  }

  const one = async (row: RuleEngine) => (await toDtos([row]))[0]!;

  return {
    async list(scope, query) {
      const { store_id, search, is_active } = validate(ruleListQuerySchema, query);
      let storeIds: number[];
      if (store_id !== undefined) {
        await findReachableStore(models, scope, store_id);
        storeIds = [store_id];
      } else {
        storeIds = [...scope.ownStoreIds, ...scope.sharedStoreIds];
      }
      const where: WhereOptions<RuleEngine> = {
        store_id: storeIds,
        ...(is_active !== undefined ? { is_active } : {}),
      };
      const rows = await models.RuleEngine.findAll({
        where,
        order: [
          ['store_id', 'ASC'],
          ['priority', 'ASC'],
          ['id', 'ASC'],
        ],
      });
      // A store has tens of rules, not thousands: searching them here reads the same on every dialect.
      const term = search?.toLowerCase();
      const found = term ? rows.filter((row) => row.name.toLowerCase().includes(term)) : rows;
      return { data: await toDtos(found), meta: { total: found.length } };
    },

    async show(scope, id) {
      return one(await findRule(scope, id));
    },

    async create(scope, input) {
      const { store } = await findReachableStore(models, scope, input.store_id);
      const saved = savedRuleOf(input);
      const definition = definitionOf(saved);
      const rule = await sequelize.transaction(async (transaction) => {
        const last = (await models.RuleEngine.max('priority', {
          where: { store_id: store.id },
          transaction,
        })) as number | null;
        const created = await models.RuleEngine.create(
          {
            // The store's owner holds the rule, as it holds the store's orders.
            company_id: store.company_id,
            store_id: store.id,
            name: saved.name,
            data_type: input.data_type,
            priority: (Number(last) || 0) + 1,
            is_active: input.is_active ?? true,
            version: 1,
            definition,
            ...ruleCountsOf(definition),
            created_by: scope.userId,
          },
          { transaction },
        );
        await writeVersion(scope, created, saved, describeRuleChanges(null, saved), transaction);
        return created;
      });
      return one(rule);
    },

    async update(scope, id, input) {
      const rule = await findRule(scope, id);
      if (input.store_id !== rule.store_id) throw AppError.validation({ store_id: [RULE_STAYS_IN_STORE] });
      const before: SavedRule = { name: rule.name, ...rule.definition };
      const after = savedRuleOf(input);
      const changes = describeRuleChanges(before, after);
      const definitionChanged = JSON.stringify(before) !== JSON.stringify(after);
      await sequelize.transaction(async (transaction) => {
        if (definitionChanged) {
          const definition = definitionOf(after);
          await rule.update(
            {
              name: after.name,
              definition,
              ...ruleCountsOf(definition),
              version: rule.version + 1,
              ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
            },
            { transaction },
          );
          // A change no sentence names (such as conditions moved between groups) still is one.
          await writeVersion(
            scope,
            rule,
            after,
            changes.length > 0 ? changes : ['Saved the rule.'],
            transaction,
          );
        } else if (input.is_active !== undefined && input.is_active !== Boolean(rule.is_active)) {
          await rule.update({ is_active: input.is_active }, { transaction });
        }
      });
      return one(rule);
    },

    async toggle(scope, id) {
      const rule = await findRule(scope, id);
      await rule.update({ is_active: !rule.is_active });
      return one(rule);
    },

    async remove(scope, id) {
      const rule = await findRule(scope, id);
      await sequelize.transaction(async (transaction) => {
        // Its logs and versions stay: the logs name the rule and say what it did to orders, and the
        // orders' traces read the rule's conditions and actions back from its versions.
        await rule.destroy({ transaction });
        await renumber(await storeRules(rule.store_id, transaction), transaction);
      });
      return { id: rule.id };
    },

    async versions(scope, id) {
      const rule = await findRule(scope, id);
      const rows = await models.RuleEngineVersion.findAll({
        where: { rule_id: rule.id },
        order: [['version', 'DESC']],
      });
      return rows.map(toRuleVersionDto);
    },

    async sort(scope, storeId, ids) {
      const { store } = await findReachableStore(models, scope, storeId);
      const rules = await sequelize.transaction(async (transaction) => {
        const current = await storeRules(store.id, transaction);
        const byId = new Map(current.map((rule) => [rule.id, rule]));
        const named = new Set(ids);
        if (named.size !== ids.length || ids.length !== current.length || ids.some((id) => !byId.has(id)))
          throw AppError.validation({ sort: [RULE_MESSAGES.sortMismatch] });
        const ordered = ids.map((id) => byId.get(id)!);
        await renumber(ordered, transaction);
        return ordered;
      });
      return toDtos(rules);
    },
  };
}
