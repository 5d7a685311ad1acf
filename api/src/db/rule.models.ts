import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type {
  RuleAction,
  RuleConditionGroup,
  RuleEvaluation,
  RuleMatch,
  RuleTriggerEvent,
} from '@syncdesk/contracts';
import type { StoredTrace } from '../modules/rules/rule-trace.codec';
import { init, jsonColumn } from './model-helpers';

/** What a rule does, as saved (one version). */
export interface StoredRuleDefinition {
  trigger_events: RuleTriggerEvent[];
  groups_match: RuleMatch;
  condition_groups: RuleConditionGroup[];
  actions: RuleAction[];
}

/** A store's order rule at its latest version (migration 0026). */
export class RuleEngine extends Model<InferAttributes<RuleEngine>, InferCreationAttributes<RuleEngine>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare name: string;
  declare data_type: string;
  declare priority: number;
  declare is_active: boolean;
  declare version: number;
  declare definition: StoredRuleDefinition;
  declare trigger_events_count: number;
  declare conditions_count: number;
  declare actions_count: number;
  declare created_by: number | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

/** Every save of a rule, with what it changed. */
export class RuleEngineVersion extends Model<
  InferAttributes<RuleEngineVersion>,
  InferCreationAttributes<RuleEngineVersion>
> {
  declare id: CreationOptional<number>;
  declare rule_id: number;
  declare version: number;
  declare definition: StoredRuleDefinition & { name: string };
  declare changes: string[];
  declare saved_by: number | null;
  declare saved_by_name: string | null;
  declare saved_at: Date;
}

/** A plugin's own rule: one condition, one action, run when an order is sent to that plugin. */
export class PluginRule extends Model<InferAttributes<PluginRule>, InferCreationAttributes<PluginRule>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare plugin_id: number;
  declare name: string;
  declare condition_field: string;
  declare condition_operator: string | null;
  declare condition_value: string | null;
  declare action_name: string;
  declare action_value: string;
  declare execution_step: number;
  declare is_active: boolean;
  declare version: number;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

/** One rule evaluated on one order at one trigger: the log and the order's "why" trace. */
export class RuleEngineLog extends Model<
  InferAttributes<RuleEngineLog>,
  InferCreationAttributes<RuleEngineLog>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare rule_id: number | null;
  declare plugin_rule_id: number | null;
  declare plugin_id: number | null;
  declare rule_version: number;
  declare rule_engine_name: string;
  declare data_reference: string;
  declare order_id: number | null;
  declare trigger_type: string;
  declare matched: boolean;
  declare made_changes: boolean;
  declare message: string;
  /**
   * The evaluation, or NULL (older rows: `{ in_trace: true }`) when it is the one of this rule in
   * the order's trace row of the same order, trigger and time, read back from there.
   */
  declare content: RuleEvaluation | { in_trace: true } | null;
  declare run_id: number | null;
  declare created_at: Date;
}

/** Every rule evaluated on one order at one trigger: the order's "why" trace. */
export class OrderRuleTrace extends Model<
  InferAttributes<OrderRuleTrace>,
  InferCreationAttributes<OrderRuleTrace>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare order_id: number;
  declare trigger_type: string;
  /** Compact since the runner writes it so (modules/rules/rule-trace.codec.ts); a full list before. */
  declare evaluations: StoredTrace;
  declare made_changes: boolean;
  declare run_id: number | null;
  declare created_at: Date;
}

/**
 * The rules of one kind that fired on an order for a trigger (migration 0029): one row per order,
 * trigger and kind, the rule ids comma separated, so none of them fires there twice.
 */
export class RuleFiring extends Model<InferAttributes<RuleFiring>, InferCreationAttributes<RuleFiring>> {
  declare id: CreationOptional<number>;
  declare order_id: number;
  declare trigger_type: string;
  declare rule_kind: 'rule' | 'plugin_rule';
  declare rule_ids: string;
  declare created_at: CreationOptional<Date>;
}

/** The rule ids a firing row lists. */
export const firedRuleIds = (ruleIds: string): number[] =>
  ruleIds
    .split(',')
    .filter((id) => id !== '')
    .map(Number);

/** Rules run over many orders (trigger-rules, backfill), with progress. */
export class RuleRun extends Model<InferAttributes<RuleRun>, InferCreationAttributes<RuleRun>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare kind: 'manual' | 'backfill';
  declare rule_id: number | null;
  declare status: 'queued' | 'running' | 'finished' | 'failed';
  declare selection: {
    order_ids?: number[];
    filters?: Record<string, string | string[]>;
    rule_ids?: number[];
  };
  declare total: number;
  declare done: number;
  declare changed_count: number;
  declare failed: number;
  declare message: string | null;
  declare created_by: number | null;
  declare created_at: CreationOptional<Date>;
  declare finished_at: Date | null;
}

