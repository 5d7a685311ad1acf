import { JOB_NAMES } from '@syncdesk/contracts';
import { providerFor, type InboundDelivery } from '@syncdesk/integrations';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { JobScheduler } from '../../jobs/job-scheduler';
import type { SyncStateService } from '../sync/sync-state.service';
import type { ChannelWebhookReceipts } from './channel-webhook-receipt.model';

/** One delivery as it reached us: the channel's type and uuid named in the path, the raw body, the headers. */
export interface ChannelDelivery extends InboundDelivery {
  channelType: string;
  channelUuid: string;
}

export interface ChannelWebhookOutcome {
  /** A `channels.get_orders` job was queued for the order. */
  queued: boolean;
  /** The same webhook id was received before (a provider retry). */
  duplicate: boolean;
  /** The delivery said the seller removed our app, and the channel was switched off for it. */
  uninstalled?: boolean;
}

/** The sync state's part in a delivery: the announced change counts as lag until it is imported. */
export type UnimportedChanges = Pick<SyncStateService, 'noteUnimported'>;

/** What a delivery may set off beyond this module (the route binds them to the services). */
export interface DeliveryEffects {
  syncState?: UnimportedChanges;
  /** The seller removed our app (flows/channel-uninstalled); the channel is found and de-duplicated here. */
  uninstalled?(channel: Channel, received: { topic: string; account: string }): Promise<unknown>;
}

export interface ChannelWebhookService {
  receive(delivery: ChannelDelivery, effects?: DeliveryEffects): Promise<ChannelWebhookOutcome>;
}

export interface ChannelWebhookDependencies {
  models: Pick<Models, 'Channel'>;
  receipts: ChannelWebhookReceipts;
  jobs: JobScheduler;
  /** The OAuth app's client secret for a channel type (`OAUTH_PROVIDERS_JSON`), or null when none. */
  appSecret(type: string): string | null;
}

/**
 * A channel's own webhooks, received on a public route: the signature is the only authority. The
 * channel type's provider verifies and reads the delivery (integrations); the inbox,
 * de-duplication and queueing are ours. An order webhook lands in the channel's inbox with its body
 * (when it is the whole order) and queues a `channels.get_orders` run, so the answer goes back at
 * once. That run imports the body as is unless it is older than what we hold (delivery order is not
 * guaranteed) or unusable, in which case it fetches the order; polling stays the safety net for a
 * webhook that never came.
 */
export function createChannelWebhookService(deps: ChannelWebhookDependencies): ChannelWebhookService {
  async function receiveUninstall(
    channel: Channel,
    said: { topic: string; deliveryId: string; account: string },
    effects: DeliveryEffects,
  ): Promise<ChannelWebhookOutcome> {
    if (!effects.uninstalled) return { queued: false, duplicate: false };
    const receipt = { channelId: channel.id, webhookId: said.deliveryId, topic: said.topic, remoteId: null };
    if (!(await deps.receipts.claim(receipt))) return { queued: false, duplicate: true, uninstalled: false };
    try {
      await effects.uninstalled(channel, { topic: said.topic, account: said.account });
    } catch (error) {
      await deps.receipts.release(receipt);
      throw error;
    }
    return { queued: false, duplicate: false, uninstalled: true };
  }

  return {
    async receive(delivery, effects = {}) {
      const { syncState } = effects;
      const { channelType, channelUuid } = delivery;
      const provider = providerFor(channelType);
      const webhooks = provider?.webhooks;
      // A type whose provider sends no webhooks has no such address.
      if (!provider || !webhooks) throw AppError.notFound();
      // The signature first: without the app's secret nobody learns which channel ids exist.
      const secret = deps.appSecret(channelType);
      if (!secret || !webhooks.verify(delivery, secret)) {
        throw new AppError('unauthenticated', 'The webhook signature is not valid.');
      }
      const channel = await deps.models.Channel.findOne({
        where: { uuid: channelUuid, type: channelType, kind: provider.kind },
      });
      if (!channel) throw AppError.notFound();
      const said = webhooks.parse(delivery, { settings: channel.settings ?? {} });
      if (said.kind === 'other_connection') throw AppError.notFound();
      // Taken even for a channel already switched off by hand: its tokens are revoked all the same.
      if (said.kind === 'uninstalled') {
        const account = webhooks.accountOf?.(channel.settings ?? {}) ?? channel.name;
        return receiveUninstall(channel, { ...said, account }, effects);
      }
      if (!channel.is_active) throw AppError.notFound();
      if (said.kind === 'ignored') return { queued: false, duplicate: false };
      const queue = async (fromInbox: boolean) => {
        await syncState?.noteUnimported(channel.id, said.updatedAt ?? new Date());
        // From the inbox: a burst of webhooks is one download of all their orders (the channel's
        // get_orders budget is 10 calls per 30 s), the other runs find the inbox empty.
        await deps.jobs.enqueue(
          JOB_NAMES.getOrders,
          fromInbox
            ? { channelId: channel.id, fromWebhooks: true }
            : { channelId: channel.id, remoteOrderIds: [said.remoteId] },
        );
      };
      if (!said.deliveryId) {
        await queue(false);
        return { queued: true, duplicate: false };
      }
      const receipt = {
        channelId: channel.id,
        webhookId: said.deliveryId,
        topic: said.topic,
        remoteId: said.remoteId,
      };
      if (!(await deps.receipts.claim({ ...receipt, body: said.body })))
        return { queued: false, duplicate: true };
      try {
        await queue(true);
      } catch (error) {
        // Not queued: forget the receipt so the provider's retry of this delivery is taken.
        await deps.receipts.release(receipt);
        throw error;
      }
      return { queued: true, duplicate: false };
    },
  };
}
