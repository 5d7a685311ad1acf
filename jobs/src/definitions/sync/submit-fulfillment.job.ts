import { findCatalogueEntry, JOB_NAMES } from '@syncdesk/contracts';
import { pushFulfilments } from '@syncdesk/api';
import { runChannelJob } from '../../sync/run-channel-job';
import type { JobDefinition } from '../job-definition';

/**
 * Sends new or resent fulfilments (courier, tracking) of one channel's orders to the channel (spec
 * job type submit_fulfillment). `disable_fulfillment` marks them "no fulfilment" without a call;
 * a fulfilment inside the channel's `delay_fulfilment_interval` is queued again for the moment the
 * delay ends, so the delay costs no polling and survives a restart (it is a row in the job table).
 */
export const submitFulfillmentJob: JobDefinition<typeof JOB_NAMES.submitFulfillment> = {
  name: JOB_NAMES.submitFulfillment,
  async handler(data, context) {
    const { services } = context;
    await runChannelJob(
      context,
      data.channelId,
      'submit_fulfillment',
      async (open, connector) => {
        const limit = findCatalogueEntry(open.channel.type)?.rateLimits.update_fulfillment;
        const offered =
          connector.capabilities.has('pushFulfilment') && !!connector.pushFulfilment && limit?.calls !== 0;
        const summary = await pushFulfilments(
          services,
          open.channel,
          data.orderFulfillmentIds,
          offered ? { send: (fulfilment) => connector.pushFulfilment!(fulfilment) } : null,
          // A retry from the transaction records sends again what failed.
          { resendFailed: data.retryOfLogId !== undefined },
        );
        // One later run per moment the delay ends (fulfilments created together go together).
        const byMoment = new Map<number, number[]>();
        for (const { id, at } of summary.delayed) {
          byMoment.set(at.getTime(), [...(byMoment.get(at.getTime()) ?? []), id]);
        }
        for (const [at, ids] of byMoment) {
          await services.jobs.enqueueAt(
            JOB_NAMES.submitFulfillment,
            { channelId: data.channelId, orderFulfillmentIds: ids },
            new Date(at),
          );
        }
      },
      {
        operation: {
          job: JOB_NAMES.submitFulfillment,
          data: { channelId: data.channelId, orderFulfillmentIds: data.orderFulfillmentIds },
        },
        retryOfId: data.retryOfLogId ?? null,
      },
    );
  },
  options: { concurrency: 5 },
};