export interface RuleModels {
  RuleEngine: typeof RuleEngine;
  RuleEngineVersion: typeof RuleEngineVersion;
  PluginRule: typeof PluginRule;
  RuleEngineLog: typeof RuleEngineLog;
  RuleFiring: typeof RuleFiring;
  RuleRun: typeof RuleRun;
  OrderRuleTrace: typeof OrderRuleTrace;
}

export function defineRuleModels(sequelize: Sequelize): RuleModels {
  const models: RuleModels = {
    RuleEngine: class extends RuleEngine {},
    RuleEngineVersion: class extends RuleEngineVersion {},
    PluginRule: class extends PluginRule {},
    RuleEngineLog: class extends RuleEngineLog {},
    RuleFiring: class extends RuleFiring {},
    RuleRun: class extends RuleRun {},
    OrderRuleTrace: class extends OrderRuleTrace {},
  };
  const int = (allowNull = false) => ({ type: DataTypes.INTEGER, allowNull });
  const text = (length: number, allowNull = false) => ({ type: DataTypes.STRING(length), allowNull });
  const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
  const bigId = { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true };
  const flag = { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true };
  init<RuleEngine>(models.RuleEngine, sequelize, 'rule_engines', {
    id,
    company_id: int(),
    store_id: int(),
    name: text(120),
    data_type: text(20),
    priority: int(),
    is_active: flag,
    version: int(),
    definition: jsonColumn('definition', false),
    trigger_events_count: int(),
    conditions_count: int(),
    actions_count: int(),
    created_by: int(true),
    created_at: DataTypes.DATE,
    updated_at: DataTypes.DATE,
  });
  init<RuleEngineVersion>(
    models.RuleEngineVersion,
    sequelize,
    'rule_engine_versions',
    {
      id,
      rule_id: int(),
      version: int(),
      definition: jsonColumn('definition', false),
      changes: jsonColumn('changes', false),
      saved_by: int(true),
      saved_by_name: text(190, true),
      saved_at: { type: DataTypes.DATE, allowNull: false },
    },
    false,
  );
  init<PluginRule>(models.PluginRule, sequelize, 'plugin_rules', {
    id,
    company_id: int(),
    store_id: int(),
    plugin_id: int(),
    name: text(120),
    condition_field: text(60),
    condition_operator: text(40, true),
    condition_value: text(190, true),
    action_name: text(60),
    action_value: text(190),
    execution_step: int(),
    is_active: flag,
    version: int(),
    created_at: DataTypes.DATE,
    updated_at: DataTypes.DATE,
  });
  init<RuleEngineLog>(
    models.RuleEngineLog,
    sequelize,
    'rule_engine_logs',
    {
      id: bigId,
      company_id: int(),
      store_id: int(),
      rule_id: int(true),
      plugin_rule_id: int(true),
      plugin_id: int(true),
      rule_version: int(),
      rule_engine_name: text(190),
      data_reference: text(190),
      order_id: { type: DataTypes.BIGINT, allowNull: true },
      trigger_type: text(40),
      matched: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      made_changes: { type: DataTypes.BOOLEAN, allowNull: false },
      message: text(500),
      content: jsonColumn('content', true),
      run_id: int(true),
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    false,
  );
  init<OrderRuleTrace>(
    models.OrderRuleTrace,
    sequelize,
    'order_rule_traces',
    {
      id: bigId,
      company_id: int(),
      store_id: int(),
      order_id: { type: DataTypes.BIGINT, allowNull: false },
      trigger_type: text(40),
      evaluations: jsonColumn('evaluations', false),
      made_changes: { type: DataTypes.BOOLEAN, allowNull: false },
      run_id: int(true),
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    false,
  );
  init<RuleFiring>(
    models.RuleFiring,
    sequelize,
    'rule_firings',
    {
      id: bigId,
      order_id: { type: DataTypes.BIGINT, allowNull: false },
      trigger_type: text(40),
      rule_kind: text(20),
      rule_ids: { type: DataTypes.TEXT, allowNull: false },
      created_at: DataTypes.DATE,
    },
    'created',
  );
  init<RuleRun>(
    models.RuleRun,
    sequelize,
    'rule_runs',
    {
      id,
      company_id: int(),
      store_id: int(),
      kind: text(20),
      rule_id: int(true),
      status: text(20),
      selection: jsonColumn('selection', false),
      total: int(),
      done: int(),
      changed_count: int(),
      failed: int(),
      message: text(500, true),
      created_by: int(true),
      created_at: DataTypes.DATE,
      finished_at: { type: DataTypes.DATE, allowNull: true },
    },
    'created',
  );
  return models;
}
