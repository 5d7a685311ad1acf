import { randomUUID } from 'node:crypto';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, noRequest, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for couriers, courier mappings, pushDHLChanges, pickup stores and pickup products.
 * Records are made straight in the tables for each call (no other service is needed), so
 * destructive calls never share a record.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;

async function alphaChannel(world: IsolationWorld) {
  const store = alphaStore(world);
  return insertChannelRow(world.services, store, { name: `${ALPHA_MARKER} Shopify` });
}

async function alphaCourier(world: IsolationWorld) {
  const channel = await alphaChannel(world);
  const courier = await world.services.models.ChannelCourier.create({
    company_id: channel.company_id,
    store_id: channel.store_id,
    channel_id: channel.id,
    courier_id: null,
    name: `${ALPHA_MARKER} Courier`,
    custom_name: null,
  });
  return { channel, courier };
}

async function alphaMapping(world: IsolationWorld) {
  const { channel, courier } = await alphaCourier(world);
  const mapping = await world.services.models.CourierMapping.create({
    company_id: channel.company_id,
    store_id: channel.store_id,
    channel_id: channel.id,
    shipping_method: `${ALPHA_MARKER} Standard`,
    channel_courier_id: courier.id,
    service_code: null,
  });
  return { channel, courier, mapping };
}

async function alphaPickup(world: IsolationWorld) {
  const channel = await alphaChannel(world);
  const pickup = await world.services.models.PickupStore.create({
    uuid: randomUUID(),
    company_id: channel.company_id,
    store_id: channel.store_id,
    channel_id: channel.id,
    name: `${ALPHA_MARKER} Pickup`,
    address_line1: '1 High Street',
    address_line2: null,
    city: 'London',
    postcode: 'N1 1AA',
    country_code: 'GB',
    phone: null,
  });
  return { channel, pickup };
}

async function alphaPickupProduct(world: IsolationWorld) {
  const { channel, pickup } = await alphaPickup(world);
  const product = await world.services.models.PickupProduct.create({
    pickup_store_id: pickup.id,
    product_sku: `${ALPHA_MARKER}-SKU`,
    title: null,
    quantity: 1,
  });
  return { channel, pickup, product };
}

const channelParams = (world: IsolationWorld, channel: { id: number }) => ({
  storeId: alphaStore(world).id,
  channelId: channel.id,
});

const COURIERS = '/stores/:storeId/channels/:channelId/couriers';
const MAPPINGS = '/stores/:storeId/channels/:channelId/courierMappings';
const PICKUPS = '/pickupStores/:storeId/:channelId/stores';
const PICKUP = '/pickupStores/:storeId/:channelId/:pickupId';

