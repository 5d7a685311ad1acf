import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * The rule engine: rules (with every saved version kept), plugin rules, what each rule did to each
 * order (rule-engine logs, also the order's "why" trace), which rules fired on which order for which
 * trigger (so a rule never fires twice), runs over many orders, and the line multiplier a rule sets.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  const int = (allowNull = false) => ({ type: DataTypes.INTEGER, allowNull });
  const text = (length: number, allowNull = false) => ({ type: DataTypes.STRING(length), allowNull });
  const bigId = { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true };
  const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };

  await queryInterface.createTable('rule_engines', {
    id,
    company_id: int(),
    store_id: int(),
    name: text(120),
    data_type: text(20),
    /** 1 runs first; unique per store only by convention (sort rewrites them all). */
    priority: int(),
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    /** The latest saved version (rule_engine_versions holds every one). */
    version: int(),
    /** JSON text: { trigger_events, groups_match, condition_groups, actions }. */
    definition: { type: DataTypes.TEXT, allowNull: false },
    trigger_events_count: int(),
    conditions_count: int(),
    actions_count: int(),
    created_by: int(true),
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('rule_engines', ['store_id', 'priority'], {
    name: 'rule_engines_store_priority',
  });
  await queryInterface.addIndex('rule_engines', ['company_id'], { name: 'rule_engines_company' });

  await queryInterface.createTable('rule_engine_versions', {
    id,
    rule_id: int(),
    version: int(),
    definition: { type: DataTypes.TEXT, allowNull: false },
    /** JSON text: sentences saying what this save changed. */
    changes: { type: DataTypes.TEXT, allowNull: false },
    saved_by: int(true),
    saved_by_name: text(190, true),
    saved_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('rule_engine_versions', ['rule_id', 'version'], {
    name: 'rule_engine_versions_rule_version',
    unique: true,
  });

  await queryInterface.createTable('plugin_rules', {
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
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    version: int(),
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('plugin_rules', ['plugin_id', 'execution_step'], {
    name: 'plugin_rules_plugin',
  });

  await queryInterface.createTable('rule_engine_logs', {
    id: bigId,
    company_id: int(),
    store_id: int(),
    /** One of the two: a store rule or a plugin rule (plugin_id says which plugin). */
    rule_id: int(true),
    plugin_rule_id: int(true),
    plugin_id: int(true),
    rule_version: int(),
    rule_engine_name: text(190),
    /** The order number. */
    data_reference: text(190),
    order_id: { type: DataTypes.BIGINT, allowNull: true },
    trigger_type: text(40),
    matched: { type: DataTypes.BOOLEAN, allowNull: false },
    made_changes: { type: DataTypes.BOOLEAN, allowNull: false },
    message: text(500),
    /** JSON text: the RuleEvaluation (conditions as checked, actions with before/after). */
    content: { type: DataTypes.TEXT, allowNull: false },
    run_id: int(true),
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await queryInterface.addIndex('rule_engine_logs', ['company_id', 'id'], {
    name: 'rule_engine_logs_company',
  });
  await queryInterface.addIndex('rule_engine_logs', ['order_id', 'id'], { name: 'rule_engine_logs_order' });
  await queryInterface.addIndex('rule_engine_logs', ['rule_id', 'id'], { name: 'rule_engine_logs_rule' });

  // The order's "why" trace: every rule evaluated at one trigger, in one row per order and run
  // (rule_engine_logs keeps a row per rule that matched; a row per rule evaluated would cost the import).
  await queryInterface.createTable('order_rule_traces', {
    id: bigId,
    company_id: int(),
    store_id: int(),
    order_id: { type: DataTypes.BIGINT, allowNull: false },
    trigger_type: text(40),
    /** JSON text: RuleEvaluation[] in priority order. */
    evaluations: { type: DataTypes.TEXT, allowNull: false },
    made_changes: { type: DataTypes.BOOLEAN, allowNull: false },
    run_id: int(true),
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await queryInterface.addIndex('order_rule_traces', ['order_id', 'id'], { name: 'order_rule_traces_order' });

  await queryInterface.createTable('rule_firings', {
    id: bigId,
    /** 'rule' or 'plugin_rule'. */
    rule_kind: text(20),
    rule_id: int(),
    order_id: { type: DataTypes.BIGINT, allowNull: false },
    trigger_type: text(40),
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('rule_firings', ['order_id', 'trigger_type', 'rule_kind', 'rule_id'], {
    name: 'rule_firings_once',
    unique: true,
  });

  await queryInterface.createTable('rule_runs', {
    id,
    company_id: int(),
    store_id: int(),
    /** 'manual' (trigger-rules) or 'backfill'. */
    kind: text(20),
    rule_id: int(true),
    status: text(20),
    /** JSON text: { order_ids } or { filters }. */
    selection: { type: DataTypes.TEXT, allowNull: false },
    total: int(),
    done: int(),
    changed_count: int(),
    failed: int(),
    message: text(500, true),
    created_by: int(true),
    created_at: { type: DataTypes.DATE, allowNull: false },
    finished_at: { type: DataTypes.DATE, allowNull: true },
  });
  await queryInterface.addIndex('rule_runs', ['company_id', 'id'], { name: 'rule_runs_company' });

  // While the import's rules run, the order waits in "rule engine in progress" (15); this is the
  // sync status it gets once they have run (before their own status actions).
  await queryInterface.addColumn('orders', 'held_sync_status', { type: DataTypes.INTEGER, allowNull: true });

  // The channel's quantity is quantity / quantity_multiplier: a re-import keeps the multiplier.
  await queryInterface.addColumn('order_items', 'quantity_multiplier', {
    type: DataTypes.INTEGER,
    allowNull: false,
    defaultValue: 1,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('order_items', 'quantity_multiplier');
  await queryInterface.removeColumn('orders', 'held_sync_status');
  for (const table of [
    'rule_runs',
    'rule_firings',
    'rule_engine_logs',
    'plugin_rules',
    'rule_engine_versions',
    'rule_engines',
  ])
    await queryInterface.dropTable(table);
};
