import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { id, init, timestamps } from './model-helpers';

/** A retailer's purchase order awaiting (or past) the seller's acknowledgement (migration 0017). */
export class ConfirmationOrder extends Model<
  InferAttributes<ConfirmationOrder>,
  InferCreationAttributes<ConfirmationOrder>
> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number;
  declare purchase_order_number: string;
  declare status: CreationOptional<string>;
  declare order_date: Date;
  declare acknowledge_by: Date | null;
  declare ship_window_start: Date | null;
  declare ship_window_end: Date | null;
  declare buyer_party_id: string | null;
  declare ship_to_party_id: string | null;
  declare selling_party_id: string | null;
  declare currency: string | null;
  declare item_count: CreationOptional<number>;
  declare total_quantity: CreationOptional<number>;
  declare seller_note: CreationOptional<string | null>;
  declare acknowledge_sync_status: CreationOptional<string>;
  declare acknowledged_at: CreationOptional<Date | null>;
  declare acknowledged_by: CreationOptional<number | null>;
  declare acknowledge_error: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

/** One line of a confirmation order and the seller's acknowledgement of it. */
export class ConfirmationOrderItem extends Model<
  InferAttributes<ConfirmationOrderItem>,
  InferCreationAttributes<ConfirmationOrderItem>
> {
  declare id: CreationOptional<number>;
  declare confirmation_order_id: number;
  declare item_sequence_number: string;
  declare sku: string | null;
  declare remote_product_id: string | null;
  declare title: string | null;
  declare product_id: number | null;
  declare ordered_quantity: number;
  declare net_cost: string | null;
  declare accepted_quantity: CreationOptional<number>;
  declare backordered_quantity: CreationOptional<number>;
  declare rejected_quantity: CreationOptional<number>;
  declare rejected_reason: CreationOptional<string | null>;
  declare scheduled_ship_date: CreationOptional<string | null>;
  declare scheduled_delivery_date: CreationOptional<string | null>;
  declare request_state: CreationOptional<string>;
  declare acknowledge_status: CreationOptional<string>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface ConfirmationOrderModels {
  ConfirmationOrder: typeof ConfirmationOrder;
  ConfirmationOrderItem: typeof ConfirmationOrderItem;
}

export function defineConfirmationOrderModels(sequelize: Sequelize): ConfirmationOrderModels {
  const models: ConfirmationOrderModels = {
    ConfirmationOrder: class extends ConfirmationOrder {},
    ConfirmationOrderItem: class extends ConfirmationOrderItem {},
  };
  init<ConfirmationOrder>(models.ConfirmationOrder, sequelize, 'confirmation_orders', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    channel_id: { type: DataTypes.INTEGER, allowNull: false },
    purchase_order_number: { type: DataTypes.STRING(64), allowNull: false },
    status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'Placed' },
    order_date: { type: DataTypes.DATE, allowNull: false },
    acknowledge_by: { type: DataTypes.DATE, allowNull: true },
    ship_window_start: { type: DataTypes.DATE, allowNull: true },
    ship_window_end: { type: DataTypes.DATE, allowNull: true },
    buyer_party_id: { type: DataTypes.STRING(64), allowNull: true },
    ship_to_party_id: { type: DataTypes.STRING(64), allowNull: true },
    selling_party_id: { type: DataTypes.STRING(64), allowNull: true },
    currency: { type: DataTypes.STRING(3), allowNull: true },
    item_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    total_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    seller_note: { type: DataTypes.TEXT, allowNull: true },
    acknowledge_sync_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'pending' },
    acknowledged_at: { type: DataTypes.DATE, allowNull: true },
    acknowledged_by: { type: DataTypes.INTEGER, allowNull: true },
    acknowledge_error: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  init<ConfirmationOrderItem>(models.ConfirmationOrderItem, sequelize, 'confirmation_order_items', {
    id,
    confirmation_order_id: { type: DataTypes.INTEGER, allowNull: false },
    item_sequence_number: { type: DataTypes.STRING(20), allowNull: false },
    sku: { type: DataTypes.STRING(190), allowNull: true },
    remote_product_id: { type: DataTypes.STRING(64), allowNull: true },
    title: { type: DataTypes.STRING(255), allowNull: true },
    product_id: { type: DataTypes.INTEGER, allowNull: true },
    ordered_quantity: { type: DataTypes.INTEGER, allowNull: false },
    net_cost: { type: DataTypes.DECIMAL(12, 2), allowNull: true },
    accepted_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    backordered_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    rejected_quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    rejected_reason: { type: DataTypes.STRING(40), allowNull: true },
    scheduled_ship_date: { type: DataTypes.DATEONLY, allowNull: true },
    scheduled_delivery_date: { type: DataTypes.DATEONLY, allowNull: true },
    request_state: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'Pending' },
    acknowledge_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'pending' },
    ...timestamps,
  });
  return models;
}
