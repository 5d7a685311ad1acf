import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
/** A fresh object per column: Sequelize writes the column's name into its definition. */
const money = () => ({ type: DataTypes.DECIMAL(14, 2), allowNull: false, defaultValue: '0.00' });

/**
 * Invoices sent to a store's accounting channel, and their lines. Amounts are DECIMAL (exact);
 * the totals on `invoices` are computed by the server from the lines when the invoice is made.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('invoices', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'companies', key: 'id' },
      onDelete: 'CASCADE',
    },
    store_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'stores', key: 'id' },
      onDelete: 'CASCADE',
    },
    channel_id: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: 'channels', key: 'id' },
      onDelete: 'SET NULL',
    },
    invoice_number: { type: DataTypes.STRING(60), allowNull: false },
    order_reference: { type: DataTypes.STRING(190), allowNull: true },
    customer_name: { type: DataTypes.STRING(190), allowNull: false },
    customer_email: { type: DataTypes.STRING(190), allowNull: true },
    invoice_date: { type: DataTypes.DATEONLY, allowNull: false },
    currency: { type: DataTypes.STRING(3), allowNull: false },
    status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'authorised' },
    sync_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'pending' },
    synced_at: { type: DataTypes.DATE, allowNull: true },
    remote_id: { type: DataTypes.STRING(190), allowNull: true },
    total_invoice_lines: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    subtotal: money(),
    discount_total: money(),
    tax_total: money(),
    total: money(),
    ...timestamps,
  });
  await queryInterface.addIndex('invoices', ['uuid'], { unique: true, name: 'invoices_uuid_unique' });
  await queryInterface.addIndex('invoices', ['store_id', 'invoice_number'], {
    unique: true,
    name: 'invoices_store_id_invoice_number_unique',
  });
  await queryInterface.addIndex('invoices', ['store_id', 'invoice_date'], {
    name: 'invoices_store_id_invoice_date',
  });
  await queryInterface.addIndex('invoices', ['store_id', 'sync_status'], {
    name: 'invoices_store_id_sync_status',
  });
  await queryInterface.addIndex('invoices', ['channel_id'], { name: 'invoices_channel_id' });

  await queryInterface.createTable('invoice_lines', {
    id,
    invoice_id: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'invoices', key: 'id' },
      onDelete: 'CASCADE',
    },
    position: { type: DataTypes.INTEGER, allowNull: false },
    sku: { type: DataTypes.STRING(190), allowNull: true },
    product_nominal_code: { type: DataTypes.STRING(60), allowNull: true },
    description: { type: DataTypes.STRING(500), allowNull: false },
    quantity: { type: DataTypes.DECIMAL(14, 4), allowNull: false },
    tax_type: { type: DataTypes.STRING(60), allowNull: false },
    tax_total: money(),
    discount_total: money(),
    unit_price: { type: DataTypes.DECIMAL(14, 4), allowNull: false },
    price: money(),
    ...timestamps,
  });
  await queryInterface.addIndex('invoice_lines', ['invoice_id', 'position'], {
    unique: true,
    name: 'invoice_lines_invoice_id_position_unique',
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('invoice_lines');
  await queryInterface.dropTable('invoices');
};
