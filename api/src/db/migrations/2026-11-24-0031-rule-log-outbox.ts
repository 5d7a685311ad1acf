import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * On MySQL an import writes its rule-engine logs on a second connection, in a transaction that
 * commits right after the import's (the database writes them while it writes the orders). The
 * import's own transaction leaves a row here naming the batch; the logs' transaction deletes it as
 * it commits. A row that stays (the process died between the two commits) is the sweep's: it
 * writes the batch's logs again from the orders' traces (`rules.release_held`, every minute).
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('rule_log_outbox', {
    id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
    batch_key: { type: DataTypes.STRING(36), allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    trigger_type: { type: DataTypes.STRING(40), allowNull: false },
    /** The batch's orders whose traces hold the logs' evaluations (comma separated). */
    order_ids: { type: DataTypes.TEXT, allowNull: false },
    /** The traces' created_at. */
    traced_at: { type: DataTypes.DATE(3), allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await queryInterface.addIndex('rule_log_outbox', ['batch_key'], {
    name: 'rule_log_outbox_batch',
    unique: true,
  });
  await queryInterface.addIndex('rule_log_outbox', ['created_at'], { name: 'rule_log_outbox_created' });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('rule_log_outbox');
};
