import type { RouteObject } from 'react-router';

import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { AuthorizationCallbackPage } from './AuthorizationCallbackPage';
import { AuthorizationConnectPage } from './AuthorizationConnectPage';

/**
 * The OAuth connect flow (platform-shell §2). The two callback paths must also work signed out
 * (guest links): the shell mounts them outside its login guard.
 */
export const authorizationRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.authorizationConnect, element: <AuthorizationConnectPage plugin={false} /> },
  { path: ROUTE_PATTERNS.authorizationPluginConnect, element: <AuthorizationConnectPage plugin /> },
  { path: ROUTE_PATTERNS.authorization, element: <AuthorizationCallbackPage plugin={false} /> },
  { path: ROUTE_PATTERNS.authorizationPlugin, element: <AuthorizationCallbackPage plugin /> },
];
