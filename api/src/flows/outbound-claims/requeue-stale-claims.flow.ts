import { JOB_NAMES } from '@syncdesk/contracts';
import type { JobScheduler } from '../../jobs/job-scheduler';
import { sweepStaleClaims, type OutboundClaimModels, type SweptClaims } from './outbound-claims';

/**
 * The safety net of every outbound send: a claim whose lease ran out was left by a run that is
 * gone (a killed worker), so it waits again and its send is queued again — the fulfilments named
 * per channel, the plugin's ready orders, the channel's waiting stock. A live run renews its lease
 * however long it waits, so it is never taken over. The jobs are queued before the claims are
 * released, so a sweep killed midway leaves no row unsent.
 */
export function requeueStaleClaims(
  deps: { models: OutboundClaimModels; jobs: JobScheduler },
  options: { now?: Date; leaseMs?: number } = {},
): Promise<SweptClaims> {
  return sweepStaleClaims(
    deps.models,
    async (stale) => {
      for (const { channelId, fulfilmentIds } of stale.fulfilments) {
        await deps.jobs.enqueue(JOB_NAMES.submitFulfillment, {
          channelId,
          orderFulfillmentIds: fulfilmentIds,
        });
      }
      for (const pluginId of stale.pluginIds) await deps.jobs.enqueue(JOB_NAMES.syncOrders, { pluginId });
      for (const channelId of stale.stockChannelIds) {
        await deps.jobs.enqueue(JOB_NAMES.submitInventory, { channelId });
      }
    },
    options,
  );
}
