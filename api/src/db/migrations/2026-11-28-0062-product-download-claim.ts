import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * The run working on a channel's product download, claimed with one conditional update and
 * refreshed with each stored page: a second run at the same time (activation and a retry, two
 * workers) leaves it alone instead of asking the channel for a second export (Mirakl allows a full
 * one a day). A claim left by a dead run goes stale and is taken over.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addColumn('channel_sync_states', 'products_claimed_at', {
    type: DataTypes.DATE(3),
    allowNull: true,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('channel_sync_states', 'products_claimed_at');
};
