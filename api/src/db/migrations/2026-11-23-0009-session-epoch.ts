import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  // Every bearer token carries the account's session epoch from when it was signed. Changing or
  // resetting the password raises the epoch, which ends every older token at once; the token that
  // made a change is kept (`kept_token_id`) so the person who changed it stays signed in.
  await queryInterface.addColumn('users', 'session_epoch', {
    type: DataTypes.INTEGER,
    allowNull: false,
    defaultValue: 0,
  });
  await queryInterface.addColumn('users', 'kept_token_id', { type: DataTypes.STRING(64), allowNull: true });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('users', 'kept_token_id');
  await queryInterface.removeColumn('users', 'session_epoch');
};
