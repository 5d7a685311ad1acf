import { JOB_NAMES } from '@syncdesk/contracts';
import type { JobDefinition } from '../job-definition';

/**
 * One catalogue import or export (a file_transfers row). The service does the work and tells the
 * user how it ended. A 100,000-row file may outlive the lock, so the run keeps it fresh rather than
 * asking for a long lock (Agenda would then hold a timer of half that lifetime after the run).
 */
export const catalogueTransferJob: JobDefinition<typeof JOB_NAMES.catalogueTransfer> = {
  name: JOB_NAMES.catalogueTransfer,
  async handler(data, { services, keepAlive }) {
    const stop = keepAlive?.();
    try {
      await services.transfers.run(data.transferId);
    } finally {
      await stop?.();
    }
  },
  options: { concurrency: 2 },
};
