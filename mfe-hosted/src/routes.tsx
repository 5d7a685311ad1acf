import type { RouteObject } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { HostedPageListPage } from './pages/HostedPageListPage';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_hosted, and standalone mode mounts them at the root.
 */
export const routes: RouteObject[] = [{ path: ROUTE_PATTERNS.hostedPages, element: <HostedPageListPage /> }];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
