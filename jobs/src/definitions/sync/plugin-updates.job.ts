import { JOB_NAMES } from '@syncdesk/contracts';
import { readPluginUpdates } from '@syncdesk/api';
import { runPluginJob } from '../../sync/run-plugin-job';
import type { JobDefinition } from '../job-definition';
import { syncOrdersJob } from './sync-orders.job';

/**
 * Reads what a plugin reports back (recurring per active plugin): shipments become fulfilments,
 * which queue the tracking push to each order's channel; stock levels set the products' on hand,
 * which moves every channel's quantity. Then the store's ready orders are sent (as a sync_orders
 * run of its own, so its records carry that type), so orders never wait on a missed event for
 * longer than one interval.
 */
export const pluginUpdatesJob: JobDefinition<typeof JOB_NAMES.pluginUpdates> = {
  name: JOB_NAMES.pluginUpdates,
  async handler(data, context) {
    const { services } = context;
    const outcome = await runPluginJob(
      context,
      data.pluginId,
      'get_updates',
      async (open, connector) => {
        await readPluginUpdates({ ...services, watermarks: services.syncState }, open.channel, connector);
      },
      {
        operation: { job: JOB_NAMES.pluginUpdates, data: { pluginId: data.pluginId } },
        retryOfId: data.retryOfLogId ?? null,
      },
    );
    // Run here rather than queued: a row per plugin per interval would only fill the job table.
    if (outcome !== 'skipped') await syncOrdersJob.handler({ pluginId: data.pluginId }, context);
  },
};
