import { insertChannelRow } from '../../testing/channel-fixtures';
import { ALPHA_MARKER, type RouteCases } from './route-case';

/**
 * Cases for channels' own webhooks (api/src/modules/channel-webhooks). Public: the provider holds
 * no token of ours, its signature is the only authority, so an unsigned call is refused with 401
 * for anyone — whatever token it carries — before the channel is even looked up.
 */
export const channelWebhooksCases: RouteCases = {
  'POST /channels/:type/webhooks/:channelUuid': {
    request: async (world) => {
      const channel = await insertChannelRow(world.services, world.alpha.stores[0]!, {
        name: `${ALPHA_MARKER} Shopify with webhooks`,
        settings: { shop_url: 'https://alpha.myshopify.com' },
      });
      await channel.update({ is_active: true });
      return { params: { type: 'shopify', channelUuid: channel.uuid }, body: { id: 450789469 } };
    },
    ownerStatus: 401,
    isolation: 'public',
  },
  // The privacy webhooks' app-level address: unsigned, refused before any shop is looked up.
  'POST /channels/:type/compliance': {
    request: async (world) => {
      await insertChannelRow(world.services, world.alpha.stores[0]!, {
        name: `${ALPHA_MARKER} Shopify with privacy requests`,
        settings: { shop_url: 'https://alpha-privacy.myshopify.com' },
      });
      return {
        params: { type: 'shopify' },
        body: { shop_id: 1, shop_domain: 'alpha-privacy.myshopify.com' },
      };
    },
    ownerStatus: 401,
    isolation: 'public',
  },
};
