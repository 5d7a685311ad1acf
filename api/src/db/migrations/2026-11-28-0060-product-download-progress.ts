import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * Where a channel's product download is (channels.get_products): the connector's cursor of the
 * next page, when the download began, and its running figures. Written in the same transaction as
 * the page's listings, so a crashed run resumes after the last stored page and counts it once.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addColumn('channel_sync_states', 'products_cursor', {
    type: DataTypes.TEXT,
    allowNull: true,
  });
  await queryInterface.addColumn('channel_sync_states', 'products_download_started_at', {
    type: DataTypes.DATE(3),
    allowNull: true,
  });
  await queryInterface.addColumn('channel_sync_states', 'products_download_counts', {
    type: DataTypes.TEXT,
    allowNull: true,
  });
  await queryInterface.addColumn('channel_sync_states', 'products_downloaded_at', {
    type: DataTypes.DATE(3),
    allowNull: true,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  for (const column of [
    'products_cursor',
    'products_download_started_at',
    'products_download_counts',
    'products_downloaded_at',
  ]) {
    await queryInterface.removeColumn('channel_sync_states', column);
  }
};
