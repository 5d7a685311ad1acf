import { JOB_NAMES } from '@syncdesk/contracts';
import type { JobDefinition } from '../job-definition';

/**
 * The safety net of the import's rules: an order waits in "rule engine in progress" (15) between
 * its import's commit and its rules' run; a process that died in between leaves it there. Every
 * minute (and at worker start) the orders waiting longer than 30 s get their rules run again;
 * the firings keep a rule that did fire from firing twice.
 */
export const rulesReleaseHeldJob: JobDefinition<typeof JOB_NAMES.rulesReleaseHeld> = {
  name: JOB_NAMES.rulesReleaseHeld,
  async handler(_data, context) {
    const released = await context.services.ruleRunner.releaseHeld();
    if (released > 0) context.logger.info({ released }, 'orders waiting for their import rules released');
  },
  options: { concurrency: 1, removeOnComplete: true },
};
