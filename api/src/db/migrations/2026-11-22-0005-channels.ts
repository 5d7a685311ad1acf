import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

const reference = (table: string) => ({
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model: table, key: 'id' },
  onDelete: 'CASCADE',
});

export const up: Migration = async ({ context: { queryInterface } }) => {
  // Sales channels, accounting channels and plugins share one shape (spec §3), so one table with
  // a `kind` holds all three; each kind has its own routes and refusal messages.
  await queryInterface.createTable('channels', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    kind: { type: DataTypes.STRING(20), allowNull: false },
    type: { type: DataTypes.STRING(80), allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    is_default: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    account_nominal_code: { type: DataTypes.STRING(60), allowNull: true },
    api_version: { type: DataTypes.STRING(20), allowNull: true },
    // Non-secret settings as JSON; secret fields and OAuth tokens live only in `credentials`.
    settings: { type: DataTypes.TEXT, allowNull: false },
    // AES-256-GCM blob (see credential-cipher.ts) of a JSON object; null until something is saved.
    credentials: { type: DataTypes.TEXT, allowNull: true },
    authorized_at: { type: DataTypes.DATE, allowNull: true },
    token_expires_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('channels', ['uuid'], { unique: true, name: 'channels_uuid_unique' });
  await queryInterface.addIndex('channels', ['store_id', 'kind'], { name: 'channels_store_id_kind' });
  await queryInterface.addIndex('channels', ['company_id', 'kind'], { name: 'channels_company_id_kind' });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('channels');
};
