import { randomUUID } from 'node:crypto';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for reading orders: the list, the status counts, the detail, its lines and its
 * activities. Each call imports its own Alpha order (customer and SKU carry the marker, so a
 * leak shows in any body).
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;
const storeParams = (world: IsolationWorld) => ({ storeId: alphaStore(world).id });

async function alphaOrder(world: IsolationWorld): Promise<number> {
  const channel = await insertChannelRow(world.services, alphaStore(world), { name: `${ALPHA_MARKER} Shop` });
  const remoteId = `${ALPHA_MARKER}-${randomUUID().slice(0, 8)}`;
  const result = await world.services.orderImport.importBatch(channel.id, [
    {
      remote_id: remoteId,
      order_number: remoteId,
      status: 'Unshipped',
      currency: 'GBP',
      total: '10.00',
      order_date: '2026-11-20T10:00:00Z',
      customer: {
        name: `${ALPHA_MARKER} Customer`,
        email: `${ALPHA_MARKER.toLowerCase()}@example.test`,
        phone: null,
        remote_id: null,
      },
      lines: [{ remote_id: 'L1', sku: `${ALPHA_MARKER}-SKU`, title: 'Mug', quantity: 1, price: '10.00' }],
    },
  ]);
  return result.orderIds[0]!;
}

export const ordersCases: RouteCases = {
  'GET /orders/:storeId': {
    request: async (world) => {
      await alphaOrder(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /orders/:storeId/getOrderCountGroupByStatus': {
    request: async (world) => {
      await alphaOrder(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /orders/:storeId/selection': {
    request: async (world) => {
      await alphaOrder(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /orders/:storeId/:orderId': {
    request: async (world) => ({ params: { ...storeParams(world), orderId: await alphaOrder(world) } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /orders/:storeId/:orderId/orderItems': {
    request: async (world) => ({ params: { ...storeParams(world), orderId: await alphaOrder(world) } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /activities/order/:id': {
    request: async (world) => ({ params: { id: await alphaOrder(world) } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
};
