import type { ApiRoute } from '../../http/api-route';
import type { OrderServices } from './order-services';

// FOUNDATION STUB — filled in by its helper.
export function orderReadRoutes(_services: () => OrderServices): ApiRoute[] {
  return [];
}
