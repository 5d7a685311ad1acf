import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { init } from './model-helpers';

/** How one channel is keeping up (see migration 0022): one row per channel, made on its first run. */
export class ChannelSyncState extends Model<
  InferAttributes<ChannelSyncState>,
  InferCreationAttributes<ChannelSyncState>
> {
  declare channel_id: number;
  /** Orders changed up to here are stored; only ever moves forward. */
  declare orders_watermark: CreationOptional<Date | null>;
  /** When the last complete order download began: every change before it is imported. */
  declare orders_checked_at: CreationOptional<Date | null>;
  declare last_success_at: CreationOptional<Date | null>;
  declare last_error_at: CreationOptional<Date | null>;
  declare last_error: CreationOptional<string | null>;
  /** ConnectorError kind of the last error (auth, token_expired, server …). */
  declare last_error_kind: CreationOptional<string | null>;
  /** First error of the current run of errors; null after a success. */
  declare failing_since: CreationOptional<Date | null>;
  declare consecutive_errors: CreationOptional<number>;
  /** Comma-separated notices already raised for the current run of errors, so each is raised once. */
  declare notified_kinds: CreationOptional<string>;
  /** The oldest change a channel webhook announced that is not imported yet. */
  declare oldest_unimported_at: CreationOptional<Date | null>;
  declare deactivated_at: CreationOptional<Date | null>;
  /** Set by the one job refreshing the channel's token; others wait for it. */
  declare token_refresh_claimed_at: CreationOptional<Date | null>;
  declare stock_push_claimed_at: CreationOptional<Date | null>;
  declare inbox_claimed_at: CreationOptional<Date | null>;
  /** When the "not synchronised yet" note was last written for a type no provider syncs. */
  declare not_synchronised_noted_at: CreationOptional<Date | null>;
  /** The connector's cursor of the next page of the running product download (null: its first). */
  declare products_cursor: CreationOptional<string | null>;
  /** Set while a product download runs (or was left midway by a crash); null when none does. */
  declare products_download_started_at: CreationOptional<Date | null>;
  /** The running download's figures (JSON), saved with each page. */
  declare products_download_counts: CreationOptional<string | null>;
  /** When the last product download finished. */
  declare products_downloaded_at: CreationOptional<Date | null>;
  /** The run working on the product download, refreshed with each page; stale after a while. */
  declare products_claimed_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
}

export interface SyncModels {
  ChannelSyncState: typeof ChannelSyncState;
}

export function defineSyncModels(sequelize: Sequelize): SyncModels {
  const models: SyncModels = { ChannelSyncState: class extends ChannelSyncState {} };
  // A fresh object per column: Sequelize writes into each attribute's definition.
  const date = () => ({ type: DataTypes.DATE(3), allowNull: true });
  init<ChannelSyncState>(models.ChannelSyncState, sequelize, 'channel_sync_states', {
    channel_id: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
    orders_watermark: date(),
    orders_checked_at: date(),
    last_success_at: date(),
    last_error_at: date(),
    last_error: { type: DataTypes.TEXT, allowNull: true },
    last_error_kind: { type: DataTypes.STRING(30), allowNull: true },
    failing_since: date(),
    consecutive_errors: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    notified_kinds: { type: DataTypes.STRING(100), allowNull: false, defaultValue: '' },
    oldest_unimported_at: date(),
    deactivated_at: date(),
    token_refresh_claimed_at: date(),
    stock_push_claimed_at: date(),
    inbox_claimed_at: date(),
    not_synchronised_noted_at: date(),
    products_cursor: { type: DataTypes.TEXT, allowNull: true },
    products_download_started_at: date(),
    products_download_counts: { type: DataTypes.TEXT, allowNull: true },
    products_downloaded_at: date(),
    products_claimed_at: date(),
    created_at: DataTypes.DATE,
    updated_at: DataTypes.DATE,
  });
  return models;
}
