import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * When the channel's jobs last wrote "Syncdesk does not synchronise {channel} yet" into the
 * transaction records. Claimed with one conditional update, so however many jobs and workers run
 * for such a channel, the seller reads the note once a day, not once a run.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.addColumn('channel_sync_states', 'not_synchronised_noted_at', {
    type: DataTypes.DATE(3),
    allowNull: true,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('channel_sync_states', 'not_synchronised_noted_at');
};
