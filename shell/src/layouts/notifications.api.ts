import type { ListResponse, NotificationDto, NotificationStatsDto } from '@syncdesk/contracts';
import { quietApiClient } from '@syncdesk/web-kit';

/**
 * The shell's own reads of the user's notifications (the unread count, the snackbar's text). They
 * run in the background on every page, so a failure stays quiet: a red error about a badge would
 * be noise, and the Notifications page reports its own failures.
 */
const quietClient = quietApiClient;

export async function fetchUnreadCount(): Promise<number> {
  return (await quietClient.get<{ data: NotificationStatsDto }>('notifications/stats')).data.unread;
}

/** One of the user's notifications by id, or null when it is not theirs here (another company's). */
export async function fetchNotification(id: number): Promise<NotificationDto | null> {
  const page = await quietClient.get<ListResponse<NotificationDto>>('notifications', {
    show_all: 1,
    'id[eq]': id,
  });
  return page.data[0] ?? null;
}
