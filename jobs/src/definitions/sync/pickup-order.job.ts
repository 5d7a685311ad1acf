import { JOB_NAMES } from '@syncdesk/contracts';
import { pushPickupStep } from '@syncdesk/api';
import { runChannelJob } from '../../sync/run-channel-job';
import type { JobDefinition } from '../job-definition';

/** Tells the channel an order's click-and-collect step (spec: sendPickupOrder); see the flow. */
export const pickupOrderJob: JobDefinition<typeof JOB_NAMES.pickupOrder> = {
  name: JOB_NAMES.pickupOrder,
  async handler(data, context) {
    await runChannelJob(
      context,
      data.channelId,
      'pickup_order',
      (open) => pushPickupStep(context.services, open.channel, data),
      {
        operation: { job: JOB_NAMES.pickupOrder, data: { ...data } },
        retryOfId: data.retryOfLogId ?? null,
      },
    );
  },
};
