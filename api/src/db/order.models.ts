import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { OrderAddress, OrderKitItemDto, OrderLineOption } from '@syncdesk/contracts';
import { init, jsonColumn, leaseColumns, timestamps } from './model-helpers';

/** The channel's own values of the fields a rule may change (tags, shipping method, order type). */
export interface ChannelFields {
  tags: string[];
  shipping_method: string | null;
  order_type: string | null;
}

/**
 * Orders, their lines, fulfilments and plugin/webhook states (migration 2026-11-23-0015). The
 * import service writes orders and lines with multi-row upserts (raw SQL); these models serve the
 * reads and the smaller writes. Ids are BIGINT (a million orders × lines).
 */

export class Order extends Model<InferAttributes<Order>, InferCreationAttributes<Order>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number;
  declare remote_id: string;
  declare order_number: string;
  declare status: string | null;
  declare sync_status: CreationOptional<number>;
  declare payment_status: string | null;
  declare fulfillment_status: CreationOptional<number>;
  declare plugin_sync_status: CreationOptional<number | null>;
  declare send_via_webhook: CreationOptional<boolean>;
  declare currency: string | null;
  /** DECIMAL(14,2): written as decimal strings; read back as numbers (mysql2 `decimalNumbers`) — format with toFixed(2). */
  declare subtotal: string | number | null;
  declare shipping_total: string | number | null;
  declare tax_total: string | number | null;
  declare discount_total: string | number | null;
  declare total: string | number | null;
  declare total_order_items: CreationOptional<number>;
  declare order_date: Date | null;
  declare customer_name: string | null;
  declare customer_email: string | null;
  declare customer_phone: string | null;
  declare channel_customer_id: string | null;
  /** The customer the import filed the order under (null: no e-mail and no channel customer id). */
  declare customer_id: CreationOptional<number | null>;
  declare shipping_country: string | null;
  declare invoice_country: string | null;
  declare shipping_address: OrderAddress | null;
  declare invoice_address: OrderAddress | null;
  declare shipping_method: string | null;
  declare tags: string[] | null;
  declare order_type: string | null;
  /** An order an earlier version left waiting in 15 for its import rules: the status it gets once they ran. */
  declare held_sync_status: CreationOptional<number | null>;
  /** What the channel last sent for the rule-owned fields, once a rule changed one (migration 0028). */
  declare channel_fields: CreationOptional<ChannelFields | null>;
  declare content_hash: string;
  declare failure_reason: string | null;
  /** Click and collect (migration 0019): PICKUP_PRODUCT_STATUS value, null until the first action. */
  declare pickup_status: CreationOptional<string | null>;
  /** SHOPIFY_PICKUP_SYNC_STATUS of the last pickup action. */
  declare pickup_sync_status: CreationOptional<number>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class OrderItem extends Model<InferAttributes<OrderItem>, InferCreationAttributes<OrderItem>> {
  declare id: CreationOptional<number>;
  declare order_id: number;
  declare line_key: string;
  declare remote_id: string | null;
  declare product_sku: string | null;
  declare matched_sku: string | null;
  declare product_id: number | null;
  declare title: string | null;
  /** What the line asks for: the channel's quantity × quantity_multiplier. */
  declare quantity: number;
  /** Set by a rule's "multiply line item quantity" (1: none); a re-import keeps it. */
  declare quantity_multiplier: CreationOptional<number>;
  declare price: string | number | null;
  declare tax_total: string | number | null;
  declare discount_total: string | number | null;
  declare total_price: string | number | null;
  declare kit_items: OrderKitItemDto[] | null;
  declare options: OrderLineOption[] | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class OrderFulfillment extends Model<
  InferAttributes<OrderFulfillment>,
  InferCreationAttributes<OrderFulfillment>
> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare order_id: number;
  declare courier: string | null;
  declare shipping_method: string | null;
  declare shipping_tracking_code: string | null;
  declare sync_status: CreationOptional<number>;
  declare lines: { order_item_id: number; quantity: number }[] | null;
  /** The run sending it and until when its claim holds (flows/outbound-claims); null when not claimed. */
  declare claimed_by: CreationOptional<string | null>;
  declare lease_until: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class PluginOrder extends Model<InferAttributes<PluginOrder>, InferCreationAttributes<PluginOrder>> {
  declare id: CreationOptional<number>;
  declare order_id: number;
  declare plugin_id: number;
  declare remote_id: string | null;
  declare sync_status: CreationOptional<number>;
  declare synced_at: Date | null;
  /** The run sending it and until when its claim holds (flows/outbound-claims); null when not claimed. */
  declare claimed_by: CreationOptional<string | null>;
  declare lease_until: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class WebhookOrder extends Model<
  InferAttributes<WebhookOrder>,
  InferCreationAttributes<WebhookOrder>
> {
  declare id: CreationOptional<number>;
  declare order_id: number;
  declare webhook_id: number;
  declare remote_id: string | null;
  declare sync_status: CreationOptional<number>;
  declare synced_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

/** Orders per store, sync status and marketplace status ('' when none), kept in step by every order write. */
export class OrderStatusCount extends Model<
  InferAttributes<OrderStatusCount>,
  InferCreationAttributes<OrderStatusCount>
> {
  declare id: CreationOptional<number>;
  declare store_id: number;
  declare sync_status: number;
  declare status: string;
  declare count: number;
}

/** A store's customer, built from its orders by the import (migration 0018; contracts/src/customers). */
export class Customer extends Model<InferAttributes<Customer>, InferCreationAttributes<Customer>> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare customer_key: string;
  declare name: string | null;
  declare email: string | null;
  declare phone: string | null;
  declare channel_id: number | null;
  declare channel_customer_id: string | null;
  declare orders_count: CreationOptional<number>;
  declare first_order_at: Date | null;
  declare last_order_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface OrderModels {
  Order: typeof Order;
  OrderItem: typeof OrderItem;
  OrderFulfillment: typeof OrderFulfillment;
  PluginOrder: typeof PluginOrder;
  WebhookOrder: typeof WebhookOrder;
  OrderStatusCount: typeof OrderStatusCount;
  Customer: typeof Customer;
}

const bigId = { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true };
const int = (allowNull = false, defaultValue?: number) => ({
  type: DataTypes.INTEGER,
  allowNull,
  ...(defaultValue === undefined ? {} : { defaultValue }),
});
const text = (length: number, allowNull = true) => ({ type: DataTypes.STRING(length), allowNull });
const money = () => ({ type: DataTypes.DECIMAL(14, 2), allowNull: true });
/** BIGINT comes back from mysql2 as a number (safe below 2^53); keep ids numbers on SQLite too. */
const numericId = (field: string, allowNull = false) => ({
  type: DataTypes.BIGINT,
  allowNull,
  get(this: Model) {
    const raw = this.getDataValue(field) as number | string | null;
    return raw === null || raw === undefined ? raw : Number(raw);
  },
});

export function defineOrderModels(sequelize: Sequelize): OrderModels {
  const models: OrderModels = {
    Order: class extends Order {},
    OrderItem: class extends OrderItem {},
    OrderFulfillment: class extends OrderFulfillment {},
    PluginOrder: class extends PluginOrder {},
    WebhookOrder: class extends WebhookOrder {},
    OrderStatusCount: class extends OrderStatusCount {},
    Customer: class extends Customer {},
  };
  init<Order>(models.Order, sequelize, 'orders', {
    id: {
      ...bigId,
      get(this: Model) {
        return Number(this.getDataValue('id'));
      },
    },
    uuid: text(36, false),
    company_id: int(),
    store_id: int(),
    channel_id: int(),
    remote_id: text(190, false),
    order_number: text(190, false),
    status: text(32),
    sync_status: int(false, 0),
    payment_status: text(32),
    fulfillment_status: int(false, 0),
    plugin_sync_status: int(true),
    send_via_webhook: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    currency: text(3),
    subtotal: money(),
    shipping_total: money(),
    tax_total: money(),
    discount_total: money(),
    total: money(),
    total_order_items: int(false, 0),
    order_date: { type: DataTypes.DATE, allowNull: true },
    customer_name: text(190),
    customer_email: text(190),
    customer_phone: text(60),
    channel_customer_id: text(190),
    customer_id: numericId('customer_id', true),
    shipping_country: text(2),
    invoice_country: text(2),
    shipping_address: jsonColumn('shipping_address', true),
    invoice_address: jsonColumn('invoice_address', true),
    shipping_method: text(190),
    tags: jsonColumn('tags', true),
    order_type: text(40),
    held_sync_status: int(true),
    channel_fields: jsonColumn('channel_fields', true),
    content_hash: text(64, false),
    failure_reason: { type: DataTypes.TEXT, allowNull: true },
    pickup_status: text(20),
    pickup_sync_status: int(false, 0),
    ...timestamps,
  });
  init<OrderItem>(models.OrderItem, sequelize, 'order_items', {
    id: {
      ...bigId,
      get(this: Model) {
        return Number(this.getDataValue('id'));
      },
    },
    order_id: numericId('order_id'),
    line_key: text(190, false),
    remote_id: text(190),
    product_sku: text(190),
    matched_sku: text(190),
    product_id: int(true),
    title: text(255),
    quantity: int(),
    quantity_multiplier: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    price: money(),
    tax_total: money(),
    discount_total: money(),
    total_price: money(),
    kit_items: jsonColumn('kit_items', true),
    options: jsonColumn('options', true),
    ...timestamps,
  });
  init<OrderFulfillment>(models.OrderFulfillment, sequelize, 'order_fulfillments', {
    id: {
      ...bigId,
      get(this: Model) {
        return Number(this.getDataValue('id'));
      },
    },
    uuid: text(36, false),
    order_id: numericId('order_id'),
    courier: text(120),
    shipping_method: text(190),
    shipping_tracking_code: text(190),
    sync_status: int(false, 0),
    lines: jsonColumn('lines', true),
    ...leaseColumns,
    ...timestamps,
  });
  const state = (owner: 'plugin_id' | 'webhook_id') => ({
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    order_id: numericId('order_id'),
    [owner]: int(),
    remote_id: text(190),
    sync_status: int(false, 0),
    synced_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  init<PluginOrder>(models.PluginOrder, sequelize, 'plugin_orders', {
    ...state('plugin_id'),
    ...leaseColumns,
  });
  init<WebhookOrder>(models.WebhookOrder, sequelize, 'webhook_orders', state('webhook_id'));
  init<OrderStatusCount>(
    models.OrderStatusCount,
    sequelize,
    'order_status_counts',
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      store_id: int(),
      sync_status: int(),
      status: { type: DataTypes.STRING(32), allowNull: false, defaultValue: '' },
      count: int(false, 0),
    },
    false,
  );
  init<Customer>(models.Customer, sequelize, 'customers', {
    id: {
      ...bigId,
      get(this: Model) {
        return Number(this.getDataValue('id'));
      },
    },
    company_id: int(),
    store_id: int(),
    customer_key: text(190, false),
    name: text(190),
    email: text(190),
    phone: text(60),
    channel_id: int(true),
    channel_customer_id: text(190),
    orders_count: int(false, 0),
    first_order_at: { type: DataTypes.DATE, allowNull: true },
    last_order_at: { type: DataTypes.DATE, allowNull: true },
    ...timestamps,
  });
  return models;
}
