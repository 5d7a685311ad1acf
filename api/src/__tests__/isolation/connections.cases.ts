import type { ChannelKind } from '@syncdesk/contracts';
import {
  ALPHA_MARKER,
  noRequest,
  type CaseRequest,
  type IsolationWorld,
  type RouteCases,
} from './route-case';

/** Alpha's owner's scope in Alpha, for setting up records through the services. */
function alphaOwnerScope(world: IsolationWorld) {
  return world.services.scopes.scopeFor(
    {
      userId: world.alpha.owner.id,
      companyId: world.alpha.company.id,
      tokenId: 'fixture',
      tokenExpiresAt: null,
    },
    { clientIp: '127.0.0.1', via: 'api' },
  );
}

/** A valid create body per kind: a type without secrets, so the case needs no credentials. */
const NEW_CONNECTION: Record<ChannelKind, { type: string; body: Record<string, unknown> }> = {
  channel: { type: 'shopify', body: { shop_url: 'https://alpha.myshopify.com' } },
  accounting: { type: 'xero', body: {} },
  plugin: { type: 'shipbob', body: {} },
};

/** A fresh connection of Alpha's first store, so destructive cases never touch shared records. */
async function alphaConnection(world: IsolationWorld, kind: ChannelKind) {
  const { type, body } = NEW_CONNECTION[kind];
  const storeId = world.alpha.stores[0]!.id;
  const channel = await world.services.channels.create(await alphaOwnerScope(world), storeId, kind, type, {
    ...body,
    name: `${ALPHA_MARKER} ${kind}`,
  });
  return { storeId, id: channel.id };
}

/** The per-kind calls (list, show, create, update, status, delete) for one path segment. */
function kindCases(kind: ChannelKind, base: string, typeParam: string, showParam: string): RouteCases {
  const withConnection =
    (param: string, body?: unknown) =>
    async (world: IsolationWorld): Promise<CaseRequest> => {
      const { storeId, id } = await alphaConnection(world, kind);
      return { params: { storeId, [param]: id }, body };
    };
  const { type, body } = NEW_CONNECTION[kind];
  return {
    [`GET ${base}`]: {
      request: async (world) => ({ params: { storeId: world.alpha.stores[0]!.id } }),
      ownerStatus: 200,
      isolation: 'ids',
    },
    [`GET ${base}/:${showParam}`]: {
      request: withConnection(showParam),
      ownerStatus: 200,
      isolation: 'ids',
    },
    [`POST ${base}/:${typeParam}`]: {
      request: async (world) => ({
        params: { storeId: world.alpha.stores[0]!.id, [typeParam]: type },
        body: { ...body, name: `${ALPHA_MARKER} created ${kind}` },
      }),
      ownerStatus: 201,
      isolation: 'ids',
    },
    [`PUT ${base}/:id`]: {
      request: withConnection('id', { name: `${ALPHA_MARKER} renamed ${kind}` }),
      ownerStatus: 200,
      isolation: 'ids',
    },
    [`PUT ${base}/:id/status`]: {
      request: withConnection('id', { is_active: true }),
      ownerStatus: 200,
      isolation: 'ids',
    },
    [`DELETE ${base}/:id`]: {
      request: withConnection('id'),
      ownerStatus: 204,
      isolation: 'ids',
    },
  };
}

/** Cases for sales channels, accounting channels and plugins (not their OAuth calls). */
export const connectionCases: RouteCases = {
  'GET /companies/channels': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  ...kindCases('channel', '/stores/:storeId/channels', 'channelType', 'channelId'),
  ...kindCases('accounting', '/stores/:storeId/accountingChannels', 'channelType', 'channelId'),
  ...kindCases('plugin', '/stores/:storeId/plugins', 'pluginType', 'id'),
  'PUT /stores/:storeId/channels/:id/migrate': {
    request: async (world) => {
      const { storeId, id } = await alphaConnection(world, 'channel');
      return { params: { storeId, id }, body: { store_id: world.alpha.stores[1]!.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /stores/:storeId/plugins/:id/default': {
    request: async (world) => {
      const { storeId, id } = await alphaConnection(world, 'plugin');
      return { params: { storeId, id }, body: { is_default: true } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
};
