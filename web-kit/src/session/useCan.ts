import { useCallback } from 'react';

import { hasScope, type PermissionName } from '@syncdesk/contracts';
import { useSessionUser } from './useSessionUser';

/**
 * Whether the signed-in user may do something, to hide buttons they could not use; the server
 * checks again. Administrators hold every permission in their current company.
 */
export function useCan(): (permission: PermissionName) => boolean {
  const user = useSessionUser();
  return useCallback(
    (permission: PermissionName) => Boolean(user && (user.administrator || hasScope(user.scope, permission))),
    [user],
  );
}
