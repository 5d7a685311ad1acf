import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { init, jsonColumn } from './model-helpers';

/** What a stock push decided for one listing: pushed, failed (with why) or held (with why). */
export type StockPushOutcome = 'pushed' | 'failed' | 'held';

/** One stock push of one listing and the inputs of its number (migration 0025). */
export class StockPushRecord extends Model<
  InferAttributes<StockPushRecord>,
  InferCreationAttributes<StockPushRecord>
> {
  declare id: CreationOptional<number>;
  declare company_id: number;
  declare store_id: number;
  declare channel_id: number;
  declare channel_product_id: number;
  declare sku: string | null;
  /** What the channel was told (or would have been, when held or failed). */
  declare quantity: number | null;
  declare previous_quantity: number | null;
  declare on_hand: number | null;
  declare kit_components: { sku: string; on_hand: number; per_kit: number }[] | null;
  declare buffer: number | null;
  declare cap: number | null;
  declare note: string | null;
  declare outcome: StockPushOutcome;
  declare log_id: number | null;
  declare pushed_at: Date;
}

/** A plugin shipment already turned into a fulfilment (or refused, with why): read once. */
export class PluginShipmentReceipt extends Model<
  InferAttributes<PluginShipmentReceipt>,
  InferCreationAttributes<PluginShipmentReceipt>
> {
  declare id: CreationOptional<number>;
  declare plugin_id: number;
  declare remote_id: string;
  declare order_id: number | null;
  declare order_fulfillment_id: number | null;
  declare note: string | null;
  declare created_at: CreationOptional<Date>;
}

export interface StockPushModels {
  StockPushRecord: typeof StockPushRecord;
  PluginShipmentReceipt: typeof PluginShipmentReceipt;
}

export function defineStockPushModels(sequelize: Sequelize): StockPushModels {
  const models: StockPushModels = {
    StockPushRecord: class extends StockPushRecord {},
    PluginShipmentReceipt: class extends PluginShipmentReceipt {},
  };
  const int = (allowNull: boolean) => ({ type: DataTypes.INTEGER, allowNull });
  init<StockPushRecord>(
    models.StockPushRecord,
    sequelize,
    'stock_push_records',
    {
      id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
      company_id: int(false),
      store_id: int(false),
      channel_id: int(false),
      channel_product_id: int(false),
      sku: { type: DataTypes.STRING(190), allowNull: true },
      quantity: int(true),
      previous_quantity: int(true),
      on_hand: int(true),
      kit_components: jsonColumn('kit_components', true),
      buffer: int(true),
      cap: int(true),
      note: { type: DataTypes.STRING(500), allowNull: true },
      outcome: { type: DataTypes.STRING(20), allowNull: false },
      log_id: { type: DataTypes.BIGINT, allowNull: true },
      pushed_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    false,
  );
  init<PluginShipmentReceipt>(
    models.PluginShipmentReceipt,
    sequelize,
    'plugin_shipment_receipts',
    {
      id: { type: DataTypes.BIGINT, autoIncrement: true, primaryKey: true },
      plugin_id: int(false),
      remote_id: { type: DataTypes.STRING(190), allowNull: false },
      order_id: { type: DataTypes.BIGINT, allowNull: true },
      order_fulfillment_id: int(true),
      note: { type: DataTypes.STRING(500), allowNull: true },
      created_at: DataTypes.DATE,
    },
    'created',
  );
  return models;
}
