import { JOB_NAMES } from '@syncdesk/contracts';
import { ConnectorError } from '@syncdesk/integrations';
import {
  subscribeChannelWebhooks,
  unsubscribeChannelWebhooks,
} from '../../sync/channel-webhook-subscriptions';
import { runChannelJob, syncRuntimeOf } from '../../sync/run-channel-job';
import type { JobDefinition } from '../job-definition';

/**
 * A channel's own order webhooks (live import instead of polling): subscribed when the channel is
 * activated, removed when it is deleted. The removal carries what it needs, since the row is gone.
 */
export const channelWebhooksJob: JobDefinition<typeof JOB_NAMES.channelWebhooks> = {
  name: JOB_NAMES.channelWebhooks,
  async handler(data, context) {
    const runtime = syncRuntimeOf(context);
    if (data.action === 'subscribe') {
      await runChannelJob(
        context,
        data.channelId,
        'webhook_subscriptions',
        (open, connector) => subscribeChannelWebhooks(runtime, open, connector),
        {
          operation: {
            job: JOB_NAMES.channelWebhooks,
            data: { action: 'subscribe', channelId: data.channelId },
          },
          retryOfId: data.retryOfLogId ?? null,
        },
      );
      return;
    }
    try {
      await unsubscribeChannelWebhooks(context.services, runtime, data);
    } catch (error) {
      // The channel is gone, so no health to count against; the record of the call tells what failed.
      if (!(error instanceof ConnectorError)) throw error;
      context.logger.info(
        { channelId: data.channelId, kind: error.kind, err: error.message },
        'channel webhooks could not be removed',
      );
    }
  },
  options: { concurrency: 2, removeOnComplete: true },
};
