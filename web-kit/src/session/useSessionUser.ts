import type { SessionUser } from '@syncdesk/contracts';

import { useSessionStore } from './session.store';

/** The signed-in user, or null while signed out or not yet fetched. */
export function useSessionUser(): SessionUser | null {
  return useSessionStore((state) => state.user);
}
