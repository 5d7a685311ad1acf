import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  // Browser push registrations of administrators (spec §2: saved at login, deleted at logout).
  await queryInterface.createTable('push_device_tokens', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    user_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    device_token: { type: DataTypes.STRING(255), allowNull: false },
    device_type: { type: DataTypes.STRING(20), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('push_device_tokens', ['user_id', 'device_token'], {
    unique: true,
    name: 'push_device_tokens_user_token_unique',
  });
  // When the user last read the account notices (trial ending, limited account, low credit).
  await queryInterface.addColumn('users', 'account_notices_read_at', {
    type: DataTypes.DATE,
    allowNull: true,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('users', 'account_notices_read_at');
  await queryInterface.dropTable('push_device_tokens');
};
