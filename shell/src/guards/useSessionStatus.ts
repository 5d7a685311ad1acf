import { useCallback, useEffect, useState } from 'react';
import type { SessionUser } from '@syncdesk/contracts';
import { refreshSessionUser, useSessionStore } from '@syncdesk/web-kit';

export type SessionStatus =
  | { kind: 'signed-out' }
  | { kind: 'loading' }
  /** The user could not be fetched for another reason than a dead token (network, 5xx). */
  | { kind: 'failed'; retry: () => void }
  | { kind: 'signed-in'; user: SessionUser };

/**
 * Where the session stands for a guard. A stored token without a user (a reload, another tab's
 * switch) fetches the user once; a 401 ends the session inside refreshSessionUser.
 */
export function useSessionStatus(): SessionStatus {
  const token = useSessionStore((state) => state.token);
  const user = useSessionStore((state) => state.user);
  const [failedToken, setFailedToken] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailedToken(null);
    refreshSessionUser().catch(() => {
      if (useSessionStore.getState().token === token) setFailedToken(token);
    });
  }, [token]);

  const needsUser = token !== null && user === null;
  useEffect(() => {
    if (needsUser) load();
  }, [needsUser, load]);

  if (!token) return { kind: 'signed-out' };
  if (user) return { kind: 'signed-in', user };
  if (failedToken === token) return { kind: 'failed', retry: load };
  return { kind: 'loading' };
}
