import type { ApiRoute } from '../../http/api-route';
import type { ChannelProductServices } from './channel-product-services';

// FOUNDATION STUB — the channel-products helper replaces this file's contents.
export function channelProductRoutes(_services: () => ChannelProductServices): ApiRoute[] {
  return [];
}
