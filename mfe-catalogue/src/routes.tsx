import type { RouteObject } from 'react-router';
import { productRoutes } from './products/product-routes';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_catalogue, and standalone mode mounts them at the root.
 */
export const routes: RouteObject[] = [...productRoutes];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
