import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for confirmation orders and their activities. Each call gets its own purchase order,
 * stored through the import service, so submitting one never changes another case's order.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;

let sequence = 0;

async function alphaConfirmationOrder(world: IsolationWorld) {
  const store = alphaStore(world);
  const channel = await insertChannelRow(world.services, store, { name: `${ALPHA_MARKER} Vendor Central` });
  const number = `${ALPHA_MARKER}-PO-${++sequence}`;
  const result = await world.services.confirmationOrders.importBatch(channel.id, [
    {
      purchase_order_number: number,
      order_date: new Date().toISOString(),
      acknowledge_by: new Date(Date.now() + 86_400_000).toISOString(),
      items: [{ item_sequence_number: '1', sku: `${ALPHA_MARKER}-SKU`, ordered_quantity: 2 }],
    },
  ]);
  const id = result.ids[0]!;
  const [item] = await world.services.models.ConfirmationOrderItem.findAll({
    where: { confirmation_order_id: id },
  });
  return { id, itemId: item!.id };
}

const orderParams = (world: IsolationWorld, id: number) => ({ storeId: alphaStore(world).id, id });

const BASE = '/confirmationOrders/:storeId';
const ORDER = `${BASE}/:id`;

export const confirmationOrdersCases: RouteCases = {
  [`GET ${BASE}`]: {
    request: async (world) => {
      await alphaConfirmationOrder(world);
      return { params: { storeId: alphaStore(world).id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`GET ${ORDER}`]: {
    request: async (world) => ({ params: orderParams(world, (await alphaConfirmationOrder(world)).id) }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`GET ${ORDER}/confirmationOrderItems`]: {
    request: async (world) => ({ params: orderParams(world, (await alphaConfirmationOrder(world)).id) }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${ORDER}`]: {
    request: async (world) => ({
      params: orderParams(world, (await alphaConfirmationOrder(world)).id),
      body: { seller_note: 'Check the pallet count' },
    }),
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`PUT ${ORDER}/:itemId/updateItem`]: {
    request: async (world) => {
      const { id, itemId } = await alphaConfirmationOrder(world);
      return { params: { ...orderParams(world, id), itemId }, body: { accepted_quantity: 2 } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  [`POST ${ORDER}/submitAcKnowledgement`]: {
    request: async (world) => {
      const { id, itemId } = await alphaConfirmationOrder(world);
      await world.services.models.ConfirmationOrderItem.update(
        { accepted_quantity: 2 },
        { where: { id: itemId } },
      );
      return { params: orderParams(world, id) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'GET /activities/confirmation_order/:id': {
    request: async (world) => ({ params: { id: (await alphaConfirmationOrder(world)).id } }),
    ownerStatus: 200,
    isolation: 'ids',
  },
};
