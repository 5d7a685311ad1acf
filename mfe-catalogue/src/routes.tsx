import type { RouteObject } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { ProductListPage } from './pages/ProductListPage';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_catalogue, and standalone mode mounts them at the root.
 */
export const routes: RouteObject[] = [
  { path: ROUTE_PATTERNS.products, element: <ProductListPage /> },
  { path: ROUTE_PATTERNS.productList, element: <ProductListPage /> },
];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
