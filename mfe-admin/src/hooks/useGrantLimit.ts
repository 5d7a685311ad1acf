import { useMemo } from 'react';

import {
  hasScope,
  PERMISSION_NAMES,
  permissionsBeyond,
  type PermissionName,
  type SessionUser,
} from '@syncdesk/contracts';
import { useSessionUser } from '@syncdesk/web-kit';

/** Shown on a permission or role the signed-in user may not hand out. */
export const GRANT_BEYOND_HELD_HINT = 'You can only grant permissions you hold.';
/** Shown on the user's own role select: a role is given by someone else. */
export const OWN_ROLE_HINT = 'You can not change your own role.';
/** Shown on the company owner's role select. */
export const OWNER_ROLE_HINT = "The owner's role changes only through an ownership transfer.";
/** Shown on a member whose role holds more than the signed-in user (the server refuses the change). */
export const MEMBER_BEYOND_REACH_HINT = 'You can not change a member who holds permissions you do not hold.';
/** Shown on a role holding more than the signed-in user (the server refuses any change to it). */
export const ROLE_BEYOND_REACH_HINT = 'You can not change a role that holds permissions you do not hold.';

export interface GrantLimit {
  /** Platform administrators grant anything; everyone else only what they hold. */
  exempt: boolean;
  /** Whether a role with these permissions may be handed out or written by the user. */
  mayGrant(permissions: readonly string[]): boolean;
  /**
   * Permissions whose checkbox the user may not toggle in the role editor: one they lack (checking
   * it would grant it), and data protection while they work under it (unchecking it unmasks).
   */
  locked: ReadonlySet<PermissionName>;
}

function heldPermissions(user: SessionUser): PermissionName[] {
  return PERMISSION_NAMES.filter((name) => hasScope(user.scope, name));
}

/**
 * Nobody grants a permission they do not hold (the server enforces it and answers 403); this hook
 * lets screens say so before the user tries. `permissionsBeyond` in contracts is the one rule.
 */
export function useGrantLimit(): GrantLimit {
  const user = useSessionUser();
  return useMemo(() => {
    if (!user || user.administrator) {
      return { exempt: true, mayGrant: () => true, locked: new Set<PermissionName>() };
    }
    const held = heldPermissions(user);
    const widens = (name: PermissionName) =>
      name === 'data_protection'
        ? permissionsBeyond(held, []).includes(name)
        : permissionsBeyond(held, [name]).includes(name);
    return {
      exempt: false,
      mayGrant: (permissions) => permissionsBeyond(held, permissions).length === 0,
      locked: new Set(PERMISSION_NAMES.filter(widens)),
    };
  }, [user]);
}
