import type { ApiRoute } from '../../http/api-route';
import type { OrderServices } from './order-services';
import { orderActionRoutes } from './order-action.routes';
import { fulfilmentRoutes } from './fulfilment.routes';
import { pluginOrderRoutes } from './plugin-order.routes';
import { orderReadRoutes } from './order-read.routes';
import { customerRoutes } from '../customers/customer.routes';

/**
 * Orders, fulfilments, plugin orders and customers. The router runs the first route that
 * matches, so the routes with fixed segments (`getOrderCountGroupByStatus`, `updateSyncStatus`,
 * `fulfillment/notSynced`…) come before `/orders/:storeId/:orderId`.
 */
export function orderRoutes(services: () => OrderServices): ApiRoute[] {
  return [
    ...orderActionRoutes(services),
    ...fulfilmentRoutes(services),
    ...pluginOrderRoutes(services),
    ...customerRoutes(services),
    ...orderReadRoutes(services),
  ];
}
