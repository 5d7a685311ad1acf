import { hasScope, type NavigationAccess, type SessionUser } from '@syncdesk/contracts';

/**
 * Whether the user may see a navigation entry (spec §2, §6). Administrators hold every permission
 * in their current company (IDENTITY_API), so they pass scope checks even if a scope is missing.
 */
export function canAccess(user: SessionUser, access: NavigationAccess): boolean {
  if (access === 'everyone') return true;
  if (access === 'administrator') return user.administrator;
  return user.administrator || hasScope(user.scope, access);
}
