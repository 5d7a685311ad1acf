import type { ApiRoute } from '../../http/api-route';
import type { OrderServices } from './order-services';

/** The orders calls of spec §7 (list, detail, bulk sync-status changes…): next session. */
export function orderRoutes(_services: () => OrderServices): ApiRoute[] {
  return [];
}
