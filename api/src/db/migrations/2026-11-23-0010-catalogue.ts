import { DataTypes, type QueryInterface } from 'sequelize';
import type { Migration } from '../migrate';

const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
const reference = (
  table: string,
  onDelete: 'CASCADE' | 'SET NULL' | 'RESTRICT' = 'CASCADE',
  allowNull = false,
) => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
});

async function index(queryInterface: QueryInterface, table: string, fields: string[], unique = false) {
  await queryInterface.addIndex(table, fields, {
    unique,
    name: `${table}_${fields.join('_')}${unique ? '_unique' : ''}`,
  });
}

/**
 * The catalogue: products (kits included) and their components, the append-only stock ledger,
 * what each sales channel and each plugin lists, in-app notifications, and the import/export
 * transfers that run as jobs.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('products', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    sku: { type: DataTypes.STRING(190), allowNull: false },
    title: { type: DataTypes.STRING(255), allowNull: false },
    /** 'product' or 'kit'. A kit holds no stock of its own: its availability is computed. */
    type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'product' },
    /** On hand; changed only by the stock service, which writes a stock_movements row. */
    quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nominal_code: { type: DataTypes.STRING(60), allowNull: true },
    barcode: { type: DataTypes.STRING(64), allowNull: true },
    price: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    /** What the channels last reported or were last told (filled by the sync engine). */
    api_quantity: { type: DataTypes.INTEGER, allowNull: true },
    api_sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    auto_sync_stock: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    remote_id: { type: DataTypes.STRING(190), allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'products', ['store_id', 'sku'], true);
  await index(queryInterface, 'products', ['uuid'], true);
  await index(queryInterface, 'products', ['store_id', 'type']);
  await index(queryInterface, 'products', ['store_id', 'updated_at']);

  await queryInterface.createTable('kit_items', {
    id,
    kit_product_id: reference('products'),
    component_product_id: reference('products', 'RESTRICT'),
    sku: { type: DataTypes.STRING(190), allowNull: false },
    product_nominal_code: { type: DataTypes.STRING(60), allowNull: true },
    quantity: { type: DataTypes.INTEGER, allowNull: false },
    ...timestamps,
  });
  await index(queryInterface, 'kit_items', ['kit_product_id', 'component_product_id'], true);
  await index(queryInterface, 'kit_items', ['component_product_id']);

  await queryInterface.createTable('stock_movements', {
    id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
    company_id: reference('companies'),
    store_id: reference('stores'),
    product_id: reference('products'),
    delta: { type: DataTypes.INTEGER, allowNull: false },
    quantity_after: { type: DataTypes.INTEGER, allowNull: false },
    /** manual, import, order, cancellation, plugin, correction (STOCK_MOVEMENT_REASONS). */
    reason: { type: DataTypes.STRING(20), allowNull: false },
    source_ref: { type: DataTypes.STRING(190), allowNull: true },
    /** The same key applied twice changes nothing. */
    idempotency_key: { type: DataTypes.STRING(190), allowNull: false },
    user_id: { type: DataTypes.INTEGER, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await index(queryInterface, 'stock_movements', ['idempotency_key'], true);
  await index(queryInterface, 'stock_movements', ['product_id', 'id']);

  await queryInterface.createTable('channel_products', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    channel_id: reference('channels'),
    /** The channel's own id of the listing (or variant). */
    channel_product_id: { type: DataTypes.STRING(190), allowNull: false },
    sku: { type: DataTypes.STRING(190), allowNull: true },
    remote_sku: { type: DataTypes.STRING(190), allowNull: true },
    title: { type: DataTypes.STRING(255), allowNull: true },
    /** What the channel reports it shows. */
    quantity: { type: DataTypes.INTEGER, allowNull: true },
    price: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    /** PRODUCT_LISTING_FILTER value (1 draft, 2 pending, 4 live). */
    listing_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 4 },
    /** TIKTOK_PRODUCT_FILTER value for TikTok listings. */
    tiktok_status: { type: DataTypes.STRING(30), allowNull: true },
    product_id: reference('products', 'SET NULL', true),
    matched_sku: { type: DataTypes.STRING(190), allowNull: true },
    sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    webhook_sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    plugin_sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    /** The quantity last sent to the channel, and when. */
    pushed_quantity: { type: DataTypes.INTEGER, allowNull: true },
    pushed_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'channel_products', ['channel_id', 'channel_product_id'], true);
  await index(queryInterface, 'channel_products', ['uuid'], true);
  await index(queryInterface, 'channel_products', ['product_id']);
  await index(queryInterface, 'channel_products', ['store_id', 'sku']);

  await queryInterface.createTable('plugin_products', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    /** A channels row of kind 'plugin'. */
    plugin_id: reference('channels'),
    product_id: reference('products'),
    remote_id: { type: DataTypes.STRING(190), allowNull: true },
    /** What the plugin (WMS) reports it holds. */
    quantity: { type: DataTypes.INTEGER, allowNull: true },
    plugin_sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    plugin_synced_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'plugin_products', ['plugin_id', 'product_id'], true);
  await index(queryInterface, 'plugin_products', ['uuid'], true);
  await index(queryInterface, 'plugin_products', ['product_id']);

  await queryInterface.addColumn('pickup_products', 'product_id', reference('products', 'SET NULL', true));

  await queryInterface.createTable('notifications', {
    id,
    company_id: reference('companies', 'CASCADE', true),
    user_id: reference('users'),
    /** NOTIFICATION_LEVEL value. */
    level: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    /** NOTIFICATION_STATUS value. */
    status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    title: { type: DataTypes.STRING(190), allowNull: false },
    message: { type: DataTypes.TEXT, allowNull: false },
    /** An in-app path (never an absolute url) the notification opens. */
    link: { type: DataTypes.STRING(255), allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'notifications', ['user_id', 'status']);

  await queryInterface.createTable('file_transfers', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    user_id: reference('users'),
    /** 'import' or 'export'. */
    kind: { type: DataTypes.STRING(10), allowNull: false },
    /** 'products' or 'channel_products'. */
    subject: { type: DataTypes.STRING(30), allowNull: false },
    channel_id: reference('channels', 'CASCADE', true),
    /** 'csv' or 'xlsx'. */
    file_format: { type: DataTypes.STRING(10), allowNull: false },
    /** 'queued', 'running', 'done', 'failed'. */
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'queued' },
    original_name: { type: DataTypes.STRING(255), allowNull: true },
    /** sha256 of an uploaded file. */
    content_hash: { type: DataTypes.STRING(64), allowNull: true },
    /** Where the job keeps the upload or the result, relative to the data folder. */
    file_path: { type: DataTypes.STRING(255), allowNull: true },
    report_path: { type: DataTypes.STRING(255), allowNull: true },
    /** Filters of an export (the list query it was started from). */
    options: { type: DataTypes.TEXT, allowNull: true },
    rows_total: { type: DataTypes.INTEGER, allowNull: true },
    rows_done: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    rows_failed: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    error: { type: DataTypes.TEXT, allowNull: true },
    finished_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'file_transfers', ['uuid'], true);
  await index(queryInterface, 'file_transfers', ['store_id', 'created_at']);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('file_transfers');
  await queryInterface.dropTable('notifications');
  await queryInterface.removeColumn('pickup_products', 'product_id');
  await queryInterface.dropTable('plugin_products');
  await queryInterface.dropTable('channel_products');
  await queryInterface.dropTable('stock_movements');
  await queryInterface.dropTable('kit_items');
  await queryInterface.dropTable('products');
};
