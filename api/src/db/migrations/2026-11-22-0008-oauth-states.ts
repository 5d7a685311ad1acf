import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  // The `state` of an OAuth authorisation link is single use: its nonce is written here when a
  // callback redeems it, and the primary key refuses a second redemption, even a concurrent one.
  // Rows only matter until the state would have expired anyway, so they are pruned after that.
  await queryInterface.createTable('oauth_state_uses', {
    nonce: { type: DataTypes.STRING(64), primaryKey: true },
    channel_id: { type: DataTypes.INTEGER, allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('oauth_state_uses', ['expires_at'], {
    name: 'oauth_state_uses_expires_at',
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('oauth_state_uses');
};
