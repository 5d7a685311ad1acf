import type { JOB_NAMES, JobData } from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';

/**
 * Where a channel's provider delivers its webhooks: our public route, named by the channel's uuid
 * (not its id, which is guessable). Shopify is the only provider with one so far.
 */
export function channelWebhookAddress(appUrl: string, channel: Pick<Channel, 'type' | 'uuid'>): string {
  return `${appUrl.replace(/\/$/, '')}/api/channels/${encodeURIComponent(channel.type)}/webhooks/${channel.uuid}`;
}

type WebhookJob = JobData[typeof JOB_NAMES.channelWebhooks];

/** Queued when a channel is activated: subscribe its order webhooks. */
export function webhookSubscriptionJob(channel: Pick<Channel, 'id'>): WebhookJob {
  return { action: 'subscribe', channelId: channel.id };
}

/**
 * Queued when a channel is deleted, with everything the removal needs, because the row is gone by
 * the time the job runs: the shop address, the still-encrypted credentials and the uuid they are
 * bound to, and the remote webhook ids kept in the settings (`_webhook_ids`).
 */
export function webhookRemovalJob(
  channel: Pick<Channel, 'id' | 'uuid' | 'type' | 'settings' | 'credentials'>,
): WebhookJob {
  return {
    action: 'unsubscribe',
    channelId: channel.id,
    channelUuid: channel.uuid,
    channelType: channel.type,
    settings: channel.settings ?? {},
    credentials: channel.credentials,
  };
}
