import type { ApiRoute } from '../../http/api-route';
import type { OrderServices } from './order-services';

// FOUNDATION STUB — the helper owning this area replaces this file's contents.
export function orderRoutes(_services: () => OrderServices): ApiRoute[] {
  return [];
}
