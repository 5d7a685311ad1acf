import { Op } from 'sequelize';
import { describeRuleChanges, type RuleDefinition, type RuleEvaluation } from '@syncdesk/contracts';
import type { RuleModels } from '../../db/rule.models';
import {
  definitionKey,
  expandTrace,
  tracedRuleVersions,
  type StoredTrace,
  type TraceEvaluationKind,
  type TraceRuleDefinition,
} from './rule-trace.codec';

/**
 * Reads compact traces back (rule-trace.codec.ts) and keeps what they point at: every (rule,
 * version) the runner evaluates has its `rule_engine_versions` row, and a deleted rule's versions
 * stay (rule.service.ts `remove`), so an old trace and its logs still read.
 */
export interface RuleTraceReader {
  /** Each stored trace's evaluations, in the same order, with the kind of rule each one is. */
  expand(
    stored: readonly StoredTrace[],
  ): Promise<{ kind: TraceEvaluationKind; evaluation: RuleEvaluation }[][]>;
}

export function createRuleTraceReader(
  models: Pick<RuleModels, 'RuleEngineVersion' | 'RuleEngine'>,
): RuleTraceReader {
  return {
    async expand(stored) {
      const wanted = new Map<string, { ruleId: number; version: number }>();
      for (const trace of stored)
        for (const pair of tracedRuleVersions(trace))
          wanted.set(definitionKey(pair.ruleId, pair.version), pair);
      const definitions = new Map<string, TraceRuleDefinition>();
      if (wanted.size > 0) {
        const ruleIds = [...new Set([...wanted.values()].map((pair) => pair.ruleId))];
        const versions = await models.RuleEngineVersion.findAll({
          where: { rule_id: { [Op.in]: ruleIds } },
        });
        for (const row of versions) {
          const key = definitionKey(row.rule_id, row.version);
          if (wanted.has(key)) definitions.set(key, row.definition);
        }
        // A version row is written for every rule the runner evaluated; the live rule is the fallback.
        const missing = ruleIds.filter((ruleId) =>
          [...wanted.values()].some(
            (pair) => pair.ruleId === ruleId && !definitions.has(definitionKey(pair.ruleId, pair.version)),
          ),
        );
        if (missing.length > 0) {
          const rules = await models.RuleEngine.findAll({ where: { id: { [Op.in]: missing } } });
          for (const rule of rules)
            definitions.set(definitionKey(rule.id, rule.version), { name: rule.name, ...rule.definition });
        }
      }
      return stored.map((trace) => expandTrace(trace, definitions));
    },
  };
}

/** Rule versions known to have their row, per process: a version row never changes once written. */
const knownVersions = new WeakMap<object, Set<string>>();

/**
 * Writes the `rule_engine_versions` row of each rule version that has none (a rule written straight
 * to the table, as fixtures and imports of rules do), so a compact trace can always be read back.
 */
export async function ensureRuleVersions(
  models: Pick<RuleModels, 'RuleEngineVersion'>,
  rules: readonly RuleDefinition[],
): Promise<void> {
  let known = knownVersions.get(models.RuleEngineVersion);
  if (!known) {
    known = new Set();
    knownVersions.set(models.RuleEngineVersion, known);
  }
  const unknown = rules.filter((rule) => !known.has(definitionKey(rule.id, rule.version)));
  if (unknown.length === 0) return;
  const rows = await models.RuleEngineVersion.findAll({
    where: { rule_id: { [Op.in]: [...new Set(unknown.map((rule) => rule.id))] } },
    attributes: ['rule_id', 'version'],
    raw: true,
  });
  for (const row of rows) known.add(definitionKey(Number(row.rule_id), Number(row.version)));
  const missing = unknown.filter((rule) => !known.has(definitionKey(rule.id, rule.version)));
  if (missing.length === 0) return;
  await models.RuleEngineVersion.bulkCreate(
    missing.map((rule) => {
      const saved = {
        name: rule.name,
        trigger_events: rule.trigger_events,
        groups_match: rule.groups_match,
        condition_groups: rule.condition_groups,
        actions: rule.actions,
      };
      return {
        rule_id: rule.id,
        version: rule.version,
        definition: saved,
        changes: rule.version === 1 ? describeRuleChanges(null, saved) : ['Saved the rule.'],
        saved_by: null,
        saved_by_name: null,
        saved_at: new Date(),
      };
    }),
    // Two runs may write the same version at once: the unique (rule_id, version) keeps one.
    { ignoreDuplicates: true },
  );
  for (const rule of missing) known.add(definitionKey(rule.id, rule.version));
}
