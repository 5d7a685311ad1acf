import { randomUUID } from 'node:crypto';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for a store's webhooks and a channel's custom order statuses. Records are made straight in
 * the tables for each call, so these cases depend on no other service and destructive calls never
 * share a record.
 */

// A public address literal: the url guard accepts it without a DNS lookup. Nothing is ever sent.
const PUBLIC_URL = 'https://93.184.216.34/alphamarker-hook';

const alphaStoreId = (world: IsolationWorld) => world.alpha.stores[0]!.id;

async function alphaWebhook(world: IsolationWorld) {
  return world.services.models.Webhook.create({
    uuid: randomUUID(),
    company_id: world.alpha.company.id,
    store_id: alphaStoreId(world),
    name: `${ALPHA_MARKER} Webhook`,
    event: 'orders.received',
    method: 'POST',
    url: PUBLIC_URL,
    auth_header_name: null,
    auth_secret: null,
  });
}

async function alphaChannel(world: IsolationWorld) {
  return world.services.models.Channel.create({
    uuid: randomUUID(),
    company_id: world.alpha.company.id,
    store_id: alphaStoreId(world),
    kind: 'channel',
    type: 'shopify',
    name: `${ALPHA_MARKER} Shopify`,
    account_nominal_code: null,
    api_version: null,
    settings: {},
    credentials: null,
    authorized_at: null,
    token_expires_at: null,
  });
}

async function alphaCustomStatus(world: IsolationWorld) {
  const channel = await alphaChannel(world);
  const status = await world.services.models.CustomOrderStatus.create({
    company_id: channel.company_id,
    store_id: channel.store_id,
    channel_id: channel.id,
    custom_status: `${ALPHA_MARKER.toLowerCase()}_awaiting`,
    friendly_status: `${ALPHA_MARKER} Awaiting`,
  });
  return { storeId: channel.store_id, channelId: channel.id, id: status.id };
}

const webhookParams = async (world: IsolationWorld) => ({
  storeId: alphaStoreId(world),
  id: (await alphaWebhook(world)).id,
});

const webhookBody = {
  name: `${ALPHA_MARKER} Hook`,
  event: 'orders.updated',
  method: 'POST',
  url: PUBLIC_URL,
  requires_auth: false,
  is_active: true,
};

export const webhookCases: RouteCases = {
  'GET /stores/:storeId/webhooks': {
    request: async (world) => {
      await alphaWebhook(world);
      return { params: { storeId: alphaStoreId(world) } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /stores/:storeId/webhooks': {
    request: async (world) => ({ params: { storeId: alphaStoreId(world) }, body: webhookBody }),
    ownerStatus: 201,
    isolation: 'ids',
  },
  'GET /stores/:storeId/webhooks/:id': {
    request: async (world) => ({ params: await webhookParams(world) }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /stores/:storeId/webhooks/:id': {
    request: async (world) => ({
      params: await webhookParams(world),
      body: { name: `${ALPHA_MARKER} Renamed` },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /stores/:storeId/webhooks/:id/status': {
    request: async (world) => ({ params: await webhookParams(world), body: { is_active: false } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /stores/:storeId/webhooks/:id': {
    request: async (world) => ({ params: await webhookParams(world) }),
    ownerStatus: 204,
    isolation: 'ids',
  },

  'GET /stores/:storeId/channels/:channelId/customOrderStatuses': {
    request: async (world) => {
      const { storeId, channelId } = await alphaCustomStatus(world);
      return { params: { storeId, channelId } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /stores/:storeId/channels/:channelId/customOrderStatuses': {
    request: async (world) => {
      const channel = await alphaChannel(world);
      return {
        params: { storeId: channel.store_id, channelId: channel.id },
        body: { custom_status: 'ready_for_pickup', friendly_status: `${ALPHA_MARKER} Ready` },
      };
    },
    ownerStatus: 201,
    isolation: 'ids',
  },
  'GET /stores/:storeId/channels/:channelId/customOrderStatuses/:id': {
    request: async (world) => ({ params: await alphaCustomStatus(world) }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /stores/:storeId/channels/:channelId/customOrderStatuses/:id': {
    request: async (world) => ({
      params: await alphaCustomStatus(world),
      body: { friendly_status: `${ALPHA_MARKER} Renamed` },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /stores/:storeId/channels/:channelId/customOrderStatuses/:id': {
    request: async (world) => ({ params: await alphaCustomStatus(world) }),
    ownerStatus: 204,
    isolation: 'ids',
  },
};
