import type {
  PluginRuleDto,
  RuleActionName,
  RuleConditionField,
  RuleDataType,
  RuleDefinition,
  RuleDto,
  RuleEngineLogContentDto,
  RuleEvaluation,
  RuleEngineLogDto,
  RuleOperator,
  RuleRunTrigger,
  RuleVersionDto,
} from '@syncdesk/contracts';
import type {
  PluginRule,
  RuleEngine,
  RuleEngineLog,
  RuleEngineVersion,
  StoredRuleDefinition,
} from '../../db/rule.models';

/** A saved rule as the engine runs it (the runner in flows/apply-rules loads active rules with this). */
export function ruleDefinitionOf(row: RuleEngine): RuleDefinition {
  const definition = row.definition;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    trigger_events: definition.trigger_events,
    groups_match: definition.groups_match,
    condition_groups: definition.condition_groups,
    actions: definition.actions,
  };
}

/** The list's counts, kept on the row so the list never parses every definition to show them. */
export function ruleCountsOf(definition: StoredRuleDefinition) {
  return {
    trigger_events_count: definition.trigger_events.length,
    // "No condition" is a condition the seller chose, so it counts as one.
    conditions_count: definition.condition_groups.reduce(
      (total, group) => total + group.conditions.length,
      0,
    ),
    actions_count: definition.actions.length,
  };
}

export function toRuleDto(row: RuleEngine, storeName: string, firedCount: number): RuleDto {
  return {
    ...ruleDefinitionOf(row),
    store_id: row.store_id,
    store_name: storeName,
    data_type: row.data_type as RuleDataType,
    priority: row.priority,
    is_active: Boolean(row.is_active),
    trigger_events_count: row.trigger_events_count,
    conditions_count: row.conditions_count,
    actions_count: row.actions_count,
    fired_count: firedCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toRuleVersionDto(row: RuleEngineVersion): RuleVersionDto {
  const { name, trigger_events, groups_match, condition_groups, actions } = row.definition;
  return {
    version: row.version,
    saved_at: row.saved_at.toISOString(),
    saved_by: row.saved_by_name,
    changes: row.changes,
    definition: {
      id: row.rule_id,
      version: row.version,
      name,
      trigger_events,
      groups_match,
      condition_groups,
      actions,
    },
  };
}

export function pluginRuleDtoOf(row: PluginRule): PluginRuleDto {
  return {
    id: row.id,
    plugin_id: row.plugin_id,
    name: row.name,
    condition_field: row.condition_field as RuleConditionField,
    condition_operator: row.condition_operator as RuleOperator | null,
    condition_value: row.condition_value,
    action_name: row.action_name as RuleActionName,
    action_value: row.action_value,
    execution_step: row.execution_step,
    is_active: Boolean(row.is_active),
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toRuleEngineLogDto(row: RuleEngineLog): RuleEngineLogDto {
  return {
    id: Number(row.id),
    store_id: row.store_id,
    rule_id: row.rule_id,
    rule_version: row.rule_version,
    rule_engine_name: row.rule_engine_name,
    data_reference: row.data_reference,
    order_id: row.order_id === null ? null : Number(row.order_id),
    trigger_type: row.trigger_type as RuleRunTrigger,
    matched: Boolean(row.matched),
    changed: Boolean(row.made_changes),
    message: row.message,
    created_at: row.created_at.toISOString(),
  };
}

/** `evaluation`: the log's own content, or (logs the runner writes) the one read from the order's trace. */
export function toRuleEngineLogContentDto(
  row: RuleEngineLog,
  evaluation: RuleEvaluation,
): RuleEngineLogContentDto {
  return { ...toRuleEngineLogDto(row), evaluation };
}
