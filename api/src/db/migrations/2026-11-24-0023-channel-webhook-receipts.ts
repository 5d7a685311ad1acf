import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  // A channel's own webhooks (Shopify's orders/create, orders/updated) are delivered at least once:
  // a delivery that timed out is sent again with the same webhook id. One row per (channel, id)
  // received, so the unique key turns a repeat into a no-op, even two repeats racing on two api
  // replicas. Rows matter only while the provider may still retry, so old ones are pruned.
  await queryInterface.createTable('channel_webhook_receipts', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    channel_id: { type: DataTypes.INTEGER, allowNull: false },
    webhook_id: { type: DataTypes.STRING(100), allowNull: false },
    topic: { type: DataTypes.STRING(100), allowNull: false },
    /** The order the webhook was about, for tracing a live import back to its webhook. */
    remote_id: { type: DataTypes.STRING(190), allowNull: true },
    // The order is imported: receipts without it are the channel's inbox, taken by one download
    // for a burst of webhooks instead of one provider call per webhook.
    imported_at: { type: DataTypes.DATE, allowNull: true },
    // The download that took it (a run's random token) and when: concurrent runs never fetch the
    // same orders twice; a claim of a run that died goes stale and is taken again.
    taken_by: { type: DataTypes.STRING(36), allowNull: true },
    taken_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('channel_webhook_receipts', ['channel_id', 'imported_at'], {
    name: 'channel_webhook_receipts_channel_imported',
  });
  await queryInterface.addIndex('channel_webhook_receipts', ['channel_id', 'webhook_id'], {
    name: 'channel_webhook_receipts_channel_webhook',
    unique: true,
  });
  await queryInterface.addIndex('channel_webhook_receipts', ['created_at'], {
    name: 'channel_webhook_receipts_created_at',
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('channel_webhook_receipts');
};
