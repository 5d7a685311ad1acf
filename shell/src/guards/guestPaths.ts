import { matchPath } from 'react-router';
import { ROUTE_PATTERNS } from '@syncdesk/contracts';

/** Pages that work without a session; a 401 there is the form's business, not a reason to go to login. */
export const GUEST_PATTERNS: readonly string[] = [
  ROUTE_PATTERNS.login,
  ROUTE_PATTERNS.loginAdmin,
  ROUTE_PATTERNS.registerAdmin,
  ROUTE_PATTERNS.restore,
  ROUTE_PATTERNS.passwordReset,
  ROUTE_PATTERNS.verifyEmail,
  ROUTE_PATTERNS.invitationAccept,
];

export function isGuestPath(pathname: string): boolean {
  return GUEST_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Administrator-only areas (spec §2, §6); they belong to the admin remote. */
export const ADMIN_ONLY_PATHS: readonly string[] = [
  ROUTE_PATTERNS.stats,
  ROUTE_PATTERNS.adminSettings,
  ROUTE_PATTERNS.adminNotifications,
  ROUTE_PATTERNS.integrationErrors,
];
