import type { CoreServices } from '../../services';
import { parseOAuthProviderSettings } from '../channels/oauth/oauth-providers';
import { createChannelWebhookReceipts, type ChannelWebhookReceipts } from './channel-webhook-receipt.model';
import { createChannelWebhookService, type ChannelWebhookService } from './channel-webhook.service';
import { createChannelComplianceService, type ChannelComplianceService } from './channel-compliance.service';

export { channelWebhookRoutes } from './channel-webhook.routes';

export interface ChannelWebhookServices {
  channelWebhooks: ChannelWebhookService;
  /** Orders the channels' webhooks announced, waiting for the download that takes them together. */
  channelWebhookInbox: Pick<ChannelWebhookReceipts, 'pending' | 'take' | 'imported' | 'forgetBodies'>;
  /** Privacy webhooks at the app-level address (Shopify's mandatory compliance topics). */
  channelCompliance: ChannelComplianceService;
}

/** The receiver of channels' own webhooks, keyed by the same OAuth apps that connect the channels. */
export function createChannelWebhookServices(core: CoreServices): ChannelWebhookServices {
  const apps = parseOAuthProviderSettings(core.oauth.providersJson);
  const receipts = createChannelWebhookReceipts(core.sequelize);
  const appSecret = (type: string) => apps[type]?.clientSecret ?? null;
  return {
    channelWebhookInbox: receipts,
    channelCompliance: createChannelComplianceService({ models: core.models, receipts, appSecret }),
    channelWebhooks: createChannelWebhookService({
      models: core.models,
      receipts,
      jobs: core.jobs,
      appSecret,
    }),
  };
}
