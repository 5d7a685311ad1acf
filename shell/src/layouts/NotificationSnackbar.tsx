import { Button, notification } from 'antd';
import { useNavigate } from 'react-router';
import { NOTIFICATION_LEVEL, SNACKBAR_DURATION_MS, type NotificationDto } from '@syncdesk/contracts';
import { useRealtimeEvent } from '@syncdesk/web-kit';
import { fetchNotification } from './notifications.api';

const SNACKBAR_TYPE = {
  info: 'info',
  warning: 'warning',
  error: 'error',
} as const satisfies Record<(typeof NOTIFICATION_LEVEL.entries)[number]['key'], string>;

function snackbarType(level: number) {
  return SNACKBAR_TYPE[NOTIFICATION_LEVEL.byValue(level as NotificationDto['level'])?.key ?? 'info'];
}

/**
 * Spec §4 and §9: when a notification of this user arrives (`notification:created`), the snackbar
 * shows it for 3000 ms, bottom right, on a single line, with Close, and Open when it links to a
 * page. The event carries the id only; the text is read from the user's own notifications.
 */
export function NotificationSnackbar() {
  const [api, contextHolder] = notification.useNotification({
    placement: 'bottomRight',
    duration: SNACKBAR_DURATION_MS / 1000,
    maxCount: 3,
  });
  const navigate = useNavigate();

  useRealtimeEvent('notification:created', ({ notificationId }) => {
    fetchNotification(notificationId)
      .then((shown) => {
        if (!shown) return;
        const key = `notification-${shown.id}`;
        const text = `${shown.title}: ${shown.message}`;
        api.open({
          key,
          type: snackbarType(shown.level),
          title: (
            <span
              data-testid="notification-snackbar"
              title={text}
              style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {text}
            </span>
          ),
          closable: false,
          role: shown.level === NOTIFICATION_LEVEL.byKey('error').value ? 'alert' : 'status',
          actions: (
            <>
              {shown.link ? (
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    api.destroy(key);
                    void navigate(shown.link!);
                  }}
                >
                  Open
                </Button>
              ) : null}
              <Button size="small" type="text" onClick={() => api.destroy(key)}>
                Close
              </Button>
            </>
          ),
        });
      })
      // The page's Notifications list still has it; a snackbar that could not be read is skipped.
      .catch(() => undefined);
  });

  return contextHolder;
}
