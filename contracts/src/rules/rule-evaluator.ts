import type {
  PluginRuleDto,
  RuleDefinition,
  RuleEvaluation,
  RuleOrderFacts,
  RuleRunResult,
} from './rule.dto';
import type { RuleRunTrigger } from './rule.vocabulary';

/**
 * THE rule evaluator: pure (no I/O, no clock), used by the import, the plugin send, the dry run
 * and the backfill alike. Exhaustive switches over fields, operators and actions.
 */

export interface EvaluateOptions {
  trigger: RuleRunTrigger;
  /** Ids of the rules that fired on this order for this trigger before: passed over, noted as skipped. */
  firedBefore?: ReadonlySet<number>;
}

/**
 * Runs `rules` (in priority order, first = priority 1) on `order`: each matching rule's actions
 * change the order, and the rules after it see the change.
 */
export function evaluateRules(
  order: RuleOrderFacts,
  rules: readonly RuleDefinition[],
  options: EvaluateOptions,
): RuleRunResult {
  void order;
  void rules;
  void options;
  throw new Error('not built yet');
}

/** One rule on one order, for the dry run: what it would check and change. */
export function evaluateRule(
  order: RuleOrderFacts,
  rule: RuleDefinition,
): { evaluation: RuleEvaluation; after: RuleOrderFacts } {
  void order;
  void rule;
  throw new Error('not built yet');
}

/** A plugin rule as a one-condition, one-action rule definition (its id stays the plugin rule's). */
export function pluginRuleDefinition(rule: PluginRuleDto): RuleDefinition {
  return {
    id: rule.id,
    version: rule.version,
    name: rule.name,
    trigger_events: ['order_sending_to_plugin'],
    groups_match: 'all',
    condition_groups: [
      {
        match: 'all',
        conditions: [
          { field: rule.condition_field, operator: rule.condition_operator, value: rule.condition_value },
        ],
      },
    ],
    actions: [{ action: rule.action_name, value: rule.action_value }],
  };
}
