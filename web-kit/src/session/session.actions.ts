import {
  formatMessage,
  SUCCESS_MESSAGES,
  type SessionUser,
  type SignInInput,
  type TokenResponse,
} from '@syncdesk/contracts';

import { apiClient, quietApiClient as quietClient } from '../http/api-client';
import { isApiError } from '../http/api-error';
import { notifySuccess } from '../feedback/notify';
import { connectRealtime } from '../realtime/realtime.client';
import { broadcastSessionMessage } from './session.channel';
import { navigateForSession } from './session.navigation';
import { useSessionStore } from './session.store';

interface DataResponse<T> {
  data: T;
}

/**
 * Session calls whose failures the caller shows itself: guest forms put the server's text inline
 * (a red notification as well would say it twice), and a failed sign-out is ignored (spec §7).
 */

/** Clears what lives only for this tab's session (spec §9: on store or company switch). */
export function clearSessionLocalKeys(): void {
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/** Signs out this tab only: token and user gone (the realtime socket follows the store). */
export function endLocalSession(): void {
  useSessionStore.getState().reset();
  clearSessionLocalKeys();
}

let loadingUser: { token: string; promise: Promise<SessionUser> } | null = null;

/**
 * `POST /me` with the current token and stores the user; opens the realtime connection for that
 * token. A 401 means the token is dead: the session is reset here, so guards send the person to
 * login whatever error handler is registered. Concurrent calls for one token share one request.
 */
export function refreshSessionUser(): Promise<SessionUser> {
  const token = useSessionStore.getState().token;
  if (!token) return Promise.reject(new Error('Not signed in'));
  if (loadingUser?.token === token) return loadingUser.promise;

  const promise = quietClient
    .post<DataResponse<SessionUser>>('/me')
    .then((response) => {
      // A sign-out or switch that happened meanwhile wins over this late answer.
      if (useSessionStore.getState().token === token) {
        useSessionStore.getState().setUser(response.data);
        connectRealtime(token);
      }
      return response.data;
    })
    .catch((error: unknown) => {
      if (isApiError(error) && error.status === 401 && useSessionStore.getState().token === token) {
        endLocalSession();
      }
      throw error;
    })
    .finally(() => {
      if (loadingUser?.promise === promise) loadingUser = null;
    });
  loadingUser = { token, promise };
  return promise;
}

/**
 * Starts a session from a token the server just issued (sign-in, registration, accepted
 * invitation): token stored, then the user fetched (spec §4). If the user cannot be fetched the
 * token is dropped again, so a half-signed-in state never lingers.
 */
export async function startSession(token: string): Promise<SessionUser> {
  useSessionStore.getState().setToken(token);
  try {
    return await refreshSessionUser();
  } catch (error) {
    if (useSessionStore.getState().token === token) endLocalSession();
    throw error;
  }
}

/**
 * `POST /auth/signIn`, then the user. Rejects with the ApiError (422 wrong credentials, 429
 * throttled with the seconds in its message, 403 IP not allowed) for the form to show; nothing is
 * notified. Where to go afterwards is the page's decision (the remembered path).
 */
export async function signIn(email: string, password: string): Promise<SessionUser> {
  const credentials: SignInInput = { email, password };
  const response = await quietClient.post<DataResponse<TokenResponse>>('/auth/signIn', credentials);
  return startSession(response.data.token);
}

/**
 * Ends the session here and in the other tabs, goes to `/login`, then `POST /auth/signOut` with
 * the token it held (failures ignored: the local session is over anyway). The order matters: the
 * server answers a sign-out by announcing `session:ended` to every socket of the user, and a tab
 * still holding the token would then ask `/me` with a token that no longer works. Ending first
 * clears the shared stored token and tells the other tabs before the token is revoked.
 */
export async function signOut(): Promise<void> {
  const { token } = useSessionStore.getState();
  endLocalSession();
  broadcastSessionMessage({ type: 'signed-out' });
  navigateForSession('/login');
  if (token) {
    await quietClient
      .post('/auth/signOut', undefined, { headers: { Authorization: `Bearer ${token}` } })
      .catch(() => undefined);
  }
}

/**
 * `POST /auth/switchCompany/{id}` → the new token; session-local keys cleared, the user fetched
 * for the new company, the other tabs told, and this tab goes to `/`. Failures (404 when not a
 * member) go through the shared client's error handler, i.e. a notification, and reject.
 */
export async function switchCompany(companyId: number): Promise<SessionUser> {
  const response = await apiClient.post<DataResponse<TokenResponse>>(`/auth/switchCompany/${companyId}`);
  const { token } = response.data;
  clearSessionLocalKeys();
  // The previous user stays shown until the new one arrives, so the layout does not flash empty.
  useSessionStore.getState().setToken(token);
  const user = await refreshSessionUser();
  broadcastSessionMessage({ type: 'company-switched', token });
  notifySuccess(formatMessage(SUCCESS_MESSAGES.switchedCompany, { company: user.company }));
  navigateForSession('/');
  return user;
}