export const courierCases: RouteCases = {
  'GET /couriers': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'POST /companies/:companyId/pushDHLChanges': {
    request: async (world) => ({ params: { companyId: world.alpha.company.id } }),
    ownerStatus: 200,
    isolation: 'own',
    as: 'administrator',
  },

  [`GET ${COURIERS}`]: {
    request: async (world) => {
      const { channel } = await alphaCourier(world);
      return { params: channelParams(world, channel) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`POST ${COURIERS}`]: {
    request: async (world) => ({
      params: channelParams(world, await alphaChannel(world)),
      body: { name: `${ALPHA_MARKER} New courier` },
    }),
    ownerStatus: 201,
    isolation: 'ids',
  },
  [`GET ${COURIERS}/:id`]: {
    request: async (world) => {
      const { channel, courier } = await alphaCourier(world);
      return { params: { ...channelParams(world, channel), id: courier.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${COURIERS}/:id`]: {
    request: async (world) => {
      const { channel, courier } = await alphaCourier(world);
      return {
        params: { ...channelParams(world, channel), id: courier.id },
        body: { custom_name: 'Renamed' },
      };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`DELETE ${COURIERS}/:id`]: {
    request: async (world) => {
      const { channel, courier } = await alphaCourier(world);
      return { params: { ...channelParams(world, channel), id: courier.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },

  [`GET ${MAPPINGS}`]: {
    request: async (world) => {
      const { channel } = await alphaMapping(world);
      return { params: channelParams(world, channel) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`POST ${MAPPINGS}`]: {
    request: async (world) => {
      const { channel, courier } = await alphaCourier(world);
      return {
        params: channelParams(world, channel),
        body: { shipping_method: 'Express', channel_courier_id: courier.id },
      };
    },
    ownerStatus: 201,
    isolation: 'ids',
  },
  [`GET ${MAPPINGS}/:id`]: {
    request: async (world) => {
      const { channel, mapping } = await alphaMapping(world);
      return { params: { ...channelParams(world, channel), id: mapping.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${MAPPINGS}/:id`]: {
    request: async (world) => {
      const { channel, mapping } = await alphaMapping(world);
      return {
        params: { ...channelParams(world, channel), id: mapping.id },
        body: { service_code: 'tracked-24' },
      };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`DELETE ${MAPPINGS}/:id`]: {
    request: async (world) => {
      const { channel, mapping } = await alphaMapping(world);
      return { params: { ...channelParams(world, channel), id: mapping.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },

  [`GET ${PICKUPS}`]: {
    request: async (world) => {
      const { channel } = await alphaPickup(world);
      return { params: channelParams(world, channel) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`POST ${PICKUPS}`]: {
    request: async (world) => ({
      params: channelParams(world, await alphaChannel(world)),
      body: {
        name: `${ALPHA_MARKER} New pickup`,
        address_line1: '2 High Street',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        country_code: 'GB',
      },
    }),
    ownerStatus: 201,
    isolation: 'ids',
  },
  [`GET ${PICKUPS}/:id`]: {
    request: async (world) => {
      const { channel, pickup } = await alphaPickup(world);
      return { params: { ...channelParams(world, channel), id: pickup.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${PICKUPS}/:id`]: {
    request: async (world) => {
      const { channel, pickup } = await alphaPickup(world);
      return { params: { ...channelParams(world, channel), id: pickup.id }, body: { city: 'York' } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${PICKUPS}/:id/statusUpdate`]: {
    request: async (world) => {
      const { channel, pickup } = await alphaPickup(world);
      return { params: { ...channelParams(world, channel), id: pickup.id }, body: { is_active: false } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`DELETE ${PICKUPS}/:id`]: {
    request: async (world) => {
      const { channel, pickup } = await alphaPickup(world);
      return { params: { ...channelParams(world, channel), id: pickup.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },

  [`GET ${PICKUP}`]: {
    request: async (world) => {
      const { channel, pickup } = await alphaPickupProduct(world);
      return { params: { ...channelParams(world, channel), pickupId: pickup.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`POST ${PICKUP}/create`]: {
    request: async (world) => {
      const { channel, pickup } = await alphaPickup(world);
      // A pickup line must be one of the store's products.
      const product = await world.services.models.Product.create({
        uuid: randomUUID(),
        company_id: channel.company_id,
        store_id: channel.store_id,
        sku: `${ALPHA_MARKER}-${randomUUID().slice(0, 8)}`,
        title: `${ALPHA_MARKER} Product`,
        nominal_code: null,
        barcode: null,
        price: null,
      });
      return {
        params: { ...channelParams(world, channel), pickupId: pickup.id },
        body: { product_sku: product.sku },
      };
    },
    ownerStatus: 201,
    isolation: 'ids',
  },
  [`GET ${PICKUP}/:productId`]: {
    request: async (world) => {
      const { channel, pickup, product } = await alphaPickupProduct(world);
      return { params: { ...channelParams(world, channel), pickupId: pickup.id, productId: product.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${PICKUP}/:productId`]: {
    request: async (world) => {
      const { channel, pickup, product } = await alphaPickupProduct(world);
      return {
        params: { ...channelParams(world, channel), pickupId: pickup.id, productId: product.id },
        body: { pickup_status: 'ready_for_pickup' },
      };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`DELETE ${PICKUP}/:productId`]: {
    request: async (world) => {
      const { channel, pickup, product } = await alphaPickupProduct(world);
      return { params: { ...channelParams(world, channel), pickupId: pickup.id, productId: product.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },
  [`DELETE ${PICKUP}`]: {
    request: async (world) => {
      const { channel, pickup } = await alphaPickupProduct(world);
      return { params: { ...channelParams(world, channel), pickupId: pickup.id } };
    },
    ownerStatus: 204,
    isolation: 'ids',
  },
};
