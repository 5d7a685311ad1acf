import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * Cost-based rate limits (Shopify's GraphQL Admin API counts points, not calls): one row per
 * connection's bucket as last seen, shared by every worker (integrations/src/transport/
 * shared-rate-budget.ts). `available` at `at_ms` (epoch ms), refilled at `restore_rate` a second.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('rate_point_buckets', {
    bucket: { type: DataTypes.STRING(191), primaryKey: true, allowNull: false },
    available: { type: DataTypes.DOUBLE, allowNull: false },
    maximum: { type: DataTypes.DOUBLE, allowNull: false },
    restore_rate: { type: DataTypes.DOUBLE, allowNull: false },
    at_ms: { type: DataTypes.BIGINT, allowNull: false },
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('rate_point_buckets');
};
