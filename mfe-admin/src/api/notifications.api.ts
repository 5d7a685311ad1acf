import type { BulkUpdateNotificationsInput } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

export const NOTIFICATIONS_PATH = '/notifications';

/** Marks read (1) or dismisses (2) the user's notifications named, or all of them. */
export async function updateNotifications(input: BulkUpdateNotificationsInput): Promise<number> {
  const answer = await apiClient.put<{ data: { updated: number } }>(
    `${NOTIFICATIONS_PATH}/bulk-update`,
    input,
  );
  return answer.data.updated;
}
