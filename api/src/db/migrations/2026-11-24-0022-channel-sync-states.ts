import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

const date = (allowNull = true) => ({ type: DataTypes.DATE(3), allowNull });

/**
 * How each channel (or plugin) is keeping up: the orders watermark, the run of consecutive errors
 * the 24 h deactivation counts, what the user was already told about that run, the oldest change a
 * channel webhook announced and we have not imported yet (the sync lag), and the claim that lets one
 * job at a time refresh an OAuth token. `orders_checked_at` is when the last complete order download
 * began: every change made before it is imported (the lag of a polled channel counts from it). One row per channel, created on its first run.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('channel_sync_states', {
    channel_id: {
      type: DataTypes.INTEGER,
      primaryKey: true,
      allowNull: false,
      references: { model: 'channels', key: 'id' },
      onDelete: 'CASCADE',
    },
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
    // One stock push run per channel at a time: others leave their listings to it (and a dead run's claim ages out).
    stock_push_claimed_at: date(),
    // One download of the webhook inbox at a time, for the same reason.
    inbox_claimed_at: date(),
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('channel_sync_states');
};
