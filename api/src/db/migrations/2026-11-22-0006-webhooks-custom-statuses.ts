import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

const reference = (table: string) => ({
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model: table, key: 'id' },
  onDelete: 'CASCADE',
});

export const up: Migration = async ({ context: { queryInterface } }) => {
  // A store's webhooks (spec §3, §9). The receiver's auth header value is a secret: only its
  // AES-256-GCM blob is stored (see credential-cipher.ts, bound to the row's uuid).
  await queryInterface.createTable('webhooks', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    name: { type: DataTypes.STRING(120), allowNull: false },
    event: { type: DataTypes.STRING(60), allowNull: false },
    method: { type: DataTypes.STRING(10), allowNull: false },
    url: { type: DataTypes.STRING(2048), allowNull: false },
    requires_auth: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    auth_header_name: { type: DataTypes.STRING(100), allowNull: true },
    auth_secret: { type: DataTypes.TEXT, allowNull: true },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('webhooks', ['uuid'], { unique: true, name: 'webhooks_uuid_unique' });
  await queryInterface.addIndex('webhooks', ['store_id', 'event'], { name: 'webhooks_store_id_event' });
  await queryInterface.addIndex('webhooks', ['company_id'], { name: 'webhooks_company_id' });

  // A channel's own order statuses with the names people read for them (spec §3).
  await queryInterface.createTable('custom_order_statuses', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    company_id: reference('companies'),
    store_id: reference('stores'),
    channel_id: reference('channels'),
    custom_status: { type: DataTypes.STRING(120), allowNull: false },
    friendly_status: { type: DataTypes.STRING(120), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('custom_order_statuses', ['channel_id', 'custom_status'], {
    unique: true,
    name: 'custom_order_statuses_channel_status_unique',
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('custom_order_statuses');
  await queryInterface.dropTable('webhooks');
};
