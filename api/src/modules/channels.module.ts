import type { ApiRoute } from '../http/api-route';
import type { CoreServices, Services } from '../services';
import { channelCatalogueRoutes } from './channels/channel-catalogue.routes';

/**
 * A store's connections: sales channels, accounting channels and plugins, their OAuth
 * authorisation, couriers and mappings, custom order statuses, pickup stores and webhooks.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each connection domain
export interface ChannelServices {}

export function createChannelServices(_core: CoreServices): ChannelServices {
  return {};
}

/** The isolation matrix lists routes with empty services, so the services are only used inside handlers. */
export function channelRoutes(_services: Services): ApiRoute[] {
  return [...channelCatalogueRoutes()];
}
