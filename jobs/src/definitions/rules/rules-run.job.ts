import { JOB_NAMES } from '@syncdesk/contracts';
import type { JobDefinition } from '../job-definition';

/**
 * Runs one `rule_runs` row: rules on chosen orders (trigger-rules) or a saved rule's backfill over
 * the orders a filter selects, 500 orders per transaction, with 'rules:run' progress events and a
 * summary at the end. A run that finished already is left alone, so a repeated job is harmless.
 */
export const rulesRunJob: JobDefinition<typeof JOB_NAMES.rulesRun> = {
  name: JOB_NAMES.rulesRun,
  async handler(data, context) {
    const stop = context.keepAlive?.();
    try {
      const run = await context.services.ruleRunner.processRun(data.runId);
      context.logger.info({ runId: data.runId, status: run?.status, changed: run?.changed }, 'rules run');
    } finally {
      await stop?.();
    }
  },
  options: { concurrency: 2, lockLifetime: 10 * 60_000 },
};
