import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import type { OrderServices } from '../orders/order-services';

const BASE = '/customers/:storeId';

/**
 * Customers of a store (built from its orders), for whoever may read customers. The list and a
 * customer's orders follow the list convention; the detail carries the 10 latest orders.
 */
export function customerRoutes(services: () => OrderServices): ApiRoute[] {
  return [
    route('GET', BASE, { permission: 'customers.read' }, async (ctx) => {
      ctx.body = await services().customers.list(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query);
    }),
    route('GET', `${BASE}/:customerId`, { permission: 'customers.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      ctx.body = { data: await services().customers.show(scopeOf(ctx), storeId, idParam(ctx, 'customerId')) };
    }),
    route('GET', `${BASE}/:customerId/orders`, { permission: 'customers.read' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const customerId = idParam(ctx, 'customerId');
      ctx.body = await services().customers.orders(scopeOf(ctx), storeId, customerId, ctx.query);
    }),
  ];
}
