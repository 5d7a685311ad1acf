import type { RouteObject } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { CompanyListPage } from './pages/CompanyListPage';
import { NotificationListPage } from './pages/NotificationListPage';
import { RoleListPage } from './pages/RoleListPage';
import { SettingsPage } from './pages/SettingsPage';
import { UserListPage } from './pages/UserListPage';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_admin, and standalone mode mounts them at the root.
 */
export const routes: RouteObject[] = [
  { path: ROUTE_PATTERNS.companies, element: <CompanyListPage /> },
  { path: ROUTE_PATTERNS.users, element: <UserListPage /> },
  { path: ROUTE_PATTERNS.roles, element: <RoleListPage /> },
  { path: ROUTE_PATTERNS.settings, element: <SettingsPage /> },
  { path: ROUTE_PATTERNS.notifications, element: <NotificationListPage /> },
];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
