import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * What a product download learns of a listing beyond the import file's columns: the channel's
 * product it belongs to, barcode, currency, image (download_product_images), weight
 * (download_product_dimensions), the provider's own ids a later push needs (`listing_extra`, JSON),
 * and when a download last saw it.
 */
export const up: Migration = async ({ context: { queryInterface } }) => {
  const columns: [string, Parameters<typeof queryInterface.addColumn>[2]][] = [
    ['parent_remote_id', { type: DataTypes.STRING(190), allowNull: true }],
    ['barcode', { type: DataTypes.STRING(64), allowNull: true }],
    ['currency', { type: DataTypes.STRING(3), allowNull: true }],
    ['image_url', { type: DataTypes.TEXT, allowNull: true }],
    ['weight_grams', { type: DataTypes.INTEGER, allowNull: true }],
    ['listing_extra', { type: DataTypes.TEXT, allowNull: true }],
    ['downloaded_at', { type: DataTypes.DATE(3), allowNull: true }],
  ];
  for (const [name, definition] of columns) {
    await queryInterface.addColumn('channel_products', name, definition);
  }
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  for (const name of [
    'parent_remote_id',
    'barcode',
    'currency',
    'image_url',
    'weight_grams',
    'listing_extra',
    'downloaded_at',
  ]) {
    await queryInterface.removeColumn('channel_products', name);
  }
};
