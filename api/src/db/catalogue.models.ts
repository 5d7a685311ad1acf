import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type {
  FileTransferKind,
  FileTransferStatus,
  FileTransferSubject,
  ProductType,
  StockMovementReason,
} from '@syncdesk/contracts';
import { id, init, leaseColumns, timestamps } from './model-helpers';

/** Products (kits included), the stock ledger, channel and plugin listings, notifications, transfers. */

export class Product extends Model<InferAttributes<Product>, InferCreationAttributes<Product>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare sku: string;
  declare title: string;
  declare type: CreationOptional<ProductType>;
  /** On hand. Only the stock service writes it (with a stock_movements row). */
  declare quantity: CreationOptional<number>;
  declare nominal_code: string | null;
  declare barcode: string | null;
  /** DECIMAL: Sequelize hands it over as a string. */
  declare price: string | null;
  declare api_quantity: CreationOptional<number | null>;
  declare api_sync_status: CreationOptional<number>;
  declare auto_sync_stock: CreationOptional<boolean>;
  declare remote_id: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class KitItem extends Model<InferAttributes<KitItem>, InferCreationAttributes<KitItem>> {
  declare id: CreationOptional<number>;
  declare kit_product_id: number;
  declare component_product_id: number;
  declare sku: string;
  declare product_nominal_code: string | null;
  declare quantity: number;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class StockMovement extends Model<
  InferAttributes<StockMovement>,
  InferCreationAttributes<StockMovement>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare product_id: number;
  declare delta: number;
  declare quantity_after: number;
  declare reason: StockMovementReason;
  declare source_ref: string | null;
  declare idempotency_key: string;
  declare user_id: number | null;
  declare created_at: CreationOptional<Date>;
}

export class ChannelProduct extends Model<
  InferAttributes<ChannelProduct>,
  InferCreationAttributes<ChannelProduct>
> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number;
  declare channel_product_id: string;
  declare sku: string | null;
  declare remote_sku: string | null;
  declare title: string | null;
  declare quantity: number | null;
  declare price: string | null;
  declare listing_status: CreationOptional<number>;
  declare tiktok_status: CreationOptional<string | null>;
  declare product_id: number | null;
  declare matched_sku: string | null;
  declare sync_status: CreationOptional<number>;
  declare webhook_sync_status: CreationOptional<number>;
  declare plugin_sync_status: CreationOptional<number>;
  declare pushed_quantity: CreationOptional<number | null>;
  declare pushed_at: CreationOptional<Date | null>;
  /** The stock push holding it in progress and until when (flows/outbound-claims); null when not claimed. */
  declare claimed_by: CreationOptional<string | null>;
  declare lease_until: CreationOptional<Date | null>;
  /** The channel's product the listing belongs to (a Shopify product, a Mirakl product SKU). */
  declare parent_remote_id: CreationOptional<string | null>;
  declare barcode: CreationOptional<string | null>;
  declare currency: CreationOptional<string | null>;
  declare image_url: CreationOptional<string | null>;
  declare weight_grams: CreationOptional<number | null>;
  /** Provider ids a later push needs (JSON), as the product download received them. */
  declare listing_extra: CreationOptional<string | null>;
  /** When a product download last saw the listing at the channel. */
  declare downloaded_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class PluginProduct extends Model<
  InferAttributes<PluginProduct>,
  InferCreationAttributes<PluginProduct>
> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare plugin_id: number;
  declare product_id: number;
  declare remote_id: string | null;
  declare quantity: number | null;
  declare plugin_sync_status: CreationOptional<number>;
  declare plugin_synced_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class Notification extends Model<
  InferAttributes<Notification>,
  InferCreationAttributes<Notification>
