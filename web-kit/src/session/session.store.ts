import { create } from 'zustand';

import { STORAGE_KEYS, type SessionUser } from '@syncdesk/contracts';

export type { SessionStore, SessionUser } from '@syncdesk/contracts';

export interface SessionState {
  /** Bearer token of the signed-in user, or null when signed out. */
  token: string | null;
  /** The user from `POST /me`; null until fetched after sign-in (or after a reload). */
  user: SessionUser | null;
  setToken(token: string | null): void;
  setUser(user: SessionUser | null): void;
  /** Signs out locally: clears token and user (logout, 401). */
  reset(): void;
}

/** Where the token survives a reload. The raw token is stored (not JSON) so tests and tools can read it. */
export const SESSION_TOKEN_STORAGE_KEY = STORAGE_KEYS.authToken;

// Storage can throw (privacy modes, disabled storage, a sandboxed iframe); the session then simply
// lives in memory for this page.
function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(SESSION_TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The token the browser keeps for every tab (null when signed out), or undefined when storage
 * cannot be read. Tabs share localStorage, so a logout or company switch in another tab shows here
 * at once, even before that tab's broadcast arrives.
 */
export function readSharedToken(): string | null | undefined {
  try {
    const storage = globalThis.localStorage;
    return storage ? storage.getItem(SESSION_TOKEN_STORAGE_KEY) : undefined;
  } catch {
    return undefined;
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(SESSION_TOKEN_STORAGE_KEY, token);
    else globalThis.localStorage?.removeItem(SESSION_TOKEN_STORAGE_KEY);
  } catch {
    // See readStoredToken.
  }
}

/**
 * The session. web-kit is a Module Federation singleton, so this module (and so this store) exists
 * once per page: the shell signs in and every remote sees the same token and user.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  token: readStoredToken(),
  user: null,
  setToken: (token) => {
    writeStoredToken(token);
    set({ token });
  },
  setUser: (user) => set({ user }),
  reset: () => {
    writeStoredToken(null);
    set({ token: null, user: null });
  },
}));
