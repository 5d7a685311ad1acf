import { noRequest, type RouteCases } from './route-case';

/** Cases for the channel catalogue and forms. */
export const channelCases: RouteCases = {
  'GET /available-channels': { request: noRequest, ownerStatus: 200, isolation: 'own' },
  'GET /stores/:storeId/channels/available-providers': {
    request: async (world) => ({ params: { storeId: world.alpha.stores[0]!.id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /stores/:storeId/channels/form/:type': {
    request: async (world) => ({ params: { storeId: world.alpha.stores[0]!.id, type: 'shopify' } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
};
