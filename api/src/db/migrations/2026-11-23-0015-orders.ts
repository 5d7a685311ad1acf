import { DataTypes, type QueryInterface } from 'sequelize';
import type { Migration } from '../migrate';

const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
const bigId = { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true };
const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
const reference = (
  table: string,
  onDelete: 'CASCADE' | 'SET NULL' | 'RESTRICT' = 'CASCADE',
  allowNull = false,
  type: typeof DataTypes.INTEGER | typeof DataTypes.BIGINT = DataTypes.INTEGER,
) => ({
  type,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
});
const text = (length: number, allowNull = true) => ({ type: DataTypes.STRING(length), allowNull });
const money = () => ({ type: DataTypes.DECIMAL(14, 2), allowNull: true });

async function index(queryInterface: QueryInterface, table: string, fields: string[], unique = false) {
  await queryInterface.addIndex(table, fields, {
    unique,
    name: `${table}_${fields.join('_')}${unique ? '_unique' : ''}`,
  });
}

/**
 * Orders as the import service stores them (one row per channel and remote id), their lines,
 * fulfilments, and what each plugin (WMS) and webhook did with them. Built for a million orders:
 * every list filter and sort of the orders screen has an index starting with store_id, so a page
 * reads a slice of an index instead of sorting the store's orders.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('orders', {
    id: bigId,
    uuid: text(36, false),
    company_id: reference('companies'),
    store_id: reference('stores'),
    channel_id: reference('channels'),
    /** The channel's id of the order: with channel_id the import's upsert key. */
    remote_id: text(190, false),
    /** As shown: the channel's order number with the channel's order prefix applied. */
    order_number: text(190, false),
    /** Marketplace status (ORDER_STATUS: Unpaid, Unshipped, Shipped, Cancelled…). */
    status: text(32, true),
    /** ORDER_SYNC_STATUS (0 pending, 3 on hold, 7 failed, …). */
    sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    /** PAYMENT (Paid, Pending, …). */
    payment_status: text(32, true),
    /** FULFILMENT_STATUS of the order as a whole. */
    fulfillment_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    /** PRODUCT/plugin sync status of the order towards the default plugin (null: no plugin). */
    plugin_sync_status: { type: DataTypes.INTEGER, allowNull: true },
    send_via_webhook: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    currency: text(3, true),
    subtotal: money(),
    shipping_total: money(),
    tax_total: money(),
    discount_total: money(),
    total: money(),
    total_order_items: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    order_date: { type: DataTypes.DATE, allowNull: true },
    customer_name: text(190, true),
    customer_email: text(190, true),
    customer_phone: text(60, true),
    channel_customer_id: text(190, true),
    shipping_country: text(2, true),
    invoice_country: text(2, true),
    /** JSON text: { name, company, line1, line2, city, region, postcode, country, phone }. */
    shipping_address: { type: DataTypes.TEXT, allowNull: true },
    invoice_address: { type: DataTypes.TEXT, allowNull: true },
    shipping_method: text(190, true),
    /** JSON text: string[]. */
    tags: { type: DataTypes.TEXT, allowNull: true },
    order_type: text(40, true),
    /** sha256 of the normalised order as imported: equal hash → nothing to write. */
    content_hash: { type: DataTypes.STRING(64), allowNull: false },
    /** Why the import could not take the order (sync status failed). */
    failure_reason: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'orders', ['channel_id', 'remote_id'], true);
  await index(queryInterface, 'orders', ['uuid'], true);
  await index(queryInterface, 'orders', ['store_id', 'order_date']);
  await index(queryInterface, 'orders', ['store_id', 'sync_status', 'order_date']);
  await index(queryInterface, 'orders', ['store_id', 'status', 'order_date']);
  await index(queryInterface, 'orders', ['store_id', 'channel_id', 'order_date']);
  await index(queryInterface, 'orders', ['store_id', 'payment_status', 'order_date']);
  await index(queryInterface, 'orders', ['store_id', 'order_number']);
  await index(queryInterface, 'orders', ['store_id', 'customer_email']);

  /**
   * Orders per store by sync status and marketplace status, kept in step by every write that
   * creates, deletes or moves an order (the import service; the sync-status calls next): the
   * status counts and the unfiltered totals of the orders screen read a few rows instead of
   * counting a million. `status` is '' for an order without one (failed records).
   */
  await queryInterface.createTable('order_status_counts', {
    id,
    store_id: reference('stores'),
    sync_status: { type: DataTypes.INTEGER, allowNull: false },
    status: { type: DataTypes.STRING(32), allowNull: false, defaultValue: '' },
    count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  });
  await index(queryInterface, 'order_status_counts', ['store_id', 'sync_status', 'status'], true);

  await queryInterface.createTable('order_items', {
    id: bigId,
    order_id: reference('orders', 'CASCADE', false, DataTypes.BIGINT),
    /** `{channelId}/{order remote id}/{line remote id}`: the stock ledger's source for this line. */
    line_key: text(190, false),
    remote_id: text(190, true),
    product_sku: text(190, true),
    /** The product SKU the line was matched to (null: no product of that SKU). */
    matched_sku: text(190, true),
    product_id: reference('products', 'SET NULL', true),
    title: text(255, true),
    quantity: { type: DataTypes.INTEGER, allowNull: false },
    price: money(),
    tax_total: money(),
    discount_total: money(),
    total_price: money(),
    /** JSON text: the kit's components [{ product_id, sku, quantity }] when the line is a kit. */
    kit_items: { type: DataTypes.TEXT, allowNull: true },
    /** JSON text: [{ option_name, option_value }]. */
    options: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'order_items', ['order_id']);
  await index(queryInterface, 'order_items', ['line_key'], true);
  await index(queryInterface, 'order_items', ['product_sku']);

  await queryInterface.createTable('order_fulfillments', {
    id: bigId,
    uuid: text(36, false),
    order_id: reference('orders', 'CASCADE', false, DataTypes.BIGINT),
    courier: text(120, true),
    shipping_method: text(190, true),
    shipping_tracking_code: text(190, true),
    /** FULFILMENT_STATUS. */
    sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    /** JSON text: [{ order_item_id, quantity }] (partial fulfilments name some lines). */
    lines: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'order_fulfillments', ['order_id']);
  await index(queryInterface, 'order_fulfillments', ['uuid'], true);

  for (const [table, owner] of [
    ['plugin_orders', 'plugin_id'],
    ['webhook_orders', 'webhook_id'],
  ] as const) {
    await queryInterface.createTable(table, {
      id,
      order_id: reference('orders', 'CASCADE', false, DataTypes.BIGINT),
      [owner]: reference(owner === 'plugin_id' ? 'channels' : 'webhooks'),
      remote_id: text(190, true),
      sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      synced_at: { type: DataTypes.DATE, allowNull: true },
      ...timestamps,
    });
    await index(queryInterface, table, ['order_id', owner], true);
    await index(queryInterface, table, [owner, 'sync_status']);
  }
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('webhook_orders');
  await queryInterface.dropTable('plugin_orders');
  await queryInterface.dropTable('order_fulfillments');
  await queryInterface.dropTable('order_items');
  await queryInterface.dropTable('order_status_counts');
  await queryInterface.dropTable('orders');
};
