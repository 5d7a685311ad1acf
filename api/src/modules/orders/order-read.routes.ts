import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import type { OrderServices } from './order-services';
import { ORDER_SUBJECT } from './order-subject';

const BASE = '/orders/:storeId';

/**
 * Reading orders (spec §7), for whoever may read orders. `getOrderCountGroupByStatus` and `selection` come before
 * `/:orderId` (the router runs the first route that matches; order.routes.ts puts these last).
 */
export function orderReadRoutes(services: () => OrderServices): ApiRoute[] {
  return [
    route('GET', BASE, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = await services().orders.list(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query);
    }),
    route('GET', `${BASE}/getOrderCountGroupByStatus`, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = {
        data: await services().orders.countByStatus(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query),
      };
    }),
    // "Select all N": the set frozen when the seller chooses it (a bulk action sends its `up_to_id`).
    route('GET', `${BASE}/selection`, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = {
        data: await services().orders.selection(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query),
      };
    }),
    route('GET', `${BASE}/:orderId`, { permission: 'orders.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = { data: await services().orders.show(scopeOf(ctx), storeId, idParam(ctx, 'orderId')) };
    }),
    route('GET', `${BASE}/:orderId/orderItems`, { permission: 'orders.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = await services().orders.items(scopeOf(ctx), storeId, idParam(ctx, 'orderId'));
    }),
    // An order's activities (the timeline of the detail screen): whoever may read the order.
    route('GET', `/activities/${ORDER_SUBJECT}/:id`, { permission: 'orders.read' }, async (ctx) => {
      ctx.body = await services().orders.activities(scopeOf(ctx), idParam(ctx, 'id'), ctx.query);
    }),
  ];
}
