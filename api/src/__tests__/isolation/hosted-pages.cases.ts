import { randomUUID } from 'node:crypto';
import type { Store } from '../../db/models';
import { createHostedToken, hostedTokenContext } from '../../modules/hosted-pages/hosted-token';
import { insertChannelRow } from '../../testing/channel-fixtures';
import {
  ALPHA_MARKER,
  noRequest,
  type CaseRequest,
  type IsolationWorld,
  type RouteCases,
} from './route-case';

/**
 * Cases for hosted pages (api/src/modules/hosted-pages). The seller's routes are asked like any
 * other. The visitor's (`hosted` access) are called with a hosted-page token instead of a user's:
 * Alpha's visitor holds a live link of Alpha's first store and must succeed; Beta's visitor, a link
 * of Beta's store, gets 404 for Alpha's ids or an answer without Alpha's data. The matrix also
 * sends Alpha's visitor token to every other route (401) and Alpha's owner's JWT to every hosted
 * route (401).
 */

const DAY = 24 * 60 * 60 * 1000;
const links = new WeakMap<IsolationWorld, Record<'alpha' | 'beta', Promise<{ id: number; token: string }>>>();

async function makeLink(world: IsolationWorld, store: Store, ownerId: number, name: string) {
  const { token, hash } = createHostedToken();
  const uuid = randomUUID();
  const link = await world.services.models.HostedPage.create({
    uuid,
    company_id: store.company_id,
    store_id: store.id,
    created_by: ownerId,
    name,
    token_hash: hash,
    token_encrypted: world.services.credentials.encrypt(token, hostedTokenContext({ uuid })),
    channel_types: ['shopify', 'etsy'],
    expires_at: new Date(Date.now() + 30 * DAY),
    revoked_at: null,
    last_used_at: null,
  });
  return { id: link.id, token };
}

/** The live link of Alpha's first store (or Beta's store), made once per world. */
function linkOf(world: IsolationWorld, company: 'alpha' | 'beta') {
  let made = links.get(world);
  if (!made) {
    made = {
      alpha: makeLink(world, world.alpha.stores[0]!, world.alpha.owner.id, `${ALPHA_MARKER} hosted page`),
      beta: makeLink(world, world.beta.stores[0]!, world.beta.owner.id, 'Beta hosted page'),
    };
    links.set(world, made);
  }
  return made[company];
}

/** A hosted-page visitor's bearer token (Alpha's unless said). */
export async function hostedVisitorToken(world: IsolationWorld, company: 'alpha' | 'beta' = 'alpha') {
  return (await linkOf(world, company)).token;
}

/** A fresh Shopify channel of Alpha's first store, connected through Alpha's link. */
async function alphaHostedChannel(world: IsolationWorld) {
  const link = await linkOf(world, 'alpha');
  const channel = await insertChannelRow(world.services, world.alpha.stores[0]!, {
    name: `${ALPHA_MARKER} hosted Shopify`,
    settings: { shop_url: 'https://alpha.myshopify.com' },
  });
  await world.services.models.HostedPageChannel.create({ hosted_page_id: link.id, channel_id: channel.id });
  return channel;
}

async function alphaHostedStatus(world: IsolationWorld) {
  const channel = await alphaHostedChannel(world);
  const status = await world.services.models.CustomOrderStatus.create({
    company_id: channel.company_id,
    store_id: channel.store_id,
    channel_id: channel.id,
    custom_status: `${ALPHA_MARKER}-awaiting`,
    friendly_status: `${ALPHA_MARKER} Awaiting`,
  });
  return { channel, status };
}

const channelRequest = async (world: IsolationWorld): Promise<CaseRequest> => ({
  params: { id: (await alphaHostedChannel(world)).id },
});
const statusListRequest = async (world: IsolationWorld): Promise<CaseRequest> => ({
  params: { channelId: (await alphaHostedChannel(world)).id },
});
const statusRequest = async (world: IsolationWorld): Promise<CaseRequest> => {
  const { channel, status } = await alphaHostedStatus(world);
  return { params: { channelId: channel.id, id: status.id } };
};

/** Visitor routes carry the hosted token of the company the matrix asks as. */
const visitor = { token: hostedVisitorToken };

async function alphaLinkRow(world: IsolationWorld) {
  return makeLink(world, world.alpha.stores[0]!, world.alpha.owner.id, `${ALPHA_MARKER} seller link`);
}

