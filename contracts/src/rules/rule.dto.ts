import type {
  RuleActionName,
  RuleConditionField,
  RuleDataType,
  RuleMatch,
  RuleOperator,
  RuleRunTrigger,
  RuleTriggerEvent,
} from './rule.vocabulary';

/** One comparison. `operator` and `value` are null for `no_condition` (and `value` for `is_empty`). */
export interface RuleCondition {
  field: RuleConditionField;
  operator: RuleOperator | null;
  value: string | null;
}

/** Conditions joined by AND (`all`) or OR (`any`). */
export interface RuleConditionGroup {
  match: RuleMatch;
  conditions: RuleCondition[];
}

export interface RuleAction {
  action: RuleActionName;
  /** Text for tags, methods and types; an ORDER_SYNC_STATUS key for the status; a whole number for the multiplier. */
  value: string;
}

/** What a seller saves (`POST/PUT rule-engines`); checked by `ruleInputSchema` (rule.schemas.ts). */
export interface RuleInput {
  store_id: number;
  name: string;
  data_type: RuleDataType;
  trigger_events: RuleTriggerEvent[];
  /** How the groups combine. */
  groups_match: RuleMatch;
  condition_groups: RuleConditionGroup[];
  actions: RuleAction[];
  is_active?: boolean;
}

/** A rule as the engine runs it: the saved definition at one version. */
export interface RuleDefinition {
  id: number;
  /** Which save of the rule this is (1 for the first). */
  version: number;
  name: string;
  trigger_events: RuleTriggerEvent[];
  groups_match: RuleMatch;
  condition_groups: RuleConditionGroup[];
  actions: RuleAction[];
}

/** `GET rule-engines` rows and `GET rule-engines/{id}`. */
export interface RuleDto extends RuleDefinition {
  store_id: number;
  store_name: string;
  data_type: RuleDataType;
  /** 1 runs first. */
  priority: number;
  is_active: boolean;
  trigger_events_count: number;
  conditions_count: number;
  actions_count: number;
  /** How often it changed an order (rule-engine logs with changes). */
  fired_count: number;
  created_at: string;
  updated_at: string;
}

/** `GET rule-engines/{id}/versions`: newest first. */
export interface RuleVersionDto {
  version: number;
  saved_at: string;
  saved_by: string | null;
  /** Sentences: "Added the condition Shipping country ISO code is DE." */
  changes: string[];
  definition: RuleDefinition;
}

/**
 * What the engine sees of an order. Built from the stored order (or the order being imported) by
 * the api; the evaluator never reads the database.
 */
export interface RuleOrderFacts {
  order_id: number;
  order_number: string;
  channel_name: string;
  shipping_method: string | null;
  shipping_country: string | null;
  invoice_country: string | null;
  tags: string[];
  order_type: string | null;
  /** ORDER_SYNC_STATUS value the order has, or would have once the rules let it go. */
  sync_status: number;
  lines: RuleOrderLineFacts[];
}

export interface RuleOrderLineFacts {
  id: number;
  sku: string | null;
  /** Units the channel sold (before any multiplier). */
  channel_quantity: number;
  /** The multiplier in force (1 when none). */
  multiplier: number;
}

/** One condition as it was checked. */
export interface ConditionTrace {
  field: RuleConditionField;
  operator: RuleOperator | null;
  value: string | null;
  /** What the order had, as text ("DE", "3", "TAG-A, TAG-B", "(empty)"). */
  actual: string;
  held: boolean;
}

/** One action as it was applied. `changed` false: the order already was so, or the move was refused. */
export interface ActionTrace {
  action: RuleActionName;
  value: string;
  changed: boolean;
  /** As text, for the trace: "on hold", "Royal Mail 48", "2 × SKU-1 → 6". */
  before: string | null;
  after: string | null;
  /** Why it did not change anything ("The order has the tag already.", "Synced orders cannot be put on hold."). */
  note: string | null;
}

export interface RuleEvaluation {
  rule_id: number;
  rule_version: number;
  rule_name: string;
  matched: boolean;
  /** Set when the rule was passed over without looking: it fired on this order for this trigger before. */
  skipped: 'fired_before' | null;
  groups: { match: RuleMatch; held: boolean; conditions: ConditionTrace[] }[];
  actions: ActionTrace[];
}

/** The evaluator's answer for one order: the order as the rules leave it, and what each rule did. */
export interface RuleRunResult {
  trigger: RuleRunTrigger;
  before: RuleOrderFacts;
  after: RuleOrderFacts;
  evaluations: RuleEvaluation[];
  /** Ids of the rules whose actions ran (matched, not skipped). */
  fired: number[];
  changed: boolean;
}

/** `POST rule-engines/dry-run` rows: what the rule would do to each of the store's latest orders. */
export interface RuleDryRunRow {
  order_id: number;
  order_number: string;
  order_date: string | null;
  channel_name: string;
  evaluation: RuleEvaluation;
}

export interface RuleDryRunDto {
  data: RuleDryRunRow[];
  meta: { evaluated: number; matched: number };
}

/** A rule-engine log (`GET logs/ruleEngineLogs`): one rule evaluated on one order at one trigger. */
export interface RuleEngineLogDto {
  id: number;
  store_id: number;
  rule_id: number | null;
  rule_version: number;
  rule_engine_name: string;
  /** The order number it ran on. */
  data_reference: string;
  order_id: number | null;
  trigger_type: RuleRunTrigger;
  matched: boolean;
  changed: boolean;
  /** "Added the tag EU; set the shipping method to DHL." or "Conditions not met." */
  message: string;
  created_at: string;
}

/** `GET logs/ruleEngineLogs/{id}/content` (and each entry of an order's "why" trace). */
export interface RuleEngineLogContentDto extends RuleEngineLogDto {
  evaluation: RuleEvaluation;
}

/** One run of the rules on an order (one trigger): every rule evaluated, in priority order. */
export interface OrderRuleTraceEntry {
  id: number;
  trigger_type: RuleRunTrigger;
  created_at: string;
  changed: boolean;
  evaluations: RuleEvaluation[];
}

/** `GET orders/{storeId}/{orderId}/rule-trace`: the order's "why", oldest run first. */
export interface OrderRuleTraceDto {
  data: OrderRuleTraceEntry[];
}

/** A run of rules over many orders: `trigger-rules` or a backfill. */
export interface RuleRunDto {
  id: number;
  store_id: number;
  kind: 'manual' | 'backfill';
  rule_id: number | null;
  status: 'queued' | 'running' | 'finished' | 'failed';
  total: number;
  done: number;
  /** Orders at least one rule changed. */
  changed: number;
  /** Orders the run could not evaluate (gone, or an error: `message` says). */
  failed: number;
  message: string | null;
  created_at: string;
  finished_at: string | null;
}

/**
 * Plugin rule (spec §3): one condition and one action, for orders sent to that plugin, run after
 * the store's rules in `execution_step` order (1 first).
 */
export interface PluginRuleInput {
  name: string;
  condition_field: RuleConditionField;
  condition_operator: RuleOperator | null;
  condition_value: string | null;
  action_name: RuleActionName;
  action_value: string;
  execution_step: number;
  is_active?: boolean;
}

export interface PluginRuleDto extends Required<PluginRuleInput> {
  id: number;
  plugin_id: number;
  version: number;
  created_at: string;
  updated_at: string;
}
