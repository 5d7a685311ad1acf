import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * Rule firings as one row per order, trigger and kind listing the rule ids that fired (comma
 * separated), instead of one row per rule: at 100 rules an imported order fires ~10 of them, and
 * those rows were a fifth of the rule engine's writes. The runner reads and extends a row only with
 * the order locked, so the row needs no per-rule uniqueness; old rows are folded in.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.renameTable('rule_firings', 'rule_firings_per_rule');
  await queryInterface.createTable('rule_firings', {
    id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
    order_id: { type: DataTypes.BIGINT, allowNull: false },
    trigger_type: { type: DataTypes.STRING(40), allowNull: false },
    /** 'rule' or 'plugin_rule'. */
    rule_kind: { type: DataTypes.STRING(20), allowNull: false },
    rule_ids: { type: DataTypes.TEXT, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  // SQLite's index names are global: the old table keeps `rule_firings_once` until it is dropped.
  await queryInterface.addIndex('rule_firings', ['order_id', 'trigger_type', 'rule_kind'], {
    name: 'rule_firings_per_trigger',
    unique: true,
  });
  await queryInterface.sequelize.query(
    'INSERT INTO rule_firings (order_id, trigger_type, rule_kind, rule_ids, created_at) ' +
      'SELECT order_id, trigger_type, rule_kind, GROUP_CONCAT(rule_id), MIN(created_at) ' +
      'FROM rule_firings_per_rule GROUP BY order_id, trigger_type, rule_kind',
  );
  await queryInterface.dropTable('rule_firings_per_rule');
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('rule_firings');
  await queryInterface.createTable('rule_firings', {
    id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
    rule_kind: { type: DataTypes.STRING(20), allowNull: false },
    rule_id: { type: DataTypes.INTEGER, allowNull: false },
    order_id: { type: DataTypes.BIGINT, allowNull: false },
    trigger_type: { type: DataTypes.STRING(40), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('rule_firings', ['order_id', 'trigger_type', 'rule_kind', 'rule_id'], {
    name: 'rule_firings_once',
    unique: true,
  });
};
