import { findCatalogueEntry, SHOPIFY_PICKUP_SYNC_STATUS, type JobData } from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { ActivityService } from '../../modules/activities/activity.service';

const FAILED = SHOPIFY_PICKUP_SYNC_STATUS.byKey('failed').value;

export const PICKUP_NOT_SUPPORTED = (provider: string) =>
  `${provider} does not take click-and-collect updates from us, so this pickup step was not sent to the channel.`;

/**
 * An order's click-and-collect step for its channel (spec: sendPickupOrder). No provider takes
 * pickup steps yet, so the step is marked failed with that reason in words and an activity on the
 * order: never a success the channel did not see.
 */
export async function pushPickupStep(
  deps: { models: Models; activities: ActivityService },
  channel: Pick<Channel, 'id' | 'type' | 'name'>,
  step: Pick<JobData['channels.pickup_order'], 'orderId' | 'pickupStatus'>,
): Promise<void> {
  const order = await deps.models.Order.findOne({ where: { id: step.orderId, channel_id: channel.id } });
  if (!order) return;
  const reason = PICKUP_NOT_SUPPORTED(findCatalogueEntry(channel.type)?.name ?? channel.name);
  await order.update({ pickup_sync_status: FAILED });
  await deps.activities.record(null, {
    event: 'order.pickup_sync_failed',
    subjectType: 'order',
    subjectId: order.id,
    companyId: order.company_id,
    new: { pickup_status: step.pickupStatus, reason },
  });
}
