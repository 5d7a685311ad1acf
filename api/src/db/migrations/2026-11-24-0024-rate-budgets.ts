import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * The shared rate budgets (rate-limiter-flexible's SQL layout: `key`, `points`, `expire` in epoch
 * ms), one row per budget window. Created here rather than by the library: its MySQL store runs
 * `CREATE DATABASE IF NOT EXISTS` and refuses calls until its own table check has finished, and the
 * schema belongs to the migrations on both dialects.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('rate_budgets', {
    key: { type: DataTypes.STRING(255), primaryKey: true, allowNull: false },
    points: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    expire: { type: DataTypes.BIGINT, allowNull: true },
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('rate_budgets');
};
