import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * Quantity provenance: one row per listing each time the sync engine tells (or decides not to
 * tell) a channel its stock, with the inputs of the stock rules as they were at that moment, so
 * "why does the channel show 7?" has an answer. Append-only; read latest first per listing.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('stock_push_records', {
    id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    channel_id: { type: DataTypes.INTEGER, allowNull: false },
    channel_product_id: { type: DataTypes.INTEGER, allowNull: false },
    sku: { type: DataTypes.STRING(190), allowNull: true },
    quantity: { type: DataTypes.INTEGER, allowNull: true },
    previous_quantity: { type: DataTypes.INTEGER, allowNull: true },
    on_hand: { type: DataTypes.INTEGER, allowNull: true },
    kit_components: { type: DataTypes.TEXT, allowNull: true },
    buffer: { type: DataTypes.INTEGER, allowNull: true },
    cap: { type: DataTypes.INTEGER, allowNull: true },
    note: { type: DataTypes.STRING(500), allowNull: true },
    outcome: { type: DataTypes.STRING(20), allowNull: false },
    log_id: { type: DataTypes.BIGINT, allowNull: true },
    pushed_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await queryInterface.addIndex('stock_push_records', ['channel_product_id', 'id'], {
    name: 'stock_push_records_listing',
  });
  await queryInterface.addIndex('stock_push_records', ['channel_id', 'pushed_at'], {
    name: 'stock_push_records_channel',
  });

  // A plugin's shipments are read from an inclusive watermark, so the newest ones come back on the
  // next read: the plugin's shipment id, kept here once it is stored, makes each a fulfilment once.
  await queryInterface.createTable('plugin_shipment_receipts', {
    id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
    plugin_id: { type: DataTypes.INTEGER, allowNull: false },
    remote_id: { type: DataTypes.STRING(190), allowNull: false },
    order_id: { type: DataTypes.BIGINT, allowNull: true },
    order_fulfillment_id: { type: DataTypes.INTEGER, allowNull: true },
    /** Why no fulfilment was made (unknown order, nothing left to fulfil …). */
    note: { type: DataTypes.STRING(500), allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('plugin_shipment_receipts', ['plugin_id', 'remote_id'], {
    name: 'plugin_shipment_receipts_shipment',
    unique: true,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('plugin_shipment_receipts');
  await queryInterface.dropTable('stock_push_records');
};
