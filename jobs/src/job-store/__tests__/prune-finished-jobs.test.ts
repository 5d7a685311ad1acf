import type { JobParameters } from 'agenda';
import { TEST_DIALECTS } from '@syncdesk/api/testing';
import { defineJobTable, type JobRow } from '../job-table';
import { FAILED_JOB_RETENTION_MS, SUCCEEDED_JOB_RETENTION_MS } from '../prune-finished-jobs';
import { openJobStore, type JobStore } from './job-store-fixtures';

const DAY_MS = 24 * 60 * 60_000;

describe.each(TEST_DIALECTS)('pruneFinishedJobs on %s', (dialect) => {
  let store: JobStore;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  beforeAll(async () => {
    store = await openJobStore(dialect);
  });

  afterAll(async () => {
    await store.database.drop();
  });

  beforeEach(async () => {
    await store.repository.purgeAllJobs();
  });

  /** Saves a job as Agenda leaves it; processor fields (finish, failure, lock) only when given. */
  async function save(name: string, fields: Partial<JobParameters> = {}): Promise<string> {
    const saved = await store.repository.saveJob(
      { name, priority: 0, nextRunAt: null, type: 'normal', data: {}, ...fields },
      undefined,
    );
    return String(saved._id);
  }

  /** A one-off job whose run ended `days` ago, successfully or not (fail() stamps both columns). */
  function finished(days: number, outcome: 'succeeded' | 'failed' = 'succeeded'): Partial<JobParameters> {
    const at = daysAgo(days);
    return {
      lastRunAt: new Date(at.getTime() - 1000),
      lastFinishedAt: at,
      ...(outcome === 'failed' ? { failedAt: at, failCount: 1, failReason: 'boom' } : {}),
    };
  }

  async function remainingNames(): Promise<string[]> {
    const { jobs } = await store.repository.queryJobs({});
    return jobs.map((job) => job.name).sort();
  }

  it('keeps the retention periods of a week for successes and a month for failures', () => {
    expect(SUCCEEDED_JOB_RETENTION_MS).toBe(7 * DAY_MS);
    expect(FAILED_JOB_RETENTION_MS).toBe(30 * DAY_MS);
  });

  it('removes one-off jobs that finished long ago and keeps recent ones', async () => {
    await save('old-success', finished(8));
    await save('recent-success', finished(6));
    await save('old-failure', finished(31, 'failed'));
    await save('failure-within-a-month', finished(10, 'failed'));
    // Failed long ago, then succeeded (Agenda's retry): a success, judged by its finish.
    await save('old-failure-then-success', { ...finished(8), failedAt: daysAgo(40) });
    await save('recent-success-after-old-failure', { ...finished(2), failedAt: daysAgo(40) });

    const removed = await store.backend.pruneFinishedJobs({ now });

    expect(removed).toEqual({ succeeded: 2, failed: 1 });
    expect(await remainingNames()).toEqual([
      'failure-within-a-month',
      'recent-success',
      'recent-success-after-old-failure',
    ]);
  });

  it('never removes a job that is running, locked, queued, scheduled, recurring or keyed', async () => {
    const longAgo = finished(60);
    await save('running', { ...longAgo, lockedAt: now });
    // A dead worker's lock: the job is taken over once the lock expires, so it must stay.
    await save('lock-expired', { ...longAgo, lockedAt: daysAgo(59) });
    await save('queued', { ...longAgo, nextRunAt: daysAgo(1) });
    await save('scheduled', { ...longAgo, nextRunAt: new Date(now.getTime() + DAY_MS) });
    await save('failed-awaiting-retry', {
      ...finished(60, 'failed'),
      nextRunAt: new Date(now.getTime() + 60_000),
    });
    // agenda.every(): the one `single:` row, even with no next run (its end date passed).
    await save('every-hour', { ...longAgo, type: 'single', repeatInterval: '1 hour', nextRunAt: null });
    // A channel's recurring job (repeatEvery + unique) and its token refresh (schedule + unique): the
    // refresh row says whether this expiry was already tried, so it is read, and there is one per channel.
    await save('channel-recurring', { ...longAgo, repeatInterval: '300 seconds', unique: { channelId: 1 } });
    await save('token-refresh', { ...finished(60, 'failed'), unique: { channelId: 1 } });
    await save('repeat-at', { ...longAgo, repeatAt: '3:30pm' });
    // Created without a schedule and never run: nothing says it is finished.
    await save('never-run');

    const removed = await store.backend.pruneFinishedJobs({ now });

    expect(removed).toEqual({ succeeded: 0, failed: 0 });
    expect(await remainingNames()).toHaveLength(10);
    const keyed = (await defineJobTable(store.database.sequelize, 'agenda_jobs').findAll({
      attributes: ['name', 'uniqueKey'],
      where: { name: ['every-hour', 'channel-recurring', 'token-refresh'] },
      raw: true,
    })) as unknown as Pick<JobRow, 'name' | 'uniqueKey'>[];
    // The rows above really carry the keys the store gives them.
    expect(keyed.map((row) => row.uniqueKey?.split(':')[0]).sort()).toEqual(['single', 'unique', 'unique']);
  });

  it('deletes in chunks of the given size, in id order, past rows it keeps', async () => {
    const kept: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      await save('old-success', finished(9));
      // Interleaved rows to keep, so a chunk boundary falls between kept rows.
      if (index % 4 === 0) kept.push(await save('recent-success', finished(1)));
    }
    await save('old-failure', finished(45, 'failed'));
    const model = defineJobTable(store.database.sequelize, 'agenda_jobs');
    let deletes = 0;
    model.addHook('afterBulkDestroy', 'count-prune-deletes', () => {
      deletes += 1;
    });
    try {
      const removed = await store.backend.pruneFinishedJobs({ now, chunkSize: 10 });
      expect(removed).toEqual({ succeeded: 25, failed: 1 });
    } finally {
      model.removeHook('afterBulkDestroy', 'count-prune-deletes');
    }
    // 25 successes in chunks of 10, then the failure: four statements.
    expect(deletes).toBe(4);
    const { jobs } = await store.repository.queryJobs({});
    expect(jobs.map((job) => String(job._id)).sort()).toEqual([...kept].sort());
  });

  it('a second run finds nothing left to delete', async () => {
    await save('old-success', finished(8));
    expect(await store.backend.pruneFinishedJobs({ now })).toEqual({ succeeded: 1, failed: 0 });
    expect(await store.backend.pruneFinishedJobs({ now })).toEqual({ succeeded: 0, failed: 0 });
  });
});
