import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { ChannelJobSchedule } from '../../jobs/channel-job-schedule';
import type { ActivityService } from '../../modules/activities/activity.service';
import {
  NOTICE_LEVEL,
  notifyChannelManagers,
  recordReceivedWebhook,
  type WebhookNoticeDependencies,
} from '../../modules/channel-webhooks/channel-webhook-notices';

export interface ChannelUninstalledDependencies extends WebhookNoticeDependencies {
  models: WebhookNoticeDependencies['models'] & Pick<Models, 'Channel'>;
  activities: Pick<ActivityService, 'record'>;
  /** Stops the channel's recurring jobs, as switching it off by hand does; absent in test doubles. */
  channelJobs?: Pick<ChannelJobSchedule, 'sync'>;
}

/** The settings key the webhook subscription job keeps the provider's subscription ids under. */
const WEBHOOK_IDS_SETTING = '_webhook_ids';

/** The seller's words for the uninstall (spec §4's "deactivated" notice, with the reconnect hint). */
export function uninstalledNotice(channelName: string, account: string) {
  return {
    level: NOTICE_LEVEL.error,
    title: `${channelName} was deactivated`,
    message:
      `${channelName} was deactivated: the Syncdesk app was uninstalled from ${account}, which revoked our access. ` +
      'Reconnect the channel (which installs the app again), then activate it to resume syncing.',
  };
}

/**
 * The seller removed our app from their shop (Shopify's `app/uninstalled`): the shop has already
 * revoked our tokens, so every call would fail. The channel is switched off as a deactivation
 * does (its recurring jobs stop; queued pushes and downloads of an inactive channel are skipped
 * when they run), its tokens are forgotten (useless, and secrets we no longer need), and the
 * seller is told, with the way back: reconnecting installs the app and authorises again (it does
 * not switch the channel on by itself), then activating it resumes the sync.
 *
 * Safe to run twice: a second delivery finds nothing left to switch off or erase (the caller also
 * refuses a repeated delivery id).
 */
export async function channelUninstalled(
  deps: ChannelUninstalledDependencies,
  channel: Channel,
  received: { topic: string; account: string; url: string; startedAt: number },
): Promise<{ deactivated: boolean }> {
  const wasActive = Boolean(channel.is_active);
  const settings = { ...(channel.settings ?? {}) };
  // The shop removed its subscriptions with the app; an unsubscribe would only fail on them.
  delete settings[WEBHOOK_IDS_SETTING];
  await channel.update({
    is_active: false,
    credentials: null,
    token_expires_at: null,
    authorized_at: null,
    settings,
  });
  await deps.channelJobs?.sync(channel);
  await deps.activities.record(null, {
    event: 'channel.deactivated',
    subjectType: 'channel',
    subjectId: channel.id,
    companyId: channel.company_id,
    old: { is_active: wasActive },
    new: { is_active: false, reason: 'app_uninstalled' },
    actor: { source: 'channel', sourceName: channel.name, via: 'webhook' },
  });
  const notice = uninstalledNotice(channel.name, received.account);
  await notifyChannelManagers(deps, channel, notice);
  await recordReceivedWebhook(deps, channel, {
    topic: received.topic,
    url: received.url,
    message: notice.message,
    requestBody: { topic: received.topic, shop: received.account },
    startedAt: received.startedAt,
  });
  return { deactivated: wasActive };
}
