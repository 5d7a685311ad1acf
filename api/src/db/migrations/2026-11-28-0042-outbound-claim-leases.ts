import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * Rows a send claims before it calls out (fulfilments, plugin order copies, stock listings) name
 * the run that holds the claim and until when: the run renews `lease_until` while it waits (for
 * budget too), and the outbound-claims sweep sets any claim whose lease ran out back to waiting
 * and queues its job again, so a killed worker costs a retry, never a lost send. Both null when
 * the row is not claimed (and for claims made before this migration: the sweep takes those by age).
 */
const TABLES = ['order_fulfillments', 'plugin_orders', 'channel_products'] as const;

export const up: Migration = async ({ context: { queryInterface } }) => {
  for (const table of TABLES) {
    await queryInterface.addColumn(table, 'claimed_by', { type: DataTypes.STRING(64), allowNull: true });
    await queryInterface.addColumn(table, 'lease_until', { type: DataTypes.DATE(3), allowNull: true });
    // The sweep's read: claims of one status whose lease ended.
    await queryInterface.addIndex(table, ['sync_status', 'lease_until'], { name: `${table}_lease` });
  }
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  for (const table of TABLES) {
    await queryInterface.removeIndex(table, `${table}_lease`);
    await queryInterface.removeColumn(table, 'lease_until');
    await queryInterface.removeColumn(table, 'claimed_by');
  }
};
