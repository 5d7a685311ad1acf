import { DataTypes, type QueryInterface } from 'sequelize';
import type { Migration } from '../migrate';

async function index(queryInterface: QueryInterface, table: string, fields: string[], unique = false) {
  await queryInterface.addIndex(table, fields, {
    unique,
    name: `${table}_${fields.join('_')}${unique ? '_unique' : ''}`,
  });
}

/**
 * Customers, built by the order import (one per store and e-mail, else per channel and the
 * channel's customer id: `customer_key`), and each order's customer. The import upserts customers
 * on (store_id, customer_key) in its own transaction and keeps orders_count and the first/last
 * order dates equal to the customer's orders. What a customer spent is summed from their orders
 * when read (per currency; orders (customer_id, …) index), so a changed total needs no bookkeeping.
 * Every sort of the customers list has an index starting with store_id.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('customers', {
    id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
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
    /** `email:{lower-cased e-mail}` or `channel:{channel id}:{channel customer id}` (sha256: when longer than the column). */
    customer_key: { type: DataTypes.STRING(190), allowNull: false },
    name: { type: DataTypes.STRING(190), allowNull: true },
    email: { type: DataTypes.STRING(190), allowNull: true },
    phone: { type: DataTypes.STRING(60), allowNull: true },
    /** The channel the customer was first seen on, and its id of them (null once that channel is deleted). */
    channel_id: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: 'channels', key: 'id' },
      onDelete: 'SET NULL',
    },
    channel_customer_id: { type: DataTypes.STRING(190), allowNull: true },
    /** Every order filed under the customer (kept by the import; recounted when orders move). */
    orders_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    first_order_at: { type: DataTypes.DATE, allowNull: true },
    last_order_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  // Also the e-mail lookup (`email:` + the lower-cased address); the list's e-mail search is a
  // "contains" match, which no index serves.
  await index(queryInterface, 'customers', ['store_id', 'customer_key'], true);
  await index(queryInterface, 'customers', ['store_id', 'last_order_at']);
  await index(queryInterface, 'customers', ['store_id', 'first_order_at']);
  await index(queryInterface, 'customers', ['store_id', 'orders_count']);
  await index(queryInterface, 'customers', ['store_id', 'name']);

  await queryInterface.addColumn('orders', 'customer_id', {
    type: DataTypes.BIGINT,
    allowNull: true,
    references: { model: 'customers', key: 'id' },
    onDelete: 'SET NULL',
  });
  // A customer's orders by date: the detail's orders and the figures the import recomputes.
  await index(queryInterface, 'orders', ['customer_id', 'order_date']);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeIndex('orders', 'orders_customer_id_order_date');
  await queryInterface.removeColumn('orders', 'customer_id');
  await queryInterface.dropTable('customers');
};
