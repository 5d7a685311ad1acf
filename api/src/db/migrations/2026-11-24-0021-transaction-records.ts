import { DataTypes, type QueryInterface } from 'sequelize';
import type { Migration } from '../migrate';

const reference = (table: string) => ({
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model: table, key: 'id' },
  onDelete: 'CASCADE',
});

async function index(queryInterface: QueryInterface, fields: string[]) {
  await queryInterface.addIndex('transaction_records', fields, {
    name: `transaction_records_${fields.join('_')}`,
  });
}

/**
 * Transaction records (platform-shell §3 "Log"): one row per external call of the sync engine.
 *
 * `channel_id` has no foreign key on purpose: records are written in batches, and a channel deleted
 * while its last job ran must not make the whole batch (other channels' records) fail. Its records
 * go with the store (cascade), and no route reaches a deleted channel's records meanwhile.
 * Bodies are MEDIUMTEXT on MySQL (TEXT stops at 64 KB, the transport's cut is 64,000 characters of
 * possibly multi-byte text); SQLite's TEXT has no such limit.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  const body = queryInterface.sequelize.getDialect() === 'sqlite' ? DataTypes.TEXT : DataTypes.TEXT('medium');
  await queryInterface.createTable('transaction_records', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    company_id: reference('companies'),
    store_id: reference('stores'),
    channel_id: { type: DataTypes.INTEGER, allowNull: true },
    kind: { type: DataTypes.STRING(10), allowNull: false },
    type: { type: DataTypes.STRING(40), allowNull: false },
    method: { type: DataTypes.STRING(10), allowNull: false },
    url: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.TINYINT, allowNull: false },
    http_status: { type: DataTypes.SMALLINT, allowNull: true },
    response_time_ms: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    attempts: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 1 },
    message: { type: DataTypes.STRING(1000), allowNull: false },
    request_body: { type: body, allowNull: true },
    response_body: { type: body, allowNull: true },
    waiting_requests: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    error_code: { type: DataTypes.STRING(100), allowNull: true },
    // JSON `{ job, data }` kept as text (portable between MySQL and SQLite, like other JSON columns).
    operation: { type: DataTypes.TEXT, allowNull: true },
    retry_of_id: { type: DataTypes.INTEGER, allowNull: true },
    retried_by_id: { type: DataTypes.INTEGER, allowNull: true },
    // Set when a retry is queued, so a second click before the retry's first call queues nothing.
    retry_queued_at: { type: DataTypes.DATE, allowNull: true },
    ignored_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  // A connection's records, newest first (the channel and plugin logs screens).
  await index(queryInterface, ['store_id', 'channel_id', 'created_at']);
  // Failed records of the caller's stores (the dashboard and its list).
  await index(queryInterface, ['store_id', 'status', 'created_at']);
  // A company's api records.
  await index(queryInterface, ['company_id', 'kind', 'created_at']);
  // A retry's new records find the record they retry.
  await index(queryInterface, ['retry_of_id']);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('transaction_records');
};
