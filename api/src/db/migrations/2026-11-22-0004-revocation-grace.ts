import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  // When a revocation takes effect; null means at once (sign-out). A company switch gives the old
  // token a short grace so requests already in flight in the user's other tabs don't sign them out.
  await queryInterface.addColumn('revoked_tokens', 'effective_at', { type: DataTypes.DATE, allowNull: true });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('revoked_tokens', 'effective_at');
};
