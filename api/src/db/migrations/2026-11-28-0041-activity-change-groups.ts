import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  // One stock change (an order batch, an import, a warehouse report) writes a stock activity per
  // product; they share this id, so Settings › Activity shows the change as one line ("updated
  // the stock of 150 products") while each product keeps its own entry in its timeline. Null for
  // every other activity (and for stock entries written before).
  await queryInterface.addColumn('activities', 'change_id', {
    type: DataTypes.STRING(36),
    allowNull: true,
  });
  // The list keeps one row per change (is there a later row of the same change?) and counts them.
  await queryInterface.addIndex('activities', ['change_id', 'id'], { name: 'activities_change_id_id' });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeIndex('activities', 'activities_change_id_id');
  await queryInterface.removeColumn('activities', 'change_id');
};
