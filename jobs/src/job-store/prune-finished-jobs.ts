import { Op, type Sequelize, type WhereOptions } from 'sequelize';
import { defineJobTable, type JobRow } from './job-table';

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long a one-off job that succeeded stays in the table. Recent history is what support reads
 * (Agenda's job listing) and what a transfer's or a rule run's status may be traced back to; after
 * a week nobody looks at a successful run, and a busy seller queues thousands of them a day.
 */
export const SUCCEEDED_JOB_RETENTION_MS = 7 * DAY_MS;

/** Failures are kept longer than successes: someone may still be investigating one weeks later. */
export const FAILED_JOB_RETENTION_MS = 30 * DAY_MS;

/**
 * Rows removed per DELETE. A first run on a table that grew for months may remove millions of rows;
 * small statements, each on primary keys, never hold a long lock against the workers' own updates.
 */
export const PRUNE_CHUNK_SIZE = 1000;

export interface PruneFinishedJobsOptions {
  /** Default `agenda_jobs`. */
  tableName?: string;
  /** The moment the retention periods count back from. Default: now. */
  now?: Date;
  /** Rows per DELETE. Default `PRUNE_CHUNK_SIZE`. */
  chunkSize?: number;
}

export interface PrunedJobs {
  /** One-off jobs whose last run succeeded more than `SUCCEEDED_JOB_RETENTION_MS` ago. */
  succeeded: number;
  /** One-off jobs whose last run failed more than `FAILED_JOB_RETENTION_MS` ago. */
  failed: number;
}

/**
 * Deletes the rows of one-off jobs that finished long ago: successes after a week, failures after a
 * month. Only rows that can never run again go: not locked (running, or a dead worker's lock that
 * will be taken over), no next run (queued, scheduled, or a failure waiting for its retry), no
 * repeat (`agenda.every()`, a channel's recurring jobs) and no unique key. Keyed rows are left for
 * two reasons: there is at most one per key (a channel's token refresh), so they never pile up, and
 * the application reads them (a refresh already tried for this expiry is not tried again).
 */
export async function pruneFinishedJobs(
  sequelize: Sequelize,
  {
    tableName = 'agenda_jobs',
    now = new Date(),
    chunkSize = PRUNE_CHUNK_SIZE,
  }: PruneFinishedJobsOptions = {},
): Promise<PrunedJobs> {
  const model = defineJobTable(sequelize, tableName);
  const oneOffAndDone: WhereOptions<JobRow> = {
    uniqueKey: null,
    type: 'normal',
    repeatInterval: null,
    repeatAt: null,
    lockedAt: null,
    nextRunAt: null,
  };
  // Agenda's own reading of a row's outcome (computeJobState): failed when the failure is at least
  // as recent as the finish. A failure stamps both columns with the same time.
  const lastRunFailed = sequelize.where(
    sequelize.col('failed_at'),
    Op.gte,
    sequelize.col('last_finished_at'),
  );
  const lastRunSucceeded = sequelize.where(
    sequelize.col('failed_at'),
    Op.lt,
    sequelize.col('last_finished_at'),
  );
  const succeededBefore = new Date(now.getTime() - SUCCEEDED_JOB_RETENTION_MS);
  const failedBefore = new Date(now.getTime() - FAILED_JOB_RETENTION_MS);

  /** Deletes matching rows in primary-key order, one chunk per statement, and counts them. */
  async function deleteInChunks(condition: WhereOptions<JobRow>): Promise<number> {
    let removed = 0;
    let after: JobRow['id'] | undefined;
    for (;;) {
      const rows = (await model.findAll({
        attributes: ['id'],
        where: { [Op.and]: [condition, after === undefined ? {} : { id: { [Op.gt]: after } }] },
        order: [['id', 'ASC']],
        limit: chunkSize,
        raw: true,
      })) as unknown as Pick<JobRow, 'id'>[];
      if (rows.length === 0) return removed;
      const ids = rows.map((row) => row.id);
      // The condition again: a row rescheduled or locked since the read stays.
      removed += await model.destroy({ where: { [Op.and]: [condition, { id: { [Op.in]: ids } }] } });
      if (rows.length < chunkSize) return removed;
      after = ids[ids.length - 1];
    }
  }

  const succeeded = await deleteInChunks({
    ...oneOffAndDone,
    lastFinishedAt: { [Op.lt]: succeededBefore },
    [Op.or]: [{ failedAt: null }, lastRunSucceeded],
  });
  const failed = await deleteInChunks({
    ...oneOffAndDone,
    failedAt: { [Op.lt]: failedBefore },
    [Op.or]: [{ lastFinishedAt: null }, lastRunFailed],
  });
  return { succeeded, failed };
}
