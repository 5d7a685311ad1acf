import { JOB_NAMES } from '@syncdesk/contracts';
import { requeueStaleClaims } from '@syncdesk/api';
import type { JobDefinition } from '../job-definition';

/** Every minute by default; `OUTBOUND_SWEEP_EVERY_S` shortens it (crash tests). */
export function outboundSweepInterval(environment: NodeJS.ProcessEnv = process.env): string {
  const seconds = Number(environment.OUTBOUND_SWEEP_EVERY_S);
  return `${Number.isFinite(seconds) && seconds > 0 ? seconds : 60} seconds`;
}

/** Sends whose claim's lease ran out (a killed worker's) wait again and are queued again: see the flow. */
export const outboundSweepClaimsJob: JobDefinition<typeof JOB_NAMES.outboundSweepClaims> = {
  name: JOB_NAMES.outboundSweepClaims,
  async handler(_data, context) {
    const swept = await requeueStaleClaims(context.services);
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
