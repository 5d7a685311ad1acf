import { JOB_NAMES } from '@syncdesk/contracts';
import { sweepStaleClaims } from '@syncdesk/api';
import type { JobDefinition } from '../job-definition';

/** Every minute by default; `OUTBOUND_SWEEP_EVERY_S` shortens it (crash tests). */
export function outboundSweepInterval(environment: NodeJS.ProcessEnv = process.env): string {
  const seconds = Number(environment.OUTBOUND_SWEEP_EVERY_S);
  return `${Number.isFinite(seconds) && seconds > 0 ? seconds : 60} seconds`;
}

/**
 * The safety net of every outbound send (flows/outbound-claims): a claim whose lease ran out was
 * left by a run that is gone (a killed worker), so it waits again and its send is queued again —
 * the fulfilments named per channel, the plugin's ready orders, the channel's waiting stock. A
 * live run renews its lease however long it waits, so it is never taken over.
 */
export const outboundSweepClaimsJob: JobDefinition<typeof JOB_NAMES.outboundSweepClaims> = {
  name: JOB_NAMES.outboundSweepClaims,
  async handler(_data, context) {
    const { services } = context;
    // Queued before the claims are released, so a sweep killed midway leaves no row unsent.
    const swept = await sweepStaleClaims(services.models, async (stale) => {
      for (const { channelId, fulfilmentIds } of stale.fulfilments) {
        await services.jobs.enqueue(JOB_NAMES.submitFulfillment, {
          channelId,
          orderFulfillmentIds: fulfilmentIds,
        });
      }
      for (const pluginId of stale.pluginIds) await services.jobs.enqueue(JOB_NAMES.syncOrders, { pluginId });
      for (const channelId of stale.stockChannelIds) {
        await services.jobs.enqueue(JOB_NAMES.submitInventory, { channelId });
      }
    });
    const fulfilments = swept.fulfilments.reduce((sum, entry) => sum + entry.fulfilmentIds.length, 0);
    if (fulfilments + swept.pluginIds.length + swept.stockChannelIds.length > 0) {
      context.logger.info(
        { fulfilments, plugins: swept.pluginIds, stockChannels: swept.stockChannelIds },
        'stale outbound claims queued again',
      );
    }
  },
  options: { concurrency: 1, removeOnComplete: true },
};
