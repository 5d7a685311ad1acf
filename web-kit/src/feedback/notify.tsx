import { Button, notification } from 'antd';

import { SNACKBAR_DURATION_MS, SOMETHING_WENT_WRONG } from '@syncdesk/contracts';

import { isApiError } from '../http/api-error';
import { errorNotificationText } from '../http/error-notification-text';

/** What `notification.useNotification()` returns; the static `notification` has the same calls. */
type NotificationInstance = ReturnType<typeof notification.useNotification>[0];

// The hook-based instance from <NotificationBridge/> renders inside the app's ConfigProvider, so
// snackbars follow the theme (dark mode). Until it mounts (or in a bare remote) the static API is
// used; it works but cannot read the theme.
let contextualApi: NotificationInstance | null = null;

/** @internal Used by NotificationBridge; returns the unregister function. */
export function registerNotificationApi(api: NotificationInstance): () => void {
  contextualApi = api;
  return () => {
    if (contextualApi === api) contextualApi = null;
  };
}

let nextKey = 0;

function show(type: 'error' | 'success', text: string): void {
  const api = contextualApi ?? notification;
  const key = `syncdesk-snackbar-${++nextKey}`;
  // Spec §9: 3000 ms, bottom right, a single line, with a Close button.
  api.open({
    key,
    type,
    title: text,
    placement: 'bottomRight',
    duration: SNACKBAR_DURATION_MS / 1000,
    closable: false,
    role: type === 'error' ? 'alert' : 'status',
    // A long unbroken token (a url, a list of keys) wraps inside the snackbar instead of running out of it.
    style: { overflowWrap: 'anywhere' },
    actions: (
      <Button size="small" type="text" onClick={() => api.destroy(key)}>
        Close
      </Button>
    ),
  });
}

/**
 * Shows the red notification for a failure. An ApiError follows the spec's rules (and may show
 * nothing); a string is shown as is; anything else gets the generic text.
 */
export function notifyError(error: unknown): void {
  const text = isApiError(error)
    ? errorNotificationText(error)
    : typeof error === 'string'
      ? error
      : SOMETHING_WENT_WRONG;
  if (text) show('error', text);
}

export function notifySuccess(text: string): void {
  show('success', text);
}
