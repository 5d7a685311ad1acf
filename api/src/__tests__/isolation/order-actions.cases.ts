import { randomUUID } from 'node:crypto';
import { insertChannelRow } from '../../testing/channel-fixtures';
import { addStatusMove, moveOrderStatusCounts } from '../../modules/orders/order-status-counts';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/**
 * Cases for the order actions, fulfilments and the plugin orders list. Every call gets its own
 * orders (through the import service) in the state its action needs, so no case depends on another.
 */

const alphaStore = (world: IsolationWorld) => world.alpha.stores[0]!;
const storeParams = (world: IsolationWorld) => ({ storeId: alphaStore(world).id });

async function alphaOrder(
  world: IsolationWorld,
  options: { syncStatus?: number; orderType?: string } = {},
): Promise<{ id: number; channelId: number }> {
  const { services } = world;
  const channel = await insertChannelRow(services, alphaStore(world), { name: `${ALPHA_MARKER} Shop` });
  const remoteId = `${ALPHA_MARKER}-${randomUUID().slice(0, 8)}`;
  const result = await services.orderImport.importBatch(channel.id, [
    {
      remote_id: remoteId,
      order_number: remoteId,
      status: 'Unshipped',
      currency: 'GBP',
      total: '10.00',
      order_date: '2026-11-20T10:00:00Z',
      customer: { name: `${ALPHA_MARKER} Customer`, email: null, phone: null, remote_id: null },
      shipping_method: 'Royal Mail 48',
      order_type: options.orderType ?? null,
      lines: [{ remote_id: 'L1', sku: `${ALPHA_MARKER}-SKU`, title: 'Mug', quantity: 2, price: '5.00' }],
    },
  ]);
  const id = result.orderIds[0]!;
  if (options.syncStatus !== undefined) {
    // As the sync engine will: the order and its counter move together.
    const to = options.syncStatus;
    await services.sequelize.transaction(async (transaction) => {
      await services.models.Order.update({ sync_status: to }, { where: { id }, transaction });
      const deltas = new Map<string, number>();
      addStatusMove(
        deltas,
        { sync_status: 0, status: 'Unshipped' },
        { sync_status: to, status: 'Unshipped' },
      );
      await moveOrderStatusCounts(services.sequelize, alphaStore(world).id, deltas, transaction);
    });
  }
  return { id, channelId: channel.id };
}

async function alphaPlugin(world: IsolationWorld) {
  return insertChannelRow(world.services, alphaStore(world), {
    name: `${ALPHA_MARKER} WMS`,
    kind: 'plugin',
    type: 'shipbob',
  });
}

/** An order a plugin has synced (so it can be resent). */
async function alphaPluginOrder(world: IsolationWorld) {
  const order = await alphaOrder(world);
  const plugin = await alphaPlugin(world);
  await world.services.models.PluginOrder.create({
    order_id: order.id,
    plugin_id: plugin.id,
    remote_id: `${ALPHA_MARKER}-WMS`,
    sync_status: 2,
    synced_at: new Date(),
  });
  return { order, plugin };
}

async function alphaFailedFulfilment(world: IsolationWorld) {
  const order = await alphaOrder(world);
  return world.services.models.OrderFulfillment.create({
    uuid: randomUUID(),
    order_id: order.id,
    courier: `${ALPHA_MARKER} Courier`,
    shipping_method: null,
    shipping_tracking_code: `${ALPHA_MARKER}-T`,
    sync_status: 3,
    lines: null,
  });
}

export const orderActionsCases: RouteCases = {
  'POST /orders/:storeId/updateSyncStatus': {
    request: async (world) => {
      const order = await alphaOrder(world);
      return { params: storeParams(world), body: { action_type: 'order', status: 3, order_ids: [order.id] } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /orders/:storeId/bulkUpdatePluginSyncStatus': {
    request: async (world) => {
      const { order } = await alphaPluginOrder(world);
      return { params: storeParams(world), body: { order_ids: [order.id] } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /orders/:storeId/:orderId/updatePluginSyncStatus': {
    request: async (world) => {
      const { order, plugin } = await alphaPluginOrder(world);
      return { params: { ...storeParams(world), orderId: order.id }, body: { plugin_id: plugin.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /orders/:storeId/:orderId/resendTheExcludedOrder': {
    request: async (world) => {
      const order = await alphaOrder(world, { syncStatus: 6 });
      return { params: { ...storeParams(world), orderId: order.id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'PUT /orders/:storeId/:orderId/sendPickupOrder': {
    request: async (world) => {
      const order = await alphaOrder(world, { orderType: 'pickup' });
      return {
        params: { ...storeParams(world), orderId: order.id },
        body: { action: 'Mark as Ready For Pickup' },
      };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /orders/fulfillment/notSynced': {
    request: async (world) => {
      const fulfilment = await alphaFailedFulfilment(world);
      return { body: { order_fulfillment_ids: [fulfilment.id] } };
    },
    ownerStatus: 200,
    // No store in the path: Alpha's fulfilment ids in Beta's call are not found, and never named.
    isolation: 'own',
  },
  'GET /orders/:storeId/:orderId/fulfillments': {
    request: async (world) => {
      const fulfilment = await alphaFailedFulfilment(world);
      return { params: { ...storeParams(world), orderId: fulfilment.order_id } };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
  'POST /orders/:storeId/:orderId/fulfillments': {
    request: async (world) => {
      const order = await alphaOrder(world);
      return {
        params: { ...storeParams(world), orderId: order.id },
        body: { courier: `${ALPHA_MARKER} Courier`, shipping_tracking_code: 'T-1' },
      };
    },
    ownerStatus: 201,
    isolation: 'ids',
  },
  'GET /plugins/orders/:storeId': {
    request: async (world) => {
      await alphaPluginOrder(world);
      return { params: storeParams(world) };
    },
    ownerStatus: 200,
    isolation: 'ids',
  },
};
