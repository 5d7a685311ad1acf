import { providerFor, type ComplianceRequest, type InboundDelivery } from '@syncdesk/integrations';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { ChannelWebhookReceipts } from './channel-webhook-receipt.model';

/** What each privacy request does to one channel it names (flows/customer-privacy). */
export interface ComplianceHandlers {
  customerDataRequest(
    channel: Channel,
    request: Extract<ComplianceRequest, { kind: 'customer_data_request' }>,
  ): Promise<unknown>;
  customerRedact(
    channel: Channel,
    request: Extract<ComplianceRequest, { kind: 'customer_redact' }>,
  ): Promise<unknown>;
  accountRedact(
    channel: Channel,
    request: Extract<ComplianceRequest, { kind: 'account_redact' }>,
  ): Promise<unknown>;
}

export interface ComplianceOutcome {
  /** The privacy topic received, or null when the delivery was not one. */
  topic: string | null;
  /** Channels the request was carried out for now. */
  handled: number;
  /** Channels that had already received this delivery (a provider retry): nothing done again. */
  duplicate: number;
}

export interface ChannelComplianceService {
  receive(
    delivery: InboundDelivery & { channelType: string },
    handlers: ComplianceHandlers,
  ): Promise<ComplianceOutcome>;
}

export interface ChannelComplianceDependencies {
  models: Pick<Models, 'Channel'>;
  receipts: Pick<ChannelWebhookReceipts, 'claim' | 'release'>;
  appSecret(type: string): string | null;
}

/**
 * A provider's privacy webhooks, sent to one app-level address per deployment (Shopify's are set
 * in the app's settings, not subscribed per shop). The signature is checked with the app's secret
 * (401 otherwise, as Shopify requires); then the request's account (the shop's domain) names the
 * channels, of every company, connected to it — the one place where the shop rather than a company
 * names the target — and everything after works on each of those channels inside its own company.
 * Unknown account: nothing to do, still a 200 (Shopify expects one). Each channel takes a delivery
 * once (the receipt's unique key), so a retry does nothing twice; a failure forgets the receipt
 * and answers 500, so the provider's retry runs it again.
 */
export function createChannelComplianceService(
  deps: ChannelComplianceDependencies,
): ChannelComplianceService {
  return {
    async receive(delivery, handlers) {
      const provider = providerFor(delivery.channelType);
      const webhooks = provider?.webhooks;
      if (!provider || !webhooks?.parseCompliance || !webhooks.accountOf) throw AppError.notFound();
      const secret = deps.appSecret(delivery.channelType);
      if (!secret || !webhooks.verify(delivery, secret)) {
        throw new AppError('unauthenticated', 'The webhook signature is not valid.');
      }
      const request = webhooks.parseCompliance(delivery);
      if (!request) return { topic: null, handled: 0, duplicate: 0 };
      const { kind } = provider;
      // Only the settings are read to compare (the shop is inside the Shop URL); credentials stay unread.
      const candidates = await deps.models.Channel.findAll({
        where: { type: delivery.channelType, kind },
        attributes: ['id', 'settings'],
      });
      const ids = candidates
        .filter((channel) => webhooks.accountOf!(channel.settings ?? {})?.toLowerCase() === request.account)
        .map((channel) => channel.id);
      const named = ids.length
        ? await deps.models.Channel.findAll({ where: { id: ids, kind }, order: [['id', 'ASC']] })
        : [];
      let handled = 0;
      let duplicate = 0;
      for (const channel of named) {
        const receipt = {
          channelId: channel.id,
          webhookId: request.deliveryId,
          topic: request.topic,
          remoteId: null,
        };
        if (!(await deps.receipts.claim(receipt))) {
          duplicate += 1;
          continue;
        }
        try {
          switch (request.kind) {
            case 'customer_data_request':
              await handlers.customerDataRequest(channel, request);
              break;
            case 'customer_redact':
              await handlers.customerRedact(channel, request);
              break;
            case 'account_redact':
              await handlers.accountRedact(channel, request);
              break;
          }
        } catch (error) {
          await deps.receipts.release(receipt);
          throw error;
        }
        handled += 1;
      }
      return { topic: request.topic, handled, duplicate };
    },
  };
}
