import { randomUUID } from 'node:crypto';
import type { ChannelKind } from '@syncdesk/contracts';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for a sales channel's listings and a plugin's products. Every call gets its own channel
 * (or plugin), product and listing, written straight to the tables, so destructive calls never
 * share a record.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;

async function alphaConnection(world: IsolationWorld, kind: ChannelKind) {
  return insertChannelRow(world.services, alphaStore(world), {
    name: `${ALPHA_MARKER} ${kind === 'plugin' ? 'Warehouse' : 'Shopify'}`,
    kind,
    type: kind === 'plugin' ? 'shipbob' : 'shopify',
    settings: { auto_sync_stock: true, auto_match_product: true },
  });
}

async function alphaProduct(world: IsolationWorld) {
  const store = alphaStore(world);
  return world.services.models.Product.create({
    uuid: randomUUID(),
    company_id: store.company_id,
    store_id: store.id,
    sku: `${ALPHA_MARKER}-${randomUUID().slice(0, 8)}`,
    title: `${ALPHA_MARKER} Mug`,
    quantity: 5,
    nominal_code: null,
    barcode: null,
    price: null,
  });
}

async function alphaListing(world: IsolationWorld) {
  const channel = await alphaConnection(world, 'channel');
  const product = await alphaProduct(world);
  const listing = await world.services.models.ChannelProduct.create({
    uuid: randomUUID(),
    company_id: channel.company_id,
    store_id: channel.store_id,
    channel_id: channel.id,
    channel_product_id: `${ALPHA_MARKER}-listing`,
    sku: product.sku,
    remote_sku: null,
    title: `${ALPHA_MARKER} Mug listing`,
    quantity: 5,
    price: '9.99',
    product_id: product.id,
    matched_sku: product.sku,
  });
  return { channel, product, listing, params: { storeId: channel.store_id, channelId: channel.id } };
}

async function alphaPluginProduct(world: IsolationWorld) {
  const plugin = await alphaConnection(world, 'plugin');
  const product = await alphaProduct(world);
  const row = await world.services.models.PluginProduct.create({
    uuid: randomUUID(),
    company_id: plugin.company_id,
    store_id: plugin.store_id,
    plugin_id: plugin.id,
    product_id: product.id,
    remote_id: `${ALPHA_MARKER}-remote`,
    quantity: 3,
    plugin_sync_status: 3,
  });
  return { plugin, row, params: { storeId: plugin.store_id, pluginId: plugin.id } };
}

const LISTINGS = '/stores/:storeId/channels/:channelId/products';
const PLUGIN_PRODUCTS = '/stores/:storeId/plugins/:pluginId/products';

export const channelProductsCases: RouteCases = {
  [`GET ${LISTINGS}`]: {
    request: async (world) => ({ params: (await alphaListing(world)).params }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${LISTINGS}/pushStockLevel`]: {
    request: async (world) => {
      const { params, listing } = await alphaListing(world);
      return { params, body: { channel_product_id: listing.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${LISTINGS}/updateSyncStatus`]: {
    request: async (world) => {
      const { params, listing } = await alphaListing(world);
      return { params, body: { channel_product_ids: [listing.id], status: 0 } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${LISTINGS}/updateSyncStatusAll`]: {
    request: async (world) => ({ params: (await alphaListing(world)).params, body: { status: 6 } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${LISTINGS}/matchBySku`]: {
    request: async (world) => ({ params: (await alphaListing(world)).params }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`DELETE ${LISTINGS}`]: {
    request: async (world) => {
      const { params, listing } = await alphaListing(world);
      return { params, body: { channel_product_uuids: [listing.uuid] } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`GET ${LISTINGS}/:id`]: {
    request: async (world) => {
      const { params, listing } = await alphaListing(world);
      return { params: { ...params, id: listing.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`GET ${LISTINGS}/:productId/stockPushes`]: {
    request: async (world) => {
      const { params, listing } = await alphaListing(world);
      return { params: { ...params, productId: listing.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${LISTINGS}/:id`]: {
    request: async (world) => {
      const { params, listing } = await alphaListing(world);
      return { params: { ...params, id: listing.id }, body: { matched_sku: null } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },

  [`GET ${PLUGIN_PRODUCTS}`]: {
    request: async (world) => ({ params: (await alphaPluginProduct(world)).params }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`DELETE ${PLUGIN_PRODUCTS}`]: {
    request: async (world) => {
      const { params, row } = await alphaPluginProduct(world);
      return { params, body: { plugin_product_uuids: [row.uuid] } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`GET ${PLUGIN_PRODUCTS}/:id`]: {
    request: async (world) => {
      const { params, row } = await alphaPluginProduct(world);
      return { params: { ...params, id: row.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${PLUGIN_PRODUCTS}/:id`]: {
    request: async (world) => {
      const { params, row } = await alphaPluginProduct(world);
      return { params: { ...params, id: row.id }, body: { plugin_sync_status: 0 } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
};
