import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * Click and collect on orders (`PUT orders/{storeId}/{orderId}/sendPickupOrder`): where a pickup
 * order stands at the store (PICKUP_PRODUCT_STATUS: null until the first action, i.e. awaiting;
 * ready_for_pickup, picked_up) and the sync of the last action towards the channel
 * (SHOPIFY_PICKUP_SYNC_STATUS: 0 none asked, 1 pending, …). Only orders whose order_type is a
 * pickup type (contracts PICKUP_ORDER_TYPES) ever get a value.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addColumn('orders', 'pickup_status', { type: DataTypes.STRING(20), allowNull: true });
  await queryInterface.addColumn('orders', 'pickup_sync_status', {
    type: DataTypes.INTEGER,
    allowNull: false,
    defaultValue: 0,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('orders', 'pickup_sync_status');
  await queryInterface.removeColumn('orders', 'pickup_status');
};
