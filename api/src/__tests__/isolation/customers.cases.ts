import { randomUUID } from 'node:crypto';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for customers: the list, the detail and a customer's orders. Each call imports its own
 * Alpha order, whose customer (name and e-mail carry the marker) the import files.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;
const storeParams = (world: IsolationWorld) => ({ storeId: alphaStore(world).id });

async function alphaCustomer(world: IsolationWorld): Promise<number> {
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
        name: `${ALPHA_MARKER} Buyer`,
        email: `${remoteId.toLowerCase()}@example.test`,
        phone: null,
        remote_id: null,
      },
      lines: [{ remote_id: 'L1', sku: null, title: 'Mug', quantity: 1, price: '10.00' }],
    },
  ]);
  const order = await world.services.models.Order.findByPk(result.orderIds[0]!);
  return order!.customer_id!;
}

export const customersCases: RouteCases = {
  'GET /customers/:storeId': {
    request: async (world) => {
      await alphaCustomer(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /customers/:storeId/:customerId': {
    request: async (world) => ({ params: { ...storeParams(world), customerId: await alphaCustomer(world) } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /customers/:storeId/:customerId/orders': {
    request: async (world) => ({ params: { ...storeParams(world), customerId: await alphaCustomer(world) } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
};
