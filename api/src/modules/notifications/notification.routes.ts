import type { ApiRoute } from '../../http/api-route';
import type { NotificationServices } from './notification.service';

// FOUNDATION STUB — the notifications helper replaces this file's contents.
export function notificationRoutes(_services: () => NotificationServices): ApiRoute[] {
  return [];
}
