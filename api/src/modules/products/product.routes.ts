import type { ApiRoute } from '../../http/api-route';
import type { ProductServices } from './product-services';

// FOUNDATION STUB — the products helper replaces this file's contents.
export function productRoutes(_services: () => ProductServices): ApiRoute[] {
  return [];
}
