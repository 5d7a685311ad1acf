import { DataTypes, type QueryInterface } from 'sequelize';
import type { Migration } from '../migrate';

const id = { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true };
const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};
const reference = (table: string, onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE', allowNull = false) => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
});

async function index(queryInterface: QueryInterface, table: string, fields: string[], unique = false) {
  await queryInterface.addIndex(table, fields, {
    unique,
    name: `${table}_${fields.join('_')}${unique ? '_unique' : ''}`,
  });
}

/**
 * The global carrier list, the same for every company. `{tracking_code}` in a tracking url is
 * replaced by a fulfilment's tracking code; null where we know no stable tracking page.
 */
const COURIERS: { code: string; name: string; tracking_url: string | null }[] = [
  {
    code: 'dhl',
    name: 'DHL Parcel',
    tracking_url:
      'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?tracking-id={tracking_code}',
  },
  {
    code: 'dhl-express',
    name: 'DHL Express',
    tracking_url:
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={tracking_code}',
  },
  {
    code: 'royal-mail',
    name: 'Royal Mail',
    tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking_code}',
  },
  { code: 'dpd', name: 'DPD', tracking_url: 'https://track.dpd.co.uk/parcels/{tracking_code}' },
  { code: 'ups', name: 'UPS', tracking_url: 'https://www.ups.com/track?tracknum={tracking_code}' },
  { code: 'fedex', name: 'FedEx', tracking_url: 'https://www.fedex.com/fedextrack/?trknbr={tracking_code}' },
  { code: 'evri', name: 'Evri', tracking_url: 'https://www.evri.com/track/parcel/{tracking_code}' },
  {
    code: 'parcelforce',
    name: 'Parcelforce Worldwide',
    tracking_url: 'https://www.parcelforce.com/track-trace?trackNumber={tracking_code}',
  },
  {
    code: 'usps',
    name: 'USPS',
    tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking_code}',
  },
  { code: 'yodel', name: 'Yodel', tracking_url: 'https://www.yodel.co.uk/tracking/{tracking_code}' },
  { code: 'amazon-shipping', name: 'Amazon Shipping', tracking_url: null },
  { code: 'tnt', name: 'TNT', tracking_url: null },
  { code: 'gls', name: 'GLS', tracking_url: null },
  { code: 'postnl', name: 'PostNL', tracking_url: null },
  {
    code: 'colissimo',
    name: 'Colissimo',
    tracking_url: 'https://www.laposte.fr/outils/suivre-vos-envois?code={tracking_code}',
  },
];

export const up: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.createTable('couriers', {
    id,
    code: { type: DataTypes.STRING(60), allowNull: false },
    name: { type: DataTypes.STRING(120), allowNull: false },
    tracking_url: { type: DataTypes.STRING(255), allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'couriers', ['code'], true);
  const now = new Date();
  await queryInterface.bulkInsert(
    'couriers',
    COURIERS.map((courier) => ({ ...courier, created_at: now, updated_at: now })),
  );

  // A seller's carrier as one sales channel names it (spec §3 Courier: name, custom_name).
  await queryInterface.createTable('channel_couriers', {
    id,
    company_id: reference('companies'),
    store_id: reference('stores'),
    channel_id: reference('channels'),
    // A carrier outside the global list has none; removing a global courier keeps the row.
    courier_id: reference('couriers', 'SET NULL', true),
    name: { type: DataTypes.STRING(120), allowNull: false },
    custom_name: { type: DataTypes.STRING(120), allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'channel_couriers', ['channel_id']);
  await index(queryInterface, 'channel_couriers', ['company_id', 'courier_id']);

  // Shipping method text of a channel's orders → the courier that fulfils them.
  await queryInterface.createTable('courier_mappings', {
    id,
    company_id: reference('companies'),
    store_id: reference('stores'),
    channel_id: reference('channels'),
    shipping_method: { type: DataTypes.STRING(190), allowNull: false },
    // Deleting a channel courier takes its mappings with it (the screen says so before).
    channel_courier_id: reference('channel_couriers'),
    service_code: { type: DataTypes.STRING(60), allowNull: true },
    ...timestamps,
  });
  await index(queryInterface, 'courier_mappings', ['channel_id', 'shipping_method'], true);
  await index(queryInterface, 'courier_mappings', ['channel_courier_id']);

  // Click-and-collect locations of a sales channel (spec §3 Pickup store).
  await queryInterface.createTable('pickup_stores', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false },
    company_id: reference('companies'),
    store_id: reference('stores'),
    channel_id: reference('channels'),
    name: { type: DataTypes.STRING(120), allowNull: false },
    address_line1: { type: DataTypes.STRING(190), allowNull: false },
    address_line2: { type: DataTypes.STRING(190), allowNull: true },
    city: { type: DataTypes.STRING(120), allowNull: false },
    postcode: { type: DataTypes.STRING(20), allowNull: false },
    country_code: { type: DataTypes.STRING(2), allowNull: false },
    phone: { type: DataTypes.STRING(40), allowNull: true },
    // PICKUP_STORE_SYNC_STATUS; 0 pending until the channel has the store.
    store_sync_status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...timestamps,
  });
  await index(queryInterface, 'pickup_stores', ['uuid'], true);
  await index(queryInterface, 'pickup_stores', ['channel_id']);

  await queryInterface.createTable('pickup_products', {
    id,
    pickup_store_id: reference('pickup_stores'),
    product_sku: { type: DataTypes.STRING(120), allowNull: false },
    title: { type: DataTypes.STRING(255), allowNull: true },
    quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    // PICKUP_PRODUCT_STATUS: awaiting → ready_for_pickup → picked_up.
    pickup_status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'awaiting' },
    // SHOPIFY_PICKUP_SYNC_STATUS of the last pickup action; 0 until one is asked for.
    status: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps,
  });
  await index(queryInterface, 'pickup_products', ['pickup_store_id']);
};

export const down: Migration = async ({ context: { queryInterface } }) => {
  await queryInterface.dropTable('pickup_products');
  await queryInterface.dropTable('pickup_stores');
  await queryInterface.dropTable('courier_mappings');
  await queryInterface.dropTable('channel_couriers');
  await queryInterface.dropTable('couriers');
};
