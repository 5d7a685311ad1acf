import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('announcements', {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    message: { type: DataTypes.STRING(500), allowNull: false },
    created_by: { type: DataTypes.INTEGER, allowNull: false },
    published_at: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await queryInterface.addIndex('announcements', ['created_at', 'id'], { name: 'announcements_created_at' });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('announcements');
};
