import type { JobData, JobName } from '@syncdesk/contracts';
import type { Services } from '@syncdesk/api';
import type { SyncRuntime } from '../sync/sync-runtime';
import type { PrunedJobs } from '../job-store/prune-finished-jobs';

export interface JobLogger {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** What a handler gets besides its data: the same domain services the api uses. */
export interface JobContext {
  services: Services;
  logger: JobLogger;
  /** Rate budgets, transaction records and the target rule shared by every sync job of the process. */
  sync?: SyncRuntime;
  /**
   * Keeps this run's lock fresh (a touch every third of its lifetime) until the returned stop is
   * called, for a handler that may outlive the lock (a 100,000-row import). Set by the worker.
   */
  keepAlive?(): () => Promise<void>;
  /** Housekeeping of the SQL job table; absent when the jobs live in MongoDB. */
  jobStore?: { pruneFinishedJobs(): Promise<PrunedJobs> };
}

/** One file per job exports one of these. */
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  handler(data: JobData[N], context: JobContext): Promise<void>;
  options?: {
    concurrency?: number;
    lockLifetime?: number;
    priority?: number;
    /**
     * Delete a one-off run once it succeeded (failed ones stay to be looked at). For the sync's
     * event-driven jobs, queued by every webhook and stock change: the table would otherwise grow
     * by thousands of finished rows a day.
     */
    removeOnComplete?: boolean;
  };
}

/** Any one of our jobs, whatever its name. */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];
