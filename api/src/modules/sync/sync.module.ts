import type { ApiRoute } from '../../http/api-route';
import type { CoreServices, Services } from '../../services';
import type { NotificationServices } from '../notifications/notification.service';
import { createSyncStateService, type SyncStateServices } from './sync-state.service';
import { syncRoutes } from './sync.routes';

export type { SyncStateServices } from './sync-state.service';

/** How each connection keeps up: watermarks, health, sync lag. Notifies through the notifications. */
export function createSyncServices(
  core: CoreServices,
  notifications: NotificationServices,
): SyncStateServices {
  return { syncState: createSyncStateService(core, { notifications: notifications.notifications }) };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function syncRoutesOf(services: Services): ApiRoute[] {
  return syncRoutes(() => services);
}
