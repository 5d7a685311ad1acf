import { JOB_NAMES } from '@syncdesk/contracts';
import type { JobDefinition } from '../job-definition';

/**
 * One catalogue import or export (a file_transfers row). The service does the work and tells the
 * user how it ended; a 100,000-row file takes a while, so the lock outlives it by far.
 */
export const catalogueTransferJob: JobDefinition<typeof JOB_NAMES.catalogueTransfer> = {
  name: JOB_NAMES.catalogueTransfer,
  async handler(data, { services }) {
    await services.transfers.run(data.transferId);
  },
  options: { concurrency: 2, lockLifetime: 60 * 60 * 1000 },
};