> {
  declare id: CreationOptional<number>;
  declare company_id: number | null;
  declare user_id: number;
  declare level: CreationOptional<number>;
  declare status: CreationOptional<number>;
  declare title: string;
  declare message: string;
  declare link: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class FileTransfer extends Model<
  InferAttributes<FileTransfer>,
  InferCreationAttributes<FileTransfer>
> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare user_id: number;
  declare kind: FileTransferKind;
  declare subject: FileTransferSubject;
  declare channel_id: number | null;
  declare file_format: 'csv' | 'xlsx';
  declare status: CreationOptional<FileTransferStatus>;
  declare original_name: string | null;
  declare content_hash: string | null;
  declare file_path: string | null;
  declare report_path: CreationOptional<string | null>;
  declare options: string | null;
  declare rows_total: CreationOptional<number | null>;
  declare rows_done: CreationOptional<number>;
  declare rows_failed: CreationOptional<number>;
  declare error: CreationOptional<string | null>;
  declare finished_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface CatalogueModels {
  Product: typeof Product;
  KitItem: typeof KitItem;
  StockMovement: typeof StockMovement;
  ChannelProduct: typeof ChannelProduct;
  PluginProduct: typeof PluginProduct;
  Notification: typeof Notification;
  FileTransfer: typeof FileTransfer;
}

const int = (allowNull = false, defaultValue?: number) => ({
  type: DataTypes.INTEGER,
  allowNull,
  ...(defaultValue === undefined ? {} : { defaultValue }),
});
const text = (length: number, allowNull = true) => ({ type: DataTypes.STRING(length), allowNull });

export function defineCatalogueModels(sequelize: Sequelize): CatalogueModels {
  const models: CatalogueModels = {
    Product: class extends Product {},
    KitItem: class extends KitItem {},
    StockMovement: class extends StockMovement {},
    ChannelProduct: class extends ChannelProduct {},
    PluginProduct: class extends PluginProduct {},
    Notification: class extends Notification {},
    FileTransfer: class extends FileTransfer {},
  };
  init<Product>(models.Product, sequelize, 'products', {
    id,
    uuid: text(36, false),
    company_id: int(),
    store_id: int(),
    sku: text(190, false),
    title: text(255, false),
    type: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'product' },
    quantity: int(false, 0),
    nominal_code: text(60),
    barcode: text(64),
    price: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    api_quantity: int(true),
    api_sync_status: int(false, 0),
    auto_sync_stock: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    remote_id: text(190),
    ...timestamps,
  });
  init<KitItem>(models.KitItem, sequelize, 'kit_items', {
    id,
    kit_product_id: int(),
    component_product_id: int(),
    sku: text(190, false),
    product_nominal_code: text(60),
    quantity: int(),
    ...timestamps,
  });
  init<StockMovement>(
    models.StockMovement,
    sequelize,
    'stock_movements',
    {
      id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
      company_id: int(),
      store_id: int(),
      product_id: int(),
      delta: int(),
      quantity_after: int(),
      reason: text(20, false),
      source_ref: text(190),
      idempotency_key: text(190, false),
      user_id: int(true),
      created_at: DataTypes.DATE,
    },
    'created',
  );
  init<ChannelProduct>(models.ChannelProduct, sequelize, 'channel_products', {
    id,
    uuid: text(36, false),
    company_id: int(),
    store_id: int(),
    channel_id: int(),
    channel_product_id: text(190, false),
    sku: text(190),
    remote_sku: text(190),
    title: text(255),
    quantity: int(true),
    price: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    listing_status: int(false, 4),
    tiktok_status: text(30),
    product_id: int(true),
    matched_sku: text(190),
    sync_status: int(false, 0),
    webhook_sync_status: int(false, 0),
    plugin_sync_status: int(false, 0),
    pushed_quantity: int(true),
    pushed_at: { type: DataTypes.DATE, allowNull: true },
    ...leaseColumns,
    parent_remote_id: text(190),
    barcode: text(64),
    currency: text(3),
    image_url: { type: DataTypes.TEXT, allowNull: true },
    weight_grams: int(true),
    listing_extra: { type: DataTypes.TEXT, allowNull: true },
    downloaded_at: { type: DataTypes.DATE(3), allowNull: true },
    ...timestamps,
  });
  init<PluginProduct>(models.PluginProduct, sequelize, 'plugin_products', {
    id,
    uuid: text(36, false),
    company_id: int(),
    store_id: int(),
    plugin_id: int(),
    product_id: int(),
    remote_id: text(190),
    quantity: int(true),
    plugin_sync_status: int(false, 0),
    plugin_synced_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  init<Notification>(models.Notification, sequelize, 'notifications', {
    id,
    company_id: int(true),
    user_id: int(),
    level: int(false, 0),
    status: int(false, 0),
    title: text(190, false),
    message: { type: DataTypes.TEXT, allowNull: false },
    link: text(255),
    ...timestamps,
  });
  init<FileTransfer>(models.FileTransfer, sequelize, 'file_transfers', {
    id,
    uuid: text(36, false),
    company_id: int(),
    store_id: int(),
    user_id: int(),
    kind: text(10, false),
    subject: text(30, false),
    channel_id: int(true),
    file_format: text(10, false),
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'queued' },
    original_name: text(255),
    content_hash: text(64),
    file_path: text(255),
    report_path: text(255),
    options: { type: DataTypes.TEXT, allowNull: true },
    rows_total: int(true),
    rows_done: int(false, 0),
    rows_failed: int(false, 0),
    error: { type: DataTypes.TEXT, allowNull: true },
    finished_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  return models;
}
