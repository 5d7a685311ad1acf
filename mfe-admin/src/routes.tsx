import type { RouteObject } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { CompanyListPage } from './pages/CompanyListPage';
import { InvitationListPage } from './pages/InvitationListPage';
import { NotificationListPage } from './pages/NotificationListPage';
import { RoleEditorPage } from './pages/RoleEditorPage';
import { RoleListPage } from './pages/RoleListPage';
import { SettingsPage } from './pages/SettingsPage';
import { UserCreatePage } from './pages/UserCreatePage';
import { UserDetailPage } from './pages/UserDetailPage';
import { UserInvitePage } from './pages/UserInvitePage';
import { UserListPage } from './pages/UserListPage';

/** The pending-invitations list; the spec names only `/invitations/accept` (a shell guest page). */
const INVITATIONS_PATH = '/invitations';

/**
 * The pages this remote offers, with absolute paths: the shell mounts them under the top-level
 * paths contracts' REMOTES gives mfe_admin, and standalone mode mounts them at the root.
 */
export const routes: RouteObject[] = [
  { path: ROUTE_PATTERNS.companies, element: <CompanyListPage /> },
  { path: ROUTE_PATTERNS.users, element: <UserListPage /> },
  { path: ROUTE_PATTERNS.userCreate, element: <UserCreatePage /> },
  { path: ROUTE_PATTERNS.userInvite, element: <UserInvitePage /> },
  { path: ROUTE_PATTERNS.userDetail, element: <UserDetailPage /> },
  { path: INVITATIONS_PATH, element: <InvitationListPage /> },
  { path: ROUTE_PATTERNS.roles, element: <RoleListPage /> },
  { path: ROUTE_PATTERNS.roleCreate, element: <RoleEditorPage /> },
  { path: ROUTE_PATTERNS.roleDetail, element: <RoleEditorPage /> },
  { path: ROUTE_PATTERNS.settings, element: <SettingsPage /> },
  { path: ROUTE_PATTERNS.notifications, element: <NotificationListPage /> },
];

// Module Federation hands the shell this module; the shell reads `default` (or `routes`).
export default routes;
