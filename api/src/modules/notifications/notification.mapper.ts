import type { NotificationDto } from '@syncdesk/contracts';
import type { Notification } from '../../db/catalogue.models';

export function toNotificationDto(row: Notification): NotificationDto {
  return {
    id: row.id,
    level: row.level as NotificationDto['level'],
    status: row.status as NotificationDto['status'],
    title: row.title,
    message: row.message,
    link: row.link,
    created_at: row.created_at.toISOString(),
  };
}
