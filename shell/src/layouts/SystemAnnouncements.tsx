import { useCallback } from 'react';
import { App, Button } from 'antd';
import { SNACKBAR_DURATION_MS, type SystemAnnouncementEvent } from '@syncdesk/contracts';
import { useRealtimeEvent } from '@syncdesk/web-kit';

/**
 * Shows each `system:announcement` from the realtime channel as the spec's snackbar (bottom right,
 * 3000 ms, Close button). web-kit's notifySuccess/notifyError have that shape but mark the text as a
 * success or a failure; an announcement is neither, so it is shown as information here.
 */
export function SystemAnnouncements() {
  const { notification } = App.useApp();

  const show = useCallback(
    (event: SystemAnnouncementEvent) => {
      // The announcement id doubles as the key, so a repeated delivery replaces rather than stacks.
      const key = `announcement-${event.id}`;
      notification.info({
        key,
        title: 'Announcement',
        description: event.message,
        placement: 'bottomRight',
        duration: SNACKBAR_DURATION_MS / 1000,
        // One way to dismiss it, the spec's Close button (as web-kit's snackbars do).
        closable: false,
        actions: (
          <Button size="small" onClick={() => notification.destroy(key)}>
            Close
          </Button>
        ),
        props: { 'data-testid': 'system-announcement' },
      });
    },
    [notification],
  );

  useRealtimeEvent('system:announcement', show);
  return null;
}
