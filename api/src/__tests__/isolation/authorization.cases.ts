import { randomUUID } from 'node:crypto';
import type { ChannelKind } from '@syncdesk/contracts';
import { ALPHA_MARKER, type CaseRequest, type IsolationWorld, type RouteCases } from './route-case';

/**
 * The matrix process needs an OAuth client for the types below, or Alpha's owner would get the
 * "not configured" 422 instead of a consent link. Building the link calls no provider, so the
 * addresses need not answer.
 */
const PROVIDER = {
  authorizeUrl: 'https://provider.isolation.test/authorize',
  tokenUrl: 'https://provider.isolation.test/token',
  clientId: 'isolation-client',
  clientSecret: 'isolation-secret',
};
export const authorizationEnvironment: Record<string, string> = {
  OAUTH_PROVIDERS_JSON: JSON.stringify({ shopify: PROVIDER, xero: PROVIDER, shipbob: PROVIDER }),
};

const TYPE_OF: Record<ChannelKind, string> = { channel: 'shopify', accounting: 'xero', plugin: 'shipbob' };

/** A fresh OAuth connection of Alpha's first store. */
async function alphaConnection(world: IsolationWorld, kind: ChannelKind) {
  return world.services.models.Channel.create({
    uuid: randomUUID(),
    company_id: world.alpha.company.id,
    store_id: world.alpha.stores[0]!.id,
    kind,
    type: TYPE_OF[kind],
    name: `${ALPHA_MARKER} ${kind} to authorise`,
    account_nominal_code: null,
    api_version: null,
    settings: { shop_url: 'https://alpha.myshopify.com' },
    credentials: null,
    authorized_at: null,
    token_expires_at: null,
  });
}

function authorizeCases(kind: ChannelKind, segment: string, guestAction: string): RouteCases {
  const request = async (world: IsolationWorld): Promise<CaseRequest> => {
    const channel = await alphaConnection(world, kind);
    return { params: { storeId: channel.store_id, id: channel.id } };
  };
  return {
    [`GET /stores/:storeId/${segment}/:id/authorize`]: { request, ownerStatus: 200, isolation: 'ids' },
    [`GET /stores/:storeId/${segment}/:id/${guestAction}`]: { request, ownerStatus: 200, isolation: 'ids' },
  };
}

/** Cases for OAuth authorisation (api/src/modules/channels/oauth). */
export const authorizationCases: RouteCases = {
  ...authorizeCases('channel', 'channels', 'authorizeChannelAsGuest'),
  ...authorizeCases('accounting', 'accountingChannels', 'authorizeChannelAsGuest'),
  ...authorizeCases('plugin', 'plugins', 'authorizePluginAsGuest'),
  // Public: only a valid `state` (a query parameter the matrix does not send) opens it, so even
  // Alpha's owner gets the 404 here; the state cases are in the module's own tests.
  'GET /stores/:storeId/channels/:channelId/showWithoutAuth': {
    request: async (world) => {
      const channel = await alphaConnection(world, 'channel');
      return { params: { storeId: channel.store_id, channelId: channel.id } };
    },
    ownerStatus: 404,
    isolation: 'public',
  },
  // Public: the signed state is the authority, and a body without one is a 422 for anyone.
  'POST /authorization/:slug/callback': {
    request: async () => ({ params: { slug: 'shopify' }, body: { code: 'bogus', state: 'bogus' } }),
    ownerStatus: 422,
    isolation: 'public',
  },
  'POST /authorization/plugin/:slug/callback': {
    request: async () => ({ params: { slug: 'shipbob' }, body: { code: 'bogus', state: 'bogus' } }),
    ownerStatus: 422,
    isolation: 'public',
  },
};
