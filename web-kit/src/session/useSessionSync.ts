import { useEffect } from 'react';

import { isApiError } from '../http/api-error';
import { useRealtimeEvent } from '../realtime/useRealtimeEvent';
import { clearSessionLocalKeys, endLocalSession, refreshSessionUser } from './session.actions';
import { listenToSessionMessages, type SessionBroadcastMessage } from './session.channel';
import { navigateForSession } from './session.navigation';
import { readSharedToken, useSessionStore } from './session.store';

/** What a tab does when another tab of this browser switched company or logged out (spec §4). */
export function applySessionMessage(message: SessionBroadcastMessage): void {
  if (message.type === 'signed-out') {
    endLocalSession();
    navigateForSession('/login');
    return;
  }
  if (message.token === useSessionStore.getState().token) return;
  clearSessionLocalKeys();
  useSessionStore.getState().setToken(message.token);
  // The user of the new company; a failure leaves the guard to fetch it (or to send to login on 401).
  void refreshSessionUser().catch(() => undefined);
  navigateForSession('/');
}

/**
 * Keeps this tab's session in step with the others. Mount once, in the shell:
 *  - BroadcastChannel messages from other tabs of this browser (company switched, logged out);
 *  - `session:ended` from the server, which names only the user: a sign-out in this browser has
 *    already cleared the shared stored token, so this tab follows it without a request; another
 *    browser signing out revokes only its own token, so this tab asks `POST /me` whether its token
 *    still works and ends its session only on a 401;
 *  - `company:switched` is deliberately not acted on: tabs of this browser already got the
 *    broadcast with the token, and other browsers hold their own token for their own company.
 */
export function useSessionSync(): void {
  useEffect(() => listenToSessionMessages(applySessionMessage), []);

  useRealtimeEvent('session:ended', (event) => {
    const { token, user } = useSessionStore.getState();
    if (!token || !user || user.id !== event.userId) return;
    // Another tab of this browser may have ended or switched this session a moment ago (its
    // broadcast is still on the way): the shared stored token already says so, and asking `/me`
    // with a revoked token would only earn a 401.
    const shared = readSharedToken();
    if (shared === null) {
      applySessionMessage({ type: 'signed-out' });
      return;
    }
    if (shared !== undefined && shared !== token) {
      applySessionMessage({ type: 'company-switched', token: shared });
      return;
    }
    refreshSessionUser().catch((error: unknown) => {
      // refreshSessionUser already reset the session on a 401; only the navigation is left.
      if (isApiError(error) && error.status === 401) navigateForSession('/login');
    });
  });
}