export const hostedPagesCases: RouteCases = {
  // The visitor's calls.
  'GET /hostedPages/auth/me': { ...visitor, request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /rules/store/:channelType': {
    ...visitor,
    request: async () => ({ params: { channelType: 'shopify' } }),
    ownerStatus: 200,
    isolation: 'own',
  },
  'POST /activities': {
    ...visitor,
    request: async () => ({ body: { path: '/hostedPages/:token' } }),
    ownerStatus: 204,
    isolation: 'own',
  },
  'GET /hostedPages/channels': {
    ...visitor,
    request: async (world) => {
      await alphaHostedChannel(world);
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
  'POST /hostedPages/channels': {
    ...visitor,
    // No marker in the name: Beta's visitor makes its own channel, whose name comes back.
    request: async () => ({
      body: {
        channel_type: 'shopify',
        name: 'Made through a hosted page',
        shop_url: 'https://shop.example.com',
      },
    }),
    ownerStatus: 201,
    isolation: 'own',
  },
  'GET /hostedPages/channels/:id': {
    ...visitor,
    request: channelRequest,
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /hostedPages/channels/:id': {
    ...visitor,
    request: async (world) => ({
      ...(await channelRequest(world)),
      body: { name: `${ALPHA_MARKER} renamed`, shop_url: 'https://alpha.myshopify.com' },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /hostedPages/channels/:id/status': {
    ...visitor,
    request: async (world) => ({ ...(await channelRequest(world)), body: { is_active: true } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /hostedPages/channels/:id': {
    ...visitor,
    request: channelRequest,
    ownerStatus: 204,
    isolation: 'ids',
  },
  'GET /hostedPages/channels/:id/authorizeChannelAsGuest': {
    ...visitor,
    request: channelRequest,
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /hostedPages/channels/:channelId/customOrderStatuses': {
    ...visitor,
    request: statusListRequest,
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /hostedPages/channels/:channelId/customOrderStatuses': {
    ...visitor,
    request: async (world) => ({
      ...(await statusListRequest(world)),
      body: { custom_status: 'shipped-hosted', friendly_status: 'Shipped' },
    }),
    ownerStatus: 201,
    isolation: 'ids',
  },
  'GET /hostedPages/channels/:channelId/customOrderStatuses/:id': {
    ...visitor,
    request: statusRequest,
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /hostedPages/channels/:channelId/customOrderStatuses/:id': {
    ...visitor,
    request: async (world) => ({ ...(await statusRequest(world)), body: { friendly_status: 'Renamed' } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /hostedPages/channels/:channelId/customOrderStatuses/:id': {
    ...visitor,
    request: statusRequest,
    ownerStatus: 204,
    isolation: 'ids',
  },

  // The seller's calls.
  'GET /hostedPages/list': {
    request: async (world) => {
      await linkOf(world, 'alpha');
      return {};
    },
    ownerStatus: 200,
    isolation: 'own',
  },
  'POST /hostedPages/create': {
    request: async (world) => ({
      body: {
        store_id: world.alpha.stores[0]!.id,
        name: 'Made in the matrix',
        channel_types: ['shopify'],
        expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
      },
    }),
    ownerStatus: 201,
    // Beta names Alpha's store in the body: 404, without Alpha's data.
    isolation: 'own',
  },
  'GET /hostedPages/links/:id': {
    request: async (world) => ({ params: { id: (await alphaLinkRow(world)).id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'DELETE /hostedPages/links/:id': {
    request: async (world) => ({ params: { id: (await alphaLinkRow(world)).id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /hostedPagesSettings': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'PUT /hostedPagesSettings': {
    request: async () => ({ body: { styles: { buttonColor: '#336699' } } }),
    ownerStatus: 200,
    isolation: 'own',
  },
  // The matrix sends JSON, not an image: past the token and the permission, the body is refused
  // (the upload itself is tested in the module's tests).
  'PUT /hostedPagesSettings/logo': { request: noRequest, ownerStatus: 422, isolation: 'own' },
  'DELETE /hostedPagesSettings/logo': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  // Public: only a logo's own key opens it; an unknown one is 404 for anyone.
  'GET /hostedPages/logo/:key': {
    request: async () => ({ params: { key: '0'.repeat(32) } }),
    ownerStatus: 404,
    isolation: 'public',
  },
};
