import type { CoreServices } from '../../services';
import { parseOAuthProviderSettings } from '../channels/oauth/oauth-providers';
import { createChannelWebhookReceipts } from './channel-webhook-receipt.model';
import { createChannelWebhookService, type ChannelWebhookService } from './channel-webhook.service';

export { channelWebhookRoutes } from './channel-webhook.routes';

export interface ChannelWebhookServices {
  channelWebhooks: ChannelWebhookService;
}

/** The receiver of channels' own webhooks, keyed by the same OAuth apps that connect the channels. */
export function createChannelWebhookServices(core: CoreServices): ChannelWebhookServices {
  const apps = parseOAuthProviderSettings(core.oauth.providersJson);
  return {
    channelWebhooks: createChannelWebhookService({
      models: core.models,
      receipts: createChannelWebhookReceipts(core.sequelize),
      jobs: core.jobs,
      appSecret: (type) => apps[type]?.clientSecret ?? null,
    }),
  };
}
