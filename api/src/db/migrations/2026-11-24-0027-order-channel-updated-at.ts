import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

export const up: Migration = async ({ context: { queryInterface } }) => {
  // When the channel last changed the order, as the stored data says (Shopify's `updated_at`).
  // Webhooks arrive out of order, so an order webhook's body is imported only when it is not older
  // than what we hold; null for orders of channels that do not say (and for orders stored before).
  await queryInterface.addColumn('orders', 'channel_updated_at', {
    type: DataTypes.DATE(3),
    allowNull: true,
  });
  // The order webhook's body (a whole Shopify order): imported as is, no call to the channel, no
  // budget spent. Kept only until the order is imported; null for other topics.
  await queryInterface.addColumn('channel_webhook_receipts', 'body', {
    // SQLite's TEXT has no size and warns at an option; MySQL's TEXT stops at 64 KB.
    type: queryInterface.sequelize.getDialect() === 'sqlite' ? DataTypes.TEXT : DataTypes.TEXT('medium'),
    allowNull: true,
  });
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.removeColumn('channel_webhook_receipts', 'body');
  await queryInterface.removeColumn('orders', 'channel_updated_at');
};
