import { findCatalogueEntry, JOB_NAMES } from '@syncdesk/contracts';
import { ordersFreshnessOf, pushChannelStock } from '@syncdesk/api';
import { runChannelJob } from '../../sync/run-channel-job';
import type { JobDefinition } from '../job-definition';

/** Levels per call when the connector does not say otherwise (Mirakl folds them into one file anyway). */
const STOCK_BATCH_SIZE = 100;

/**
 * Tells one channel the stock of its waiting listings (spec job type submit_inventory). Queued
 * whenever a listing's target moves; many runs queued by a burst coalesce, because each claims the
 * listings it pushes (a lease, see flows/outbound-claims) and works their quantity out at that
 * moment: the first sends the latest value, the rest find nothing waiting and make no call. The
 * data's `channelProductIds` are a hint only: every waiting listing of the channel goes in the
 * same run.
 */
export const submitInventoryJob: JobDefinition<typeof JOB_NAMES.submitInventory> = {
  name: JOB_NAMES.submitInventory,
  async handler(data, context) {
    const { services } = context;
    await runChannelJob(
      context,
      data.channelId,
      'submit_inventory',
      async (open, connector) => {
        const limit = findCatalogueEntry(open.channel.type)?.rateLimits.update_stock;
        const offered =
          connector.capabilities.has('pushStock') && !!connector.pushStock && limit?.calls !== 0;
        await pushChannelStock(
          services,
          open.channel,
          { batchSize: STOCK_BATCH_SIZE, push: (levels) => connector.pushStock!(levels) },
          {
            offered,
            freshness: await ordersFreshnessOf(
              services,
              open.channel.id,
              new Date(),
              data.ordersImportedAt ? new Date(data.ordersImportedAt) : null,
            ),
            resendFailed: Boolean(data.retryOfLogId),
          },
        );
      },
      {
        operation: { job: JOB_NAMES.submitInventory, data: { channelId: data.channelId } },
        retryOfId: data.retryOfLogId ?? null,
      },
    );
  },
  options: { concurrency: 5 },
};
