import { JOB_NAMES } from '@syncdesk/contracts';
import type { JobDefinition } from '../job-definition';

/**
 * Keeps the job table from growing without end: every hour, the one-off jobs that finished long
 * ago are deleted (successes after 7 days, failures after 30; see `pruneFinishedJobs`). Recurring,
 * queued, scheduled and running jobs are never touched.
 */
export const systemPruneJobsJob: JobDefinition<typeof JOB_NAMES.systemPruneJobs> = {
  name: JOB_NAMES.systemPruneJobs,
  async handler(_data, context) {
    if (!context.jobStore) {
      context.logger.info({}, 'finished jobs not pruned: the job store does not support it');
      return;
    }
    // The first run on a table that grew for months may outlive the lock; another worker must
    // not take the job over meanwhile.
    const stop = context.keepAlive?.();
    try {
      const removed = await context.jobStore.pruneFinishedJobs();
      context.logger.info(removed, 'finished jobs pruned');
    } finally {
      await stop?.();
    }
  },
  options: { concurrency: 1, removeOnComplete: true },
};
