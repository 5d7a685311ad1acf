import { useCallback, useEffect, useState } from 'react';
import { useRealtimeEvent } from '@syncdesk/web-kit';
import { fetchUnreadCount } from '../layouts/notifications.api';

/**
 * How many of the user's notifications are unread, for the account menu's Notifications entry.
 * Read when the top bar mounts, when a new one arrives, and whenever `refresh` is called (the menu
 * opening): marking them read on the Notifications page then shows the next time the menu opens.
 */
export function useUnreadNotifications(): { unread: number; refresh: () => void } {
  const [unread, setUnread] = useState(0);
  const refresh = useCallback(() => {
    fetchUnreadCount().then(setUnread, () => undefined);
  }, []);
  useEffect(refresh, [refresh]);
  useRealtimeEvent('notification:created', refresh);
  return { unread, refresh };
}
