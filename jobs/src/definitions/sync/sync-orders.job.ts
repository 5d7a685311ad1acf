import { JOB_NAMES } from '@syncdesk/contracts';
import { sendOrdersToPlugin } from '@syncdesk/api';
import { runPluginJob } from '../../sync/run-plugin-job';
import type { JobDefinition } from '../job-definition';

/**
 * Sends the store's ready orders to a plugin (spec job type sync_orders), 100 per call. Queued
 * after an order download stored new orders and by every plugin update run (the safety net), so
 * an order reaches the warehouse without anyone asking. Copies are claimed per order, so runs
 * queued close together never send one twice.
 */
export const syncOrdersJob: JobDefinition<typeof JOB_NAMES.syncOrders> = {
  name: JOB_NAMES.syncOrders,
  async handler(data, context) {
    await runPluginJob(
      context,
      data.pluginId,
      'sync_orders',
      async (open, connector) => {
        await sendOrdersToPlugin(
          context.services,
          open.channel,
          { send: (orders) => connector.sendOrders(orders) },
          data.orderIds ? { orderIds: data.orderIds } : {},
        );
      },
      {
        operation: { job: JOB_NAMES.syncOrders, data: { pluginId: data.pluginId } },
        retryOfId: data.retryOfLogId ?? null,
      },
    );
  },
  options: { concurrency: 2, removeOnComplete: true },
};
