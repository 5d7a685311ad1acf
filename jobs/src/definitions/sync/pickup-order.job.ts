import { findCatalogueEntry, JOB_NAMES, SHOPIFY_PICKUP_SYNC_STATUS } from '@syncdesk/contracts';
import { runChannelJob } from '../../sync/run-channel-job';
import type { JobDefinition } from '../job-definition';

const FAILED = SHOPIFY_PICKUP_SYNC_STATUS.byKey('failed').value;

export const PICKUP_NOT_SUPPORTED = (provider: string) =>
  `${provider} does not take click-and-collect updates from us, so this pickup step was not sent to the channel.`;

/**
 * Tells the channel an order's click-and-collect step (spec: sendPickupOrder). No connector has a
 * pickup capability yet, so the step is marked failed with that reason in words and an activity
 * on the order: never a success the channel did not see.
 */
export const pickupOrderJob: JobDefinition<typeof JOB_NAMES.pickupOrder> = {
  name: JOB_NAMES.pickupOrder,
  async handler(data, context) {
    const { services } = context;
    await runChannelJob(
      context,
      data.channelId,
      'pickup_order',
      async (open) => {
        const order = await services.models.Order.findOne({
          where: { id: data.orderId, channel_id: open.channel.id },
        });
        if (!order) return;
        const reason = PICKUP_NOT_SUPPORTED(findCatalogueEntry(open.channel.type)?.name ?? open.channel.name);
        await order.update({ pickup_sync_status: FAILED });
        await services.activities.record(null, {
          event: 'order.pickup_sync_failed',
          subjectType: 'order',
          subjectId: order.id,
          companyId: order.company_id,
          new: { pickup_status: data.pickupStatus, reason },
        });
      },
      {
        operation: { job: JOB_NAMES.pickupOrder, data: { ...data } },
        retryOfId: data.retryOfLogId ?? null,
      },
    );
  },
};
