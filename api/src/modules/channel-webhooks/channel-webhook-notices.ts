import { LOG_STATUS, NOTIFICATION_LEVEL } from '@syncdesk/contracts';
import type { TransactionRecorder } from '@syncdesk/integrations';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { NotificationService } from '../notifications/notification.service';
import { channelManagers, channelPagePath } from '../sync/sync-notices';

/** What a received webhook's handling needs to tell the seller: notifications and the transaction records. */
export interface WebhookNoticeDependencies {
  models: Pick<Models, 'Company' | 'CompanyUser' | 'Role'>;
  notifications: Pick<NotificationService, 'notify'>;
  recorder: TransactionRecorder;
}

type NoticeChannel = Pick<Channel, 'id' | 'company_id' | 'store_id' | 'kind' | 'name'>;

export const NOTICE_LEVEL = {
  info: NOTIFICATION_LEVEL.byKey('info').value,
  warning: NOTIFICATION_LEVEL.byKey('warning').value,
  error: NOTIFICATION_LEVEL.byKey('error').value,
};

/**
 * Tells everyone who manages the channel (the owner and roles that may change channels), as the
 * sync's own notices do; `link` defaults to the channel's page.
 */
export async function notifyChannelManagers(
  deps: WebhookNoticeDependencies,
  channel: NoticeChannel,
  notice: { level: number; title: string; message: string; link?: string },
): Promise<void> {
  const link = notice.link ?? channelPagePath(channel);
  for (const userId of await channelManagers(deps.models as Models, channel.company_id)) {
    await deps.notifications.notify({ userId, companyId: channel.company_id, ...notice, link });
  }
}

/**
 * One transaction record (type `receive_webhook`; the topic is in its body) for a webhook we
 * received and acted on, on the channel's records: the seller sees what the provider asked and what we did. `requestBody` is a summary the caller
 * chose (a privacy request's e-mail and phone are never written back into our records).
 */
export async function recordReceivedWebhook(
  deps: Pick<WebhookNoticeDependencies, 'recorder'>,
  channel: NoticeChannel,
  entry: { topic: string; url: string; message: string; requestBody: unknown; startedAt: number },
): Promise<void> {
  deps.recorder.record({
    companyId: channel.company_id,
    storeId: channel.store_id,
    channelId: channel.id,
    kind: channel.kind === 'plugin' ? 'plugin' : 'channel',
    type: 'receive_webhook',
    method: 'POST',
    url: entry.url,
    status: LOG_STATUS.byKey('success').value,
    httpStatus: 200,
    responseTimeMs: Date.now() - entry.startedAt,
    attempts: 1,
    message: entry.message,
    requestBody: JSON.stringify(entry.requestBody),
    responseBody: null,
    waitingRequests: 0,
    errorCode: null,
    createdAt: new Date(),
  });
  await deps.recorder.flush();
}
