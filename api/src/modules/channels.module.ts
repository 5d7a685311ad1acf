import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';
import { channelCatalogueRoutes } from './channels/channel-catalogue.routes';
import { channelConnectionRoutes } from './channels/channel.routes';
import { createChannelService, type ChannelService } from './channels/channel.service';
import { createChannelJobSchedule, type ChannelJobSchedule } from '../jobs/channel-job-schedule';
import { isRecurringJobScheduler } from '../jobs/job-scheduler';
import { createWebhookService, type WebhookService } from './webhooks/webhook.service';
import { webhookRoutes } from './webhooks/webhook.routes';
import { createCustomStatusService, type CustomStatusService } from './custom-statuses/custom-status.service';
import { customStatusRoutes } from './custom-statuses/custom-status.routes';
import { createCourierServices, type CourierServices } from './couriers/courier-services';
import { courierRoutes } from './couriers/courier.routes';
import { createPickupServices, type PickupServices } from './pickups/pickup-services';
import { pickupRoutes } from './pickups/pickup.routes';
import {
  channelAuthorizationRoutes,
  createChannelAuthorizationServices,
  type ChannelAuthorizationServices,
} from './channels/oauth/channel-authorization.module';
import {
  channelWebhookRoutes,
  createChannelWebhookServices,
  type ChannelWebhookServices,
} from './channel-webhooks/channel-webhooks.module';

/**
 * A store's connections: sales channels, accounting channels and plugins, their OAuth
 * authorisation, couriers and mappings, custom order statuses, pickup stores and webhooks.
 */
export interface ChannelServices
  extends CourierServices, PickupServices, ChannelAuthorizationServices, ChannelWebhookServices {
  channels: ChannelService;
  /** Each channel's recurring jobs; absent when the job scheduler cannot schedule (test doubles). */
  channelJobs?: ChannelJobSchedule;
  webhooks: WebhookService;
  customStatuses: CustomStatusService;
}

export function createChannelServices(core: CoreServices): ChannelServices {
  const { sequelize, models, activities, allowPrivateTargets } = core;
  const channelJobs = isRecurringJobScheduler(core.jobs)
    ? createChannelJobSchedule({ jobs: core.jobs, models })
    : undefined;
  return {
    channels: createChannelService({
      sequelize,
      models,
      activities,
      cipher: core.credentials,
      allowPrivateTargets,
      demoSimulatorOrigins: core.demoSimulatorOrigins,
      jobSchedule: channelJobs,
    }),
    channelJobs,
    webhooks: createWebhookService({
      models,
      activities,
      credentials: core.credentials,
      allowPrivateTargets,
    }),
    customStatuses: createCustomStatusService({ models, activities }),
    ...createCourierServices(core),
    ...createPickupServices(core),
    ...createChannelAuthorizationServices(core, channelJobs),
    ...createChannelWebhookServices(core),
  };
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function channelRoutes(services: Services): ApiRoute[] {
  return [
    ...channelCatalogueRoutes(),
    ...channelConnectionRoutes(() => services.channels),
    ...webhookRoutes(services),
    ...customStatusRoutes(services),
    ...courierRoutes(() => services),
    ...pickupRoutes(() => services),
    ...channelAuthorizationRoutes(() => services.channelAuthorization),
    ...channelWebhookRoutes(() => services),
  ];
}
