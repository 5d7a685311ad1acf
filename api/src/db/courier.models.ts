import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { PickupProductStatus } from '@syncdesk/contracts';
import { id, init, timestamps } from './model-helpers';

/**
 * Couriers (the global carrier list, and how each sales channel names the seller's carriers),
 * shipping-method mappings, and click-and-collect pickup stores with their products. Every
 * channel-bound row carries the channel's company and store, so scope filters need no join.
 */

export class Courier extends Model<InferAttributes<Courier>, InferCreationAttributes<Courier>> {
  declare id: CreationOptional<number>;
  declare code: string;
  declare name: string;
  declare tracking_url: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class ChannelCourier extends Model<
  InferAttributes<ChannelCourier>,
  InferCreationAttributes<ChannelCourier>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number;
  declare courier_id: number | null;
  declare name: string;
  declare custom_name: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class CourierMapping extends Model<
  InferAttributes<CourierMapping>,
  InferCreationAttributes<CourierMapping>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number;
  declare shipping_method: string;
  declare channel_courier_id: number;
  declare service_code: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class PickupStore extends Model<InferAttributes<PickupStore>, InferCreationAttributes<PickupStore>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number;
  declare name: string;
  declare address_line1: string;
  declare address_line2: string | null;
  declare city: string;
  declare postcode: string;
  declare country_code: string;
  declare phone: string | null;
  /** PICKUP_STORE_SYNC_STATUS value. */
  declare store_sync_status: CreationOptional<number>;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export class PickupProduct extends Model<
  InferAttributes<PickupProduct>,
  InferCreationAttributes<PickupProduct>
> {
  declare id: CreationOptional<number>;
  declare pickup_store_id: number;
  declare product_sku: string;
  /** The catalogue product this pickup line is (matched by SKU in the pickup's store). */
  declare product_id: CreationOptional<number | null>;
  declare title: string | null;
  declare quantity: number;
  declare pickup_status: CreationOptional<PickupProductStatus>;
  /** SHOPIFY_PICKUP_SYNC_STATUS value of the last pickup action. */
  declare status: CreationOptional<number>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface CourierModels {
  Courier: typeof Courier;
  ChannelCourier: typeof ChannelCourier;
  CourierMapping: typeof CourierMapping;
  PickupStore: typeof PickupStore;
  PickupProduct: typeof PickupProduct;
}

export function defineCourierModels(sequelize: Sequelize): CourierModels {
  const models: CourierModels = {
    Courier: class extends Courier {},
    ChannelCourier: class extends ChannelCourier {},
    CourierMapping: class extends CourierMapping {},
    PickupStore: class extends PickupStore {},
    PickupProduct: class extends PickupProduct {},
  };
  init<Courier>(models.Courier, sequelize, 'couriers', {
    id,
    code: { type: DataTypes.STRING(60), allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    tracking_url: { type: DataTypes.STRING(255), allowNull: true },
    ...timestamps,
  });
  init<ChannelCourier>(models.ChannelCourier, sequelize, 'channel_couriers', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    channel_id: { type: DataTypes.INTEGER, allowNull: false },
    courier_id: { type: DataTypes.INTEGER, allowNull: true },
    name: { type: DataTypes.STRING(120), allowNull: false },
    custom_name: { type: DataTypes.STRING(120), allowNull: true },
    ...timestamps,
  });
  init<CourierMapping>(models.CourierMapping, sequelize, 'courier_mappings', {
    id,
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    channel_id: { type: DataTypes.INTEGER, allowNull: false },
    shipping_method: { type: DataTypes.STRING(190), allowNull: false },
    channel_courier_id: { type: DataTypes.INTEGER, allowNull: false },
    service_code: { type: DataTypes.STRING(60), allowNull: true },
    ...timestamps,
  });
  init<PickupStore>(models.PickupStore, sequelize, 'pickup_stores', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: { type: DataTypes.INTEGER, allowNull: false },
    store_id: { type: DataTypes.INTEGER, allowNull: false },
    channel_id: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    address_line1: { type: DataTypes.STRING(190), allowNull: false },
    address_line2: { type: DataTypes.STRING(190), allowNull: true },
    city: { type: DataTypes.STRING(120), allowNull: false },
    postcode: { type: DataTypes.STRING(20), allowNull: false },
    country_code: { type: DataTypes.STRING(2), allowNull: false },
    phone: { type: DataTypes.STRING(40), allowNull: true },
    store_sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...timestamps,
  });
  init<PickupProduct>(models.PickupProduct, sequelize, 'pickup_products', {
    id,
    pickup_store_id: { type: DataTypes.INTEGER, allowNull: false },
    product_sku: { type: DataTypes.STRING(120), allowNull: false },
    product_id: { type: DataTypes.INTEGER, allowNull: true },
    title: { type: DataTypes.STRING(255), allowNull: true },
    quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    pickup_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'awaiting' },
    status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps,
  });
  return models;
}
