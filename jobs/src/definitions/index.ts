import type { AnyJobDefinition } from './job-definition';
import { systemAnnounceJob } from './system/system-announce.job';
import { catalogueTransferJob } from './catalogue/catalogue-transfer.job';

export type { AnyJobDefinition, JobContext, JobDefinition, JobLogger } from './job-definition';

/** Every job the worker runs. */
export const JOB_DEFINITIONS: readonly AnyJobDefinition[] = [systemAnnounceJob, catalogueTransferJob];
