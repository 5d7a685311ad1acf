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

/**
 * The pages of a hosted-page visitor (spec §1): public, reached with a token, and their calls carry
 * that token. A 401 there means the token no longer works, not that a session ended.
 */
export const HOSTED_VISITOR_PATTERNS: readonly string[] = [
  `${ROUTE_PATTERNS.hostedPage}/*`,
  ROUTE_PATTERNS.hostedPagesRedirecting,
];

export function isHostedVisitorPath(pathname: string): boolean {
  // `/hostedPages/error` is where a 401 leads, and the seller's own `/hostedPages` needs a login.
  if (matchPath(ROUTE_PATTERNS.hostedPagesError, pathname)) return false;
  return HOSTED_VISITOR_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Public pages of the hosted remote that need no login: the integrations landing pages. */
export const PUBLIC_REMOTE_PATHS: readonly string[] = [ROUTE_PATTERNS.integrations];

/** Administrator-only areas (spec §2, §6); they belong to the admin remote. */
export const ADMIN_ONLY_PATHS: readonly string[] = [
  ROUTE_PATTERNS.stats,
  ROUTE_PATTERNS.adminSettings,
  ROUTE_PATTERNS.adminNotifications,
  ROUTE_PATTERNS.integrationErrors,
];
