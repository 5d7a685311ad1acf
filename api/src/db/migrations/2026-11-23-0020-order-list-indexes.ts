import { DataTypes, type QueryInterface } from 'sequelize';
import type { Migration } from '../migrate';

async function index(queryInterface: QueryInterface, table: string, fields: string[]) {
  await queryInterface.addIndex(table, fields, { name: `${table}_${fields.join('_')}` });
}

const DAY_COUNT_TRIGGERS = [
  'orders_day_counts_after_insert',
  'orders_day_counts_after_update',
  'orders_day_counts_after_delete',
];

/** One counter move for the row OLD or NEW: `sign` is +1 or −1. */
function dayCountMove(row: 'OLD' | 'NEW', sign: 1 | -1): string {
  return `IF ${row}.order_date IS NOT NULL THEN
      INSERT INTO order_day_counts (store_id, day, sync_status, status, count)
      VALUES (${row}.store_id, DATE(${row}.order_date), ${row}.sync_status, COALESCE(${row}.status, ''), ${sign})
      ON DUPLICATE KEY UPDATE count = count + (${sign});
    END IF;`;
}

/**
 * The orders list at a million orders (GET orders/{storeId}).
 *
 * Indexes for the sorts, filters and searches 0015 left out: `created_at` and `total` sorts, the
 * fulfilment-status filter, customer-name search (a prefix match, like order number and e-mail),
 * and SKU search on either SKU of a line.
 *
 * `order_day_counts`: orders per store, UTC day of the order date, sync status and marketplace
 * status. A date-range total (and the tab counts under a date range) sums a few hundred counter
 * rows and counts only the two partial edge days, instead of counting up to a store's whole
 * history (a year of an 800k-order store: ≈ 60 ms of COUNT(*), growing with the store).
 *
 * MySQL only, kept by triggers rather than by each writer: every statement that inserts, moves
 * or deletes an order (the import's multi-row upsert, the sync-status actions, bulk "all
 * matching" updates, the rule engine, future connectors) keeps it exact in its own transaction
 * without having to know it exists. It costs one counter upsert per written order row. On
 * SQLite (single-seller installs) the list counts directly and the table doesn't exist.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await index(queryInterface, 'orders', ['store_id', 'created_at']);
  await index(queryInterface, 'orders', ['store_id', 'total']);
  await index(queryInterface, 'orders', ['store_id', 'customer_name']);
  // The fulfilment filter, like 0015's other filters: filtered pages by date read the index only.
  await index(queryInterface, 'orders', ['store_id', 'fulfillment_status', 'order_date']);
  // SKU search reads order ids from the index alone (no line rows): (sku, order_id) for both SKUs.
  // The covering index replaces 0015's (product_sku), whose every use it serves.
  await index(queryInterface, 'order_items', ['product_sku', 'order_id']);
  await queryInterface.removeIndex('order_items', 'order_items_product_sku');
  await index(queryInterface, 'order_items', ['matched_sku', 'order_id']);

  const sequelize = queryInterface.sequelize;
  if (sequelize.getDialect() === 'sqlite') return;

  await queryInterface.createTable('order_day_counts', {
    store_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    day: { type: DataTypes.DATEONLY, allowNull: false, primaryKey: true },
    sync_status: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    status: { type: DataTypes.STRING(32), allowNull: false, defaultValue: '', primaryKey: true },
    count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  });
  // Triggers first, then the backfill from what is stored: the api migrates before it serves.
  await sequelize.query(
    `CREATE TRIGGER orders_day_counts_after_insert AFTER INSERT ON orders FOR EACH ROW
     BEGIN
       ${dayCountMove('NEW', 1)}
     END`,
  );
  await sequelize.query(
    `CREATE TRIGGER orders_day_counts_after_update AFTER UPDATE ON orders FOR EACH ROW
     BEGIN
       IF NOT (OLD.store_id <=> NEW.store_id AND DATE(OLD.order_date) <=> DATE(NEW.order_date)
               AND OLD.sync_status <=> NEW.sync_status AND OLD.status <=> NEW.status) THEN
         ${dayCountMove('OLD', -1)}
         ${dayCountMove('NEW', 1)}
       END IF;
     END`,
  );
  await sequelize.query(
    `CREATE TRIGGER orders_day_counts_after_delete AFTER DELETE ON orders FOR EACH ROW
     BEGIN
       ${dayCountMove('OLD', -1)}
     END`,
  );
  await sequelize.query(
    `INSERT INTO order_day_counts (store_id, day, sync_status, status, count)
     SELECT store_id, DATE(order_date), sync_status, COALESCE(status, ''), COUNT(*)
     FROM orders WHERE order_date IS NOT NULL
     GROUP BY store_id, DATE(order_date), sync_status, COALESCE(status, '')
     ON DUPLICATE KEY UPDATE count = VALUES(count)`,
  );
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  const sequelize = queryInterface.sequelize;
  if (sequelize.getDialect() !== 'sqlite') {
    for (const trigger of DAY_COUNT_TRIGGERS) await sequelize.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    await queryInterface.dropTable('order_day_counts');
  }
  await queryInterface.removeIndex('order_items', 'order_items_matched_sku_order_id');
  await index(queryInterface, 'order_items', ['product_sku']);
  await queryInterface.removeIndex('order_items', 'order_items_product_sku_order_id');
  await queryInterface.removeIndex('orders', 'orders_store_id_fulfillment_status_order_date');
  await queryInterface.removeIndex('orders', 'orders_store_id_customer_name');
  await queryInterface.removeIndex('orders', 'orders_store_id_total');
  await queryInterface.removeIndex('orders', 'orders_store_id_created_at');
};
