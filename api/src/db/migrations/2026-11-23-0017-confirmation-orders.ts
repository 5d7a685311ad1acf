import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
const reference = (table: string) => ({
  type: DataTypes.INTEGER,
  allowNull: false,
  references: { model: table, key: 'id' },
  onDelete: 'CASCADE',
});

/**
 * Confirmation orders (integration-domain §3, §7): purchase orders a retailer sends (Amazon Vendor
 * Retail Procurement Orders and the like), and per item the seller's acknowledgement.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('confirmation_orders', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    channel_id: reference('channels'),
    purchase_order_number: { type: DataTypes.STRING(64), allowNull: false },
    /** PURCHASE_ORDER_STATUS (the channel's own string). */
    status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'Placed' },
    order_date: { type: DataTypes.DATE, allowNull: false },
    /** The retailer's acknowledgement deadline, when the order carries one. */
    acknowledge_by: { type: DataTypes.DATE, allowNull: true },
    ship_window_start: { type: DataTypes.DATE, allowNull: true },
    ship_window_end: { type: DataTypes.DATE, allowNull: true },
    buyer_party_id: { type: DataTypes.STRING(64), allowNull: true },
    ship_to_party_id: { type: DataTypes.STRING(64), allowNull: true },
    selling_party_id: { type: DataTypes.STRING(64), allowNull: true },
    currency: { type: DataTypes.STRING(3), allowNull: true },
    /** Kept in step with the items at import (the list shows them without a join). */
    item_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    total_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    seller_note: { type: DataTypes.TEXT, allowNull: true },
    /** ACKNOWLEDGE_SYNC_STATUS: pending → processing (submitted) → success | failed (sync engine). */
    acknowledge_sync_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'pending' },
    acknowledged_at: { type: DataTypes.DATE, allowNull: true },
    acknowledged_by: { type: DataTypes.INTEGER, allowNull: true },
    acknowledge_error: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  await queryInterface.addIndex('confirmation_orders', ['uuid'], {
    unique: true,
    name: 'confirmation_orders_uuid_unique',
  });
  // The import's upsert key.
  await queryInterface.addIndex('confirmation_orders', ['channel_id', 'purchase_order_number'], {
    unique: true,
    name: 'confirmation_orders_channel_po_unique',
  });
  // The list: a store's orders by date, and its usual filters.
  await queryInterface.addIndex('confirmation_orders', ['store_id', 'order_date'], {
    name: 'confirmation_orders_store_order_date',
  });
  await queryInterface.addIndex(
    'confirmation_orders',
    ['store_id', 'acknowledge_sync_status', 'order_date'],
    {
      name: 'confirmation_orders_store_ack_order_date',
    },
  );
  await queryInterface.addIndex('confirmation_orders', ['store_id', 'purchase_order_number'], {
    name: 'confirmation_orders_store_po',
  });

  await queryInterface.createTable('confirmation_order_items', {
    id,
    confirmation_order_id: reference('confirmation_orders'),
    item_sequence_number: { type: DataTypes.STRING(20), allowNull: false },
    sku: { type: DataTypes.STRING(190), allowNull: true },
    remote_product_id: { type: DataTypes.STRING(64), allowNull: true },
    title: { type: DataTypes.STRING(255), allowNull: true },
    product_id: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: 'products', key: 'id' },
      onDelete: 'SET NULL',
    },
    ordered_quantity: { type: DataTypes.INTEGER, allowNull: false },
    net_cost: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    accepted_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    backordered_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    rejected_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    /** REJECTION_REASON value. */
    rejected_reason: { type: DataTypes.STRING(40), allowNull: true },
    scheduled_ship_date: { type: DataTypes.DATEONLY, allowNull: true },
    scheduled_delivery_date: { type: DataTypes.DATEONLY, allowNull: true },
    /** REQUEST_STATE. */
    request_state: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'Pending' },
    acknowledge_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'pending' },
    ...timestamps,
  });
  await queryInterface.addIndex(
    'confirmation_order_items',
    ['confirmation_order_id', 'item_sequence_number'],
    {
      unique: true,
      name: 'confirmation_order_items_order_seq_unique',
    },
  );
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('confirmation_order_items');
  await queryInterface.dropTable('confirmation_orders');
};
