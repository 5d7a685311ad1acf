import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import type { OrderServices } from './order-services';

/** The plugin orders list (spec §2 `/plugins/orders/{storeId}`; contracts/src/orders/plugin-order.dto.ts). */
export function pluginOrderRoutes(services: () => OrderServices): ApiRoute[] {
  return [
    route('GET', '/plugins/orders/:storeId', { permission: 'orders.read' }, async (ctx) => {
      ctx.body = await services().pluginOrders.list(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query);
    }),
  ];
}
