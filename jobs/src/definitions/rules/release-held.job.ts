import { JOB_NAMES } from '@syncdesk/contracts';
import type { JobDefinition } from '../job-definition';

/**
 * The safety net of the import's rules, every minute (and at worker start): logs an import wrote
 * on its second connection and lost between its two commits are written again from the orders'
 * traces (a `rule_log_outbox` row older than 30 s); orders an earlier version left waiting in
 * "rule engine in progress" (15) get their import rules run (the firings keep a rule that did
 * fire from firing twice).
 */
export const rulesReleaseHeldJob: JobDefinition<typeof JOB_NAMES.rulesReleaseHeld> = {
  name: JOB_NAMES.rulesReleaseHeld,
  async handler(_data, context) {
    const rebuilt = await context.services.ruleRunner.rebuildLostLogs();
    if (rebuilt > 0) context.logger.info({ rebuilt }, 'rule-engine logs of imports written again');
    const released = await context.services.ruleRunner.releaseHeld();
    if (released > 0) context.logger.info({ released }, 'orders waiting for their import rules released');
  },
  options: { concurrency: 1, removeOnComplete: true },
};
