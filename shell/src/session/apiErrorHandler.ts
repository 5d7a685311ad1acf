import { ROUTE_PATTERNS } from '@syncdesk/contracts';
import { endLocalSession, notifyError, type ApiError } from '@syncdesk/web-kit';
import { isGuestPath, isHostedVisitorPath } from '../guards/guestPaths';

export interface ApiErrorHandlerOptions {
  navigate: (path: string) => void;
  /** The current path, read when the error arrives. */
  currentPath: () => string;
}

/**
 * What the shared api client does with a failure (spec §6, §8):
 *  - 401 on a hosted page (its calls carry the page's token): go to `/hostedPages/error` ('Token
 *    expired', spec §8); a signed-in seller trying their own link keeps their session;
 *  - other 401: the session is over: reset and go to `/login`, except on guest pages (their forms
 *    say what went wrong, and there is no session to end);
 *  - 403: a notification, then `/`;
 *  - anything else: the red notification (errorNotificationText decides the text or to skip).
 */
export function createApiErrorHandler({ navigate, currentPath }: ApiErrorHandlerOptions) {
  return (error: ApiError): void => {
    if (error.status === 401) {
      if (isHostedVisitorPath(currentPath())) {
        navigate(ROUTE_PATTERNS.hostedPagesError);
        return;
      }
      if (isGuestPath(currentPath())) return;
      endLocalSession();
      navigate('/login');
      return;
    }
    notifyError(error);
    if (error.status === 403) navigate('/');
  };
}
