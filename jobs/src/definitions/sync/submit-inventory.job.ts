import { Op } from 'sequelize';
import { findCatalogueEntry, JOB_NAMES, PRODUCT_SYNC_STATUS } from '@syncdesk/contracts';
import { isRecurringJobScheduler, ordersFreshnessOf, pushChannelStock, type Services } from '@syncdesk/api';
import { runChannelJob } from '../../sync/run-channel-job';
import type { JobDefinition } from '../job-definition';

/** A run renews its claim on the channel's stock push this often; a claim this old is a dead run's. */
const RUN_CLAIM_STALE_MS = Number(process.env.STOCK_PUSH_ABANDONED_MS) || 90_000; // crash tests shorten it
const RUN_CLAIM_HEARTBEAT_MS = Math.min(20_000, Math.floor(RUN_CLAIM_STALE_MS / 4));

const WAITING = [
  PRODUCT_SYNC_STATUS.byKey('pending').value,
  PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value,
];

/** Listings waiting for the channel other than the ones a run just held back (they wait for orders). */
async function hasWaitingListings(services: Services, channelId: number, held: number[]): Promise<boolean> {
  const waiting = await services.models.ChannelProduct.count({
    where: {
      channel_id: channelId,
      sync_status: { [Op.in]: WAITING },
      ...(held.length ? { id: { [Op.notIn]: held } } : {}),
    },
  });
  return waiting > 0;
}

/** Queues one later run for the channel, unless one is already scheduled (a burst adds one, not many). */
async function lookAgainAfter(services: Services, channelId: number, ms: number): Promise<void> {
  if (isRecurringJobScheduler(services.jobs)) {
    const now = Date.now();
    const queued = await services.jobs.find(JOB_NAMES.submitInventory, { channelId });
    if (queued.some((job) => job.nextRunAt && job.nextRunAt.getTime() > now)) return;
  }
  await services.jobs.enqueueAt(JOB_NAMES.submitInventory, { channelId }, new Date(Date.now() + ms));
}

/** Levels per call when the connector does not say otherwise (Mirakl folds them into one file anyway). */
const STOCK_BATCH_SIZE = 100;

/** How old a killed run's claims must be to be taken again; crash tests shorten it (`STOCK_PUSH_ABANDONED_MS`). */
function abandonedAfterMs(): number | undefined {
  const ms = Number(process.env.STOCK_PUSH_ABANDONED_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/**
 * Tells one channel the stock of its waiting listings (spec job type submit_inventory). Queued
 * whenever a listing's target moves; many runs queued by a burst coalesce, because each claims the
 * listings it pushes and works their quantity out at that moment: the first sends the latest
 * value, the rest find nothing waiting and make no call. The data's `channelProductIds` are a hint
 * only: every waiting listing of the channel goes in the same run.
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
        const channelId = open.channel.id;
        // One run per channel at a time: a burst queues many runs, and a run waiting for a slow
        // budget (Mirakl: one stock file a minute) must not hold every worker slot while others
        // wait behind it. The others leave; the run that holds the claim looks again when it ends.
        if (!(await services.syncState.claimRun(channelId, 'stock_push', RUN_CLAIM_STALE_MS))) {
          // The holder may be a run whose worker died: its listings would wait for the next stock
          // change. Someone looks again once such a claim has gone stale.
          await lookAgainAfter(services, channelId, RUN_CLAIM_STALE_MS + 1000);
          return 'idle';
        }
        const heartbeat = setInterval(() => {
          void services.syncState.claimRun(channelId, 'stock_push', 0).catch(() => undefined);
        }, RUN_CLAIM_HEARTBEAT_MS);
        // A retry of a failed push: the listings that failed wait again, so the retry sends them.
        if (data.retryOfLogId) {
          await services.models.ChannelProduct.update(
            { sync_status: PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value },
            { where: { channel_id: channelId, sync_status: PRODUCT_SYNC_STATUS.byKey('failed').value } },
          );
        }
        let held: number[];
        try {
          const limit = findCatalogueEntry(open.channel.type)?.rateLimits.update_stock;
          const offered =
            connector.capabilities.has('pushStock') && !!connector.pushStock && limit?.calls !== 0;
          ({ heldIds: held } = await pushChannelStock(
            services,
            open.channel,
            {
              batchSize: STOCK_BATCH_SIZE,
              push: (levels) => connector.pushStock!(levels),
            },
            {
              offered,
              freshness: await ordersFreshnessOf(services, channelId),
              // Holding the channel's claim, any listing still "in progress" was left by a dead run.
              abandonedAfterMs: abandonedAfterMs() ?? 0,
            },
          ));
        } finally {
          clearInterval(heartbeat);
          await services.syncState.releaseRun(channelId, 'stock_push');
        }
        // Changes that arrived while this run held the claim were left to it.
        if (await hasWaitingListings(services, channelId, held)) {
          await services.jobs.enqueue(JOB_NAMES.submitInventory, { channelId });
        }
      },
      {
        operation: { job: JOB_NAMES.submitInventory, data: { channelId: data.channelId } },
        retryOfId: data.retryOfLogId ?? null,
      },
    );
  },
  options: { concurrency: 5 },
};
