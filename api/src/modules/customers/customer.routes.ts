import type { ApiRoute } from '../../http/api-route';
import type { OrderServices } from '../orders/order-services';

// FOUNDATION STUB — filled in by its helper.
export function customerRoutes(_services: () => OrderServices): ApiRoute[] {
  return [];
}
