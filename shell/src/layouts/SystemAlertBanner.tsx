import { useState } from 'react';
import { Alert } from 'antd';
import type { SystemAnnouncementEvent } from '@syncdesk/contracts';
import { useRealtimeEvent } from '@syncdesk/web-kit';

/**
 * The default layout's system alert banner (spec §2): the latest `system:announcement` stays at the
 * top of the page until dismissed. A newer announcement replaces the shown one; a repeated delivery
 * of a dismissed one (same id) does not bring it back.
 */
export function SystemAlertBanner() {
  const [announcement, setAnnouncement] = useState<SystemAnnouncementEvent | null>(null);
  const [dismissedId, setDismissedId] = useState<number | null>(null);

  useRealtimeEvent('system:announcement', (event) => {
    if (event.id !== dismissedId) setAnnouncement(event);
  });

  if (!announcement) return null;
  return (
    <div data-testid="system-alert-banner">
      <Alert
        banner
        type="warning"
        title={announcement.message}
        closable={{
          'aria-label': 'Dismiss',
          onClose: () => {
            setDismissedId(announcement.id);
            setAnnouncement(null);
          },
        }}
      />
    </div>
  );
}
