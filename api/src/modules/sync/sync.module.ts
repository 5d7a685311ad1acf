import type { ApiRoute } from '../../http/api-route';
import type { CoreServices, Services } from '../../services';
import type { NotificationServices } from '../notifications/notification.service';
import type { ChannelServices } from '../channels.module';
import { createSyncStateService, type SyncStateServices } from './sync-state.service';
import { syncRoutes } from './sync.routes';

export type { SyncStateServices } from './sync-state.service';

/** How each connection keeps up: watermarks, health, sync lag. Notifies through the notifications. */
export function createSyncServices(
  core: CoreServices,
  notifications: NotificationServices,
  channels: Pick<ChannelServices, 'channelJobs'>,
): SyncStateServices {
  return {
    syncState: createSyncStateService(core, {
      notifications: notifications.notifications,
      // A channel switched off after a day of errors stops its recurring jobs, as switching it off by hand does.
      onDeactivated: async (channelId) => {
        const channel = await core.models.Channel.findByPk(channelId);
        if (channel) await channels.channelJobs?.sync(channel);
      },
    }),
  };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function syncRoutesOf(services: Services): ApiRoute[] {
  return syncRoutes(() => services);
}
