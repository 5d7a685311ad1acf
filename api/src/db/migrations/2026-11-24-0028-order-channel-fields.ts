import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  // What the channel last sent for the fields a rule may change (tags, shipping method, order
  // type), kept from the moment a rule first changed one of them: a re-import then keeps what the
  // rules did unless the channel itself changed that field since. Null while no rule changed them.
  await queryInterface.addColumn('orders', 'channel_fields', { type: DataTypes.TEXT, allowNull: true });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('orders', 'channel_fields');
};
