import type { JobParameters } from 'agenda';
import { TEST_DIALECTS } from '@syncdesk/api/testing';
import { MAX_FAIL_REASON_LENGTH } from '../job-row';
import { SequelizeBackend } from '../sequelize-backend';
import { SequelizeJobRepository, type JobStoreLogger } from '../sequelize-job-repository';
import { jobAt, openJobStore, scanWindow, type JobStore } from './job-store-fixtures';

describe.each(TEST_DIALECTS)('SequelizeJobRepository on %s', (dialect) => {
  let store: JobStore;

  beforeAll(async () => {
    store = await openJobStore(dialect);
  });

  afterAll(async () => {
    await store.database.drop();
  });

  beforeEach(async () => {
    await store.repository.purgeAllJobs();
  });

  const repository = () => store.repository;

  describe('schema and connection', () => {
    it('connect() is idempotent and disconnect() leaves the application connection open', async () => {
      const backend = new SequelizeBackend({ sequelize: store.database.sequelize });
      await Promise.all([backend.connect(), backend.connect()]);
      await backend.disconnect();
      await expect(store.database.sequelize.authenticate()).resolves.toBeUndefined();
      expect(backend.ownsConnection).toBe(false);
      expect(backend.name).toBe('Sequelize');
    });

    it('creates a custom table with its lock index', async () => {
      const backend = new SequelizeBackend({ sequelize: store.database.sequelize, tableName: 'other_jobs' });
      await backend.connect();
      const indexes = (await store.database.sequelize.getQueryInterface().showIndex('other_jobs')) as Array<{
        name: string;
      }>;
      expect(indexes.map((index) => index.name)).toEqual(
        expect.arrayContaining([
          'other_jobs_lock',
          'other_jobs_name_next_run',
          'other_jobs_locked_at',
          'other_jobs_unique_key',
        ]),
      );
      await store.database.sequelize.getQueryInterface().dropTable('other_jobs');
    });
  });

  describe('saveJob', () => {
    it('inserts a job and assigns a string id', async () => {
      const saved = await repository().saveJob(
        jobAt('test-job', 0, { priority: 10, data: { foo: 'bar' } }),
        undefined,
      );
      expect(typeof saved._id).toBe('string');
      expect(saved).toMatchObject({ name: 'test-job', priority: 10, type: 'normal', data: { foo: 'bar' } });
    });

    it('updates an existing job by id', async () => {
      const saved = await repository().saveJob(
        jobAt('update-test', 0, { priority: 5, data: { version: 1 } }),
        undefined,
      );
      const updated = await repository().saveJob({ ...saved, priority: 20, data: { version: 2 } }, undefined);
      expect(updated._id).toBe(saved._id);
      expect(updated.priority).toBe(20);
      expect(updated.data).toEqual({ version: 2 });
    });

    it('saving unchanged values keeps the job (MySQL reports 0 changed rows)', async () => {
      const saved = await repository().saveJob(jobAt('same', 0), undefined);
      const again = await repository().saveJob(saved, undefined);
      expect(again._id).toBe(saved._id);
    });

    it('hands back a job removed meanwhile unchanged', async () => {
      const saved = await repository().saveJob(jobAt('gone', 0), undefined);
      await repository().removeJobs({ id: saved._id });
      const again = await repository().saveJob({ ...saved, priority: 3 }, undefined);
      expect(again.priority).toBe(3);
      expect(await repository().getJobById(saved._id!)).toBeNull();
    });

    it('does not clear processor fields when the caller leaves them out (job.save())', async () => {
      const saved = await repository().saveJob(jobAt('history', -1000), undefined);
      const lastRunAt = new Date(Date.now() - 500);
      await repository().saveJobState({ ...saved, lastRunAt, failCount: 2, failReason: 'boom' }, undefined);
      const {
        lastRunAt: _omitted,
        failCount: _count,
        failReason: _reason,
        lockedAt: _lock,
        ...userFields
      } = saved;
      await repository().saveJob({ ...userFields, priority: 7 }, undefined);
      const stored = await repository().getJobById(saved._id!);
      expect(stored).toMatchObject({ priority: 7, failCount: 2, failReason: 'boom' });
      expect(stored?.lastRunAt?.getTime()).toBe(lastRunAt.getTime());
    });

    it('round-trips every column', async () => {
      const startDate = new Date(Date.now() - 86_400_000);
      const endDate = new Date(Date.now() + 86_400_000);
      const saved = await repository().saveJob(
        jobAt('all-fields', 60_000, {
          repeatInterval: '5 minutes',
          repeatTimezone: 'Europe/Paris',
          startDate,
          endDate,
          skipDays: [0, 6],
          disabled: true,
          fork: true,
          data: { nested: { list: [1, 2], flag: true }, text: 'é' },
          lastFinishedAt: new Date(),
        }),
        { lastModifiedBy: 'worker-1' },
      );
      const stored = await repository().getJobById(saved._id!);
      expect(stored).toMatchObject({
        repeatInterval: '5 minutes',
        repeatTimezone: 'Europe/Paris',
        skipDays: [0, 6],
        disabled: true,
        fork: true,
        data: { nested: { list: [1, 2], flag: true }, text: 'é' },
        lastModifiedBy: 'worker-1',
      });
      expect(stored?.startDate?.getTime()).toBe(startDate.getTime());
      expect(stored?.endDate?.getTime()).toBe(endDate.getTime());
      expect(stored?.lastFinishedAt).toBeInstanceOf(Date);
    });

    it('keeps a numeric repeat interval numeric', async () => {
      const saved = await repository().saveJob(
        jobAt('numeric-interval', 0, { repeatInterval: 5000 }),
        undefined,
      );
      expect((await repository().getJobById(saved._id!))?.repeatInterval).toBe(5000);
    });

    it('upserts single jobs by name', async () => {
      const first = await repository().saveJob(
        jobAt('single-job', 60_000, { type: 'single', data: { run: 1 } }),
        undefined,
      );
      const second = await repository().saveJob(
        jobAt('single-job', 120_000, { type: 'single', priority: 10, data: { run: 2 } }),
        undefined,
      );
      expect(second._id).toBe(first._id);
      expect(second).toMatchObject({ priority: 10, data: { run: 2 } });
      expect((await repository().queryJobs({ name: 'single-job' })).total).toBe(1);
    });

    it('keeps the stored schedule of a single job re-registered with nextRunAt = now', async () => {
      const future = new Date(Date.now() + 3_600_000);
      await repository().saveJob(
        { ...jobAt('boot-single', 0, { type: 'single' }), nextRunAt: future },
        undefined,
      );
      const again = await repository().saveJob(
        jobAt('boot-single', -10, { type: 'single', priority: 4 }),
        undefined,
      );
      expect(again.nextRunAt?.getTime()).toBe(future.getTime());
      expect(again.priority).toBe(4);
    });

    it("re-registers a single job when InnoDB makes its update a deadlock's victim (nothing lost, no failed start)", async () => {
      await repository().saveJob(jobAt('victim-single', 60_000, { type: 'single' }), undefined);
      // MySQL's answer to the victim: the statement was rolled back, so sending it again is safe.
      const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), {
        parent: { errno: 1213 },
      });
      const update = jest.spyOn(store.database.sequelize, 'query').mockRejectedValueOnce(deadlock);
      try {
        const saved = await repository().saveJob(
          jobAt('victim-single', 120_000, { type: 'single', priority: 7 }),
          undefined,
        );
        expect(saved.priority).toBe(7);
        expect((await repository().queryJobs({ name: 'victim-single' })).total).toBe(1);
      } finally {
        update.mockRestore();
      }
      // Any other refusal is not retried: it is the caller's to see.
      jest.spyOn(store.database.sequelize, 'query').mockRejectedValueOnce(new Error('refused for the test'));
      await expect(
        repository().saveJob(jobAt('victim-single', 180_000, { type: 'single' }), undefined),
      ).rejects.toThrow('refused for the test');
      jest.restoreAllMocks();
    });

    it('creates one single job under concurrent upserts', async () => {
      await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          repository().saveJob(jobAt('racing-single', 1000, { type: 'single', data: { index } }), undefined),
        ),
      );
      expect((await repository().queryJobs({ name: 'racing-single' })).total).toBe(1);
    });

    it('unique() updates the job saved with the same constraint', async () => {
      const unique = { 'data.userId': 1 };
      const first = await repository().saveJob(
        jobAt('sync', 1000, { data: { userId: 1, v: 1 }, unique }),
        undefined,
      );
      const second = await repository().saveJob(
        jobAt('sync', 2000, { data: { userId: 1, v: 2 }, unique }),
        undefined,
      );
      const other = await repository().saveJob(
        jobAt('sync', 2000, { data: { userId: 2 }, unique: { 'data.userId': 2 } }),
        undefined,
      );
      expect(second._id).toBe(first._id);
      expect(second.data).toEqual({ userId: 1, v: 2 });
      expect(other._id).not.toBe(first._id);
      expect((await repository().queryJobs({ name: 'sync' })).total).toBe(2);
    });

    it('unique() with insertOnly leaves an existing job unchanged', async () => {
      const unique = { 'data.orderId': 'A' };
      const first = await repository().saveJob(
        jobAt('import', 1000, { data: { orderId: 'A', v: 1 }, unique, uniqueOpts: { insertOnly: true } }),
        undefined,
      );
      const second = await repository().saveJob(
        jobAt('import', 5000, { data: { orderId: 'A', v: 2 }, unique, uniqueOpts: { insertOnly: true } }),
        undefined,
      );
      expect(second._id).toBe(first._id);
      expect(second.data).toEqual({ orderId: 'A', v: 1 });
      expect(second.nextRunAt?.getTime()).toBe(first.nextRunAt?.getTime());
    });

    it('unique() keys ignore the order of the constraint fields', async () => {
      const first = await repository().saveJob(
        jobAt('pair', 0, { unique: { 'data.a': 1, 'data.b': 2 } }),
        undefined,
      );
      const second = await repository().saveJob(
        jobAt('pair', 0, { unique: { 'data.b': 2, 'data.a': 1 } }),
        undefined,
      );
      expect(second._id).toBe(first._id);
    });

    it('debounce (trailing) pushes nextRunAt back on each save', async () => {
      const options = { unique: { 'data.key': 'k' }, uniqueOpts: { debounce: { delay: 1000 } } };
      const before = Date.now();
      const first = await repository().saveJob(
        jobAt('debounced', 0, { data: { key: 'k' }, ...options }),
        undefined,
      );
      expect(first.nextRunAt!.getTime()).toBeGreaterThanOrEqual(before + 1000);
      // The second save must happen at a later millisecond for its nextRunAt to move.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await repository().saveJob(
        jobAt('debounced', 0, { data: { key: 'k' }, ...options }),
        undefined,
      );
      expect(second._id).toBe(first._id);
      expect(second.nextRunAt!.getTime()).toBeGreaterThan(first.nextRunAt!.getTime());
      expect(second.debounceStartedAt?.getTime()).toBe(first.debounceStartedAt?.getTime());
    });
  });

  describe('getJobById', () => {
    it('returns the job, or null for unknown and malformed ids', async () => {
      const saved = await repository().saveJob(jobAt('by-id', 0, { data: { key: 'value' } }), undefined);
      expect((await repository().getJobById(saved._id!))?.data).toEqual({ key: 'value' });
      await repository().removeJobs({ id: saved._id });
      expect(await repository().getJobById(saved._id!)).toBeNull();
      expect(await repository().getJobById('not-an-id')).toBeNull();
    });
  });

  describe('queryJobs', () => {
    beforeEach(async () => {
      await repository().saveJob(
        jobAt('job-a', 60_000, { priority: 10, data: { type: 'alpha', count: 1 } }),
        undefined,
      );
      await repository().saveJob(
        jobAt('job-b', 120_000, { priority: 5, data: { type: 'beta', count: 2 } }),
        undefined,
      );
      await repository().saveJob(
        jobAt('job-a', 180_000, { priority: 15, data: { type: 'alpha', count: 3 } }),
        undefined,
      );
    });

    it('filters by name, names, ids and search', async () => {
      expect((await repository().queryJobs()).total).toBe(3);
      const byName = await repository().queryJobs({ name: 'job-a' });
      expect(byName.total).toBe(2);
      expect(byName.jobs.every((job) => job.name === 'job-a')).toBe(true);
      expect((await repository().queryJobs({ names: ['job-a', 'job-b'] })).total).toBe(3);
      expect((await repository().queryJobs({ search: 'JOB' })).total).toBe(3);
      expect((await repository().queryJobs({ search: '-b' })).total).toBe(1);
      expect((await repository().queryJobs({ search: '%' })).total).toBe(0);
      const ids = byName.jobs.map((job) => job._id);
      expect((await repository().queryJobs({ ids })).total).toBe(2);
      expect((await repository().queryJobs({ id: ids[0] })).jobs[0]?._id).toBe(ids[0]);
      expect((await repository().queryJobs({ id: 'nope' })).total).toBe(0);
    });

    it('filters by partial data', async () => {
      expect((await repository().queryJobs({ data: { type: 'alpha' } })).total).toBe(2);
      expect((await repository().queryJobs({ data: { type: 'alpha', count: 3 } })).total).toBe(1);
      expect((await repository().queryJobs({ data: { type: 'gamma' } })).total).toBe(0);
    });

    it('paginates with skip and limit, counting the total', async () => {
      const page = await repository().queryJobs({ skip: 1, limit: 1 });
      expect(page.jobs).toHaveLength(1);
      expect(page.total).toBe(3);
      const all = await repository().queryJobs({ sort: { priority: 'asc' } });
      const pages = [0, 1, 2].map((skip) =>
        repository().queryJobs({ sort: { priority: 'asc' }, skip, limit: 1 }),
      );
      const paged = (await Promise.all(pages)).map((result) => result.jobs[0]?._id);
      expect(paged).toEqual(all.jobs.map((job) => job._id));
    });

    it('sorts by the requested fields', async () => {
      const byPriority = await repository().queryJobs({ sort: { priority: 'desc' } });
      expect(byPriority.jobs.map((job) => job.priority)).toEqual([15, 10, 5]);
      const byNextRun = await repository().queryJobs({ sort: { nextRunAt: 'asc' } });
      expect(byNextRun.jobs.map((job) => job.priority)).toEqual([10, 5, 15]);
    });

    it('excludes disabled jobs on request', async () => {
      await repository().saveJob(jobAt('disabled-job', 0, { disabled: true }), undefined);
      expect((await repository().queryJobs({ includeDisabled: true })).total).toBe(4);
      expect((await repository().queryJobs({ includeDisabled: false })).total).toBe(3);
    });

    it('filters by computed state in SQL, matching computeJobState()', async () => {
      const now = Date.now();
      await repository().saveJob(jobAt('states', -1000), undefined);
      await repository().saveJob(
        { ...jobAt('states', 0), nextRunAt: null, lastFinishedAt: new Date(now - 10) },
        undefined,
      );
      await repository().saveJob(
        { ...jobAt('states', 0), nextRunAt: null, failedAt: new Date(now), lastFinishedAt: new Date(now) },
        undefined,
      );
      await repository().saveJob(jobAt('states', 60_000, { repeatInterval: '1 hour' }), undefined);
      await repository().saveJob(jobAt('states', -1000, { lockedAt: new Date() }), undefined);
      await repository().saveJob(jobAt('states', -1000, { disabled: true }), undefined);
      const count = async (
        state: 'queued' | 'completed' | 'failed' | 'repeating' | 'running' | 'paused' | 'scheduled',
      ) => (await repository().queryJobs({ name: 'states', state })).jobs.map((job) => job.state);
      expect(await count('queued')).toEqual(['queued', 'queued']);
      expect(await count('completed')).toEqual(['completed']);
      expect(await count('failed')).toEqual(['failed']);
      expect(await count('repeating')).toEqual(['repeating']);
      expect(await count('running')).toEqual(['running']);
      expect(await count('paused')).toHaveLength(1);
      expect((await repository().queryJobs({ state: 'scheduled' })).total).toBe(3);
    });
  });

  describe('removal, enable and disable', () => {
    it('removes by name, ids, notNames and data, and never everything by accident', async () => {
      const first = await repository().saveJob(jobAt('remove-test', 0), undefined);
      await repository().saveJob(jobAt('remove-test', 0), undefined);
      const kept = await repository().saveJob(jobAt('keep-test', 0, { data: { tag: 'x' } }), undefined);
      expect(await repository().removeJobs({})).toBe(0);
      expect(await repository().removeJobs({ name: 'non-existent' })).toBe(0);
      expect(await repository().removeJobs({ ids: [first._id!] })).toBe(1);
      expect(await repository().removeJobs({ notNames: ['keep-test'] })).toBe(1);
      expect(await repository().removeJobs({ data: { tag: 'y' } })).toBe(0);
      expect(await repository().removeJobs({ data: { tag: 'x' } })).toBe(1);
      expect(await repository().getJobById(kept._id!)).toBeNull();
    });

    it('disables and enables matching jobs, counting changed rows', async () => {
      await repository().saveJob(jobAt('toggle', 0), undefined);
      await repository().saveJob(jobAt('toggle', 0), undefined);
      expect(await repository().disableJobs({ name: 'toggle' })).toBe(2);
      expect(await repository().disableJobs({ name: 'toggle' })).toBe(0);
      expect((await repository().queryJobs({ name: 'toggle' })).jobs.every((job) => job.disabled)).toBe(true);
      expect(await repository().enableJobs({ name: 'toggle' })).toBe(2);
      expect(await repository().enableJobs({})).toBe(0);
    });

    it('purges all jobs', async () => {
      await repository().saveJob(jobAt('one', 0), undefined);
      await repository().saveJob(jobAt('two', 0), undefined);
      expect(await repository().purgeAllJobs()).toBe(2);
      expect(await repository().getDistinctJobNames()).toEqual([]);
    });
  });

  describe('statistics', () => {
    it('lists distinct names, counts the ready queue and summarises states', async () => {
      await repository().saveJob(jobAt('name-a', -60_000), undefined);
      await repository().saveJob(jobAt('name-b', -30_000), undefined);
      await repository().saveJob(jobAt('name-a', 60_000), undefined);
      await repository().saveJob(
        { ...jobAt('name-a', 0), nextRunAt: null, lastFinishedAt: new Date() },
        undefined,
      );
      expect(await repository().getDistinctJobNames()).toEqual(['name-a', 'name-b']);
      expect(await repository().getQueueSize()).toBe(2);
      const overview = await repository().getJobsOverview();
      expect(overview.find((entry) => entry.name === 'name-a')).toMatchObject({
        total: 3,
        queued: 1,
        scheduled: 1,
        completed: 1,
      });
    });
  });

  describe('locking', () => {
    it('lockJob locks once; unlockJob and unlockJobs release', async () => {
      const saved = await repository().saveJob(jobAt('lock-test', -1000), undefined);
      const locked = await repository().lockJob(saved, { lastModifiedBy: 'me' });
      expect(locked?._id).toBe(saved._id);
      expect(locked?.lockedAt).toBeInstanceOf(Date);
      expect(locked?.lastModifiedBy).toBe('me');
      expect(await repository().lockJob(saved, undefined)).toBeUndefined();
      await repository().unlockJob(locked!);
      expect((await repository().getJobById(saved._id!))?.lockedAt).toBeUndefined();

      const other = await repository().saveJob(jobAt('lock-test-2', -1000), undefined);
      await repository().lockJob(saved, undefined);
      await repository().lockJob(other, undefined);
      await repository().unlockJobs([saved._id!, other._id!]);
      expect((await repository().getJobById(saved._id!))?.lockedAt).toBeUndefined();
      expect((await repository().getJobById(other._id!))?.lockedAt).toBeUndefined();
    });

    it('lockJob refuses disabled jobs and jobs rescheduled since they were read', async () => {
      const disabled = await repository().saveJob(
        jobAt('lock-disabled', -1000, { disabled: true }),
        undefined,
      );
      expect(await repository().lockJob(disabled, undefined)).toBeUndefined();
      const saved = await repository().saveJob(jobAt('lock-moved', -1000), undefined);
      await repository().saveJobState({ ...saved, nextRunAt: new Date(Date.now() + 60_000) }, undefined);
      expect(await repository().lockJob(saved, undefined)).toBeUndefined();
    });

    it('unlockJob keeps the lock of a running one-time job (nextRunAt null)', async () => {
      const saved = await repository().saveJob(jobAt('running-once', -1000), undefined);
      const locked = await repository().lockJob(saved, undefined);
      await repository().saveJobState({ ...locked!, nextRunAt: null, lastRunAt: new Date() }, undefined);
      await repository().unlockJob(locked!);
      expect((await repository().getJobById(saved._id!))?.lockedAt).toBeInstanceOf(Date);
    });
  });

  describe('getNextJobToRun', () => {
    it('locks the next due job and records who locked it', async () => {
      await repository().saveJob(jobAt('runner-test', -60_000, { priority: 5 }), undefined);
      const now = new Date();
      const next = await repository().getNextJobToRun('runner-test', ...scanWindow(), now, {
        lastModifiedBy: 'w1',
      });
      expect(next?.lockedAt?.getTime()).toBe(now.getTime());
      expect(next?.lastModifiedBy).toBe('w1');
      expect((await repository().getJobById(next!._id!))?.lockedAt?.getTime()).toBe(now.getTime());
      expect(
        await repository().getNextJobToRun('runner-test', ...scanWindow(), undefined, undefined),
      ).toBeUndefined();
    });

    it('takes the earliest nextRunAt first, then the highest priority', async () => {
      const nextRunAt = new Date(Date.now() - 60_000);
      await repository().saveJob(
        jobAt('order', 0, { nextRunAt, priority: 5, data: { label: 'low' } }),
        undefined,
      );
      await repository().saveJob(
        jobAt('order', 0, { nextRunAt, priority: 10, data: { label: 'high' } }),
        undefined,
      );
      await repository().saveJob(
        jobAt('order', -120_000, { priority: -10, data: { label: 'oldest' } }),
        undefined,
      );
      const labels: unknown[] = [];
      for (let index = 0; index < 3; index += 1) {
        const next = await repository().getNextJobToRun('order', ...scanWindow(), undefined, undefined);
        labels.push((next?.data as { label: string }).label);
      }
      expect(labels).toEqual(['oldest', 'high', 'low']);
    });

    it('skips disabled jobs, future jobs, other names and jobs locked within their lifetime', async () => {
      await repository().saveJob(jobAt('skip', -60_000, { disabled: true }), undefined);
      await repository().saveJob(jobAt('skip', 60_000), undefined);
      await repository().saveJob(jobAt('skip-other', -60_000), undefined);
      await repository().saveJob(
        jobAt('skip', -60_000, { lockedAt: new Date(Date.now() - 1000) }),
        undefined,
      );
      expect(
        await repository().getNextJobToRun('skip', ...scanWindow(), undefined, undefined),
      ).toBeUndefined();
    });

    it('takes jobs due before the next scan', async () => {
      await repository().saveJob(jobAt('soon', 2000), undefined);
      expect(await repository().getNextJobToRun('soon', ...scanWindow(), undefined, undefined)).toBeDefined();
    });

    it('re-locks a job whose lock expired, even a one-time job that was running', async () => {
      const saved = await repository().saveJob(jobAt('expired', -60_000), undefined);
      const crashed = await repository().lockJob(saved, undefined);
      await repository().saveJobState(
        { ...crashed!, lockedAt: new Date(Date.now() - 10_000), nextRunAt: null, lastRunAt: new Date() },
        undefined,
      );
      expect(
        await repository().getNextJobToRun('expired', ...scanWindow(60_000), undefined, undefined),
      ).toBeUndefined();
      const relockedFrom = Date.now();
      const relocked = await repository().getNextJobToRun(
        'expired',
        ...scanWindow(5000),
        undefined,
        undefined,
      );
      expect(relocked?._id).toBe(saved._id);
      expect(relocked!.lockedAt!.getTime()).toBeGreaterThanOrEqual(relockedFrom);
    });

    it('does not hand out a buffered candidate that another worker ran meanwhile', async () => {
      for (let index = 0; index < 3; index += 1) await repository().saveJob(jobAt('stale', -1000), undefined);
      const first = await repository().getNextJobToRun('stale', ...scanWindow(), undefined, undefined);
      // Another worker runs the remaining jobs to completion while this one holds them as candidates.
      const others = await repository().queryJobs({ name: 'stale' });
      for (const job of others.jobs.filter((candidate) => candidate._id !== first?._id)) {
        await repository().saveJobState(
          { ...job, lockedAt: undefined, nextRunAt: null, lastRunAt: new Date() },
          undefined,
        );
      }
      expect(
        await repository().getNextJobToRun('stale', ...scanWindow(), undefined, undefined),
      ).toBeUndefined();
    });
  });

  describe('saveJobState', () => {
    it('writes the state fields only, and fails for a missing job', async () => {
      const saved = await repository().saveJob(jobAt('state-test', 0, { data: { keep: true } }), undefined);
      const now = new Date();
      await repository().saveJobState(
        {
          ...saved,
          data: { keep: false },
          priority: 99,
          lastRunAt: now,
          lastFinishedAt: now,
          progress: 50,
          failCount: 1,
          failReason: 'Test error',
          failedAt: now,
        },
        { lastModifiedBy: 'w2' },
      );
      const stored = await repository().getJobById(saved._id!);
      expect(stored).toMatchObject({
        progress: 50,
        failCount: 1,
        failReason: 'Test error',
        data: { keep: true },
        priority: 0,
      });
      expect(stored?.lastRunAt?.getTime()).toBe(now.getTime());
      await repository().saveJobState({ ...saved, failedAt: now, lastRunAt: now }, undefined);
      await repository().saveJobState({ ...saved, failedAt: now, lastRunAt: now }, undefined);
      await repository().removeJobs({ id: saved._id });
      await expect(repository().saveJobState(saved, undefined)).rejects.toThrow(/cannot be updated/);
    });

    /** A locked, running job that failed once before, and the state Agenda saves when it fails again. */
    async function failAgain(failReason: unknown): Promise<{ id: string; finishedAt: Date }> {
      const saved = await repository().saveJob(jobAt('failing', -1000), undefined);
      const locked = await repository().lockJob(saved, undefined);
      const startedAt = new Date(Date.now() - 100);
      await repository().saveJobState(
        { ...locked!, nextRunAt: null, lastRunAt: startedAt, failCount: 1, failReason: 'earlier' },
        undefined,
      );
      const finishedAt = new Date();
      // What job.fail() and the end of run() hand over: lock cleared, one more failure recorded.
      await repository().saveJobState(
        {
          ...locked!,
          lockedAt: undefined,
          nextRunAt: null,
          lastRunAt: startedAt,
          failCount: 2,
          failReason: failReason as string,
          failedAt: finishedAt,
          lastFinishedAt: finishedAt,
        },
        { lastModifiedBy: 'w1' },
      );
      return { id: saved._id!, finishedAt };
    }

    it.each([
      ['an object', { code: 42, detail: { retry: false } }, '{"code":42,"detail":{"retry":false}}'],
      ['an array', ['quota', 3], '["quota",3]'],
      ['an Error', new TypeError('bad input'), 'bad input'],
    ])('stores a failure reason given as %s as text, and finishes the job', async (_kind, reason, text) => {
      const { id, finishedAt } = await failAgain(reason);
      const stored = await repository().getJobById(id);
      expect(stored).toMatchObject({ failReason: text, failCount: 2, lastModifiedBy: 'w1' });
      expect(stored?.lockedAt).toBeUndefined();
      expect(stored?.lastFinishedAt?.getTime()).toBe(finishedAt.getTime());
      expect(stored?.failedAt?.getTime()).toBe(finishedAt.getTime());
    });

    it('stores any other failure reason as text, never longer than the cap', async () => {
      const circular: Record<string, unknown> = { name: 'loop' };
      circular.self = circular;
      const bare = Object.create(null) as object;
      const cases: Array<[unknown, string]> = [
        [circular, '[object Object]'],
        [bare, '{}'],
        [Object.assign(Object.create(null) as object, { toJSON: () => undefined }), '[object Object]'],
        [42, '42'],
        [10n, '10'],
        [new Error(''), 'Error'],
      ];
      for (const [reason, text] of cases) {
        const { id } = await failAgain(reason);
        expect((await repository().getJobById(id))?.failReason).toBe(text);
      }
      const { id } = await failAgain(`${'x'.repeat(MAX_FAIL_REASON_LENGTH)}😀 and more`);
      const long = (await repository().getJobById(id))?.failReason ?? '';
      expect(long).toHaveLength(MAX_FAIL_REASON_LENGTH);
      expect(long.endsWith('… (truncated)')).toBe(true);
    });

    it('stores progress, counts and dates the columns cannot hold as empty, instead of failing', async () => {
      const saved = await repository().saveJob(jobAt('odd-values', -1000), undefined);
      const save = (values: Record<string, unknown>) =>
        repository().saveJobState({ ...saved, ...values } as JobParameters, {
          lastModifiedBy: 'w'.repeat(300),
        });
      await save({ progress: { done: 3, of: 10 }, failCount: 'many', lastRunAt: new Date('not a date') });
      let stored = await repository().getJobById(saved._id!);
      expect(stored?.progress).toBeUndefined();
      expect(stored?.failCount).toBeUndefined();
      expect(stored?.lastRunAt).toBeUndefined();
      expect(stored?.lastModifiedBy).toHaveLength(255);
      for (const progress of [Number.NaN, Number.POSITIVE_INFINITY, '50%']) {
        await save({ progress });
        expect((await repository().getJobById(saved._id!))?.progress).toBeUndefined();
      }
      const lastFinishedAt = new Date(Date.now() - 1000);
      await save({ progress: '37.5', failCount: 2.7, lastFinishedAt: lastFinishedAt.toISOString() });
      stored = await repository().getJobById(saved._id!);
      expect(stored).toMatchObject({ progress: 37.5, failCount: 2 });
      expect(stored?.lastFinishedAt?.getTime()).toBe(lastFinishedAt.getTime());
    });

    describe('when the database refuses the save', () => {
      const logged: Array<{ object: object; message?: string }> = [];
      const logger: JobStoreLogger = { error: (object, message) => logged.push({ object, message }) };
      // Every statement of a save goes through sequelize.query (the state save is raw SQL, its
      // fallback a model update): refusing the next calls refuses the next attempts.
      const refuseNextStatements = () => jest.spyOn(store.database.sequelize, 'query');

      beforeEach(() => {
        logged.length = 0;
      });

      afterEach(() => {
        jest.restoreAllMocks();
      });

      async function runningJob(logging: SequelizeJobRepository): Promise<JobParameters> {
        const saved = await logging.saveJob(jobAt('refused', -1000), undefined);
        const locked = await logging.lockJob(saved, undefined);
        await logging.saveJobState({ ...locked!, nextRunAt: null, lastRunAt: new Date() }, undefined);
        return locked!;
      }

      it('logs it, and still releases the job with its outcome', async () => {
        const logging = new SequelizeJobRepository({ sequelize: store.database.sequelize, logger });
        const job = await runningJob(logging);
        const refusal = new Error('refused for the test');
        refuseNextStatements().mockRejectedValueOnce(refusal);
        const finishedAt = new Date();
        await logging.saveJobState(
          {
            ...job,
            lockedAt: undefined,
            nextRunAt: null,
            progress: 80,
            failCount: 1,
            failReason: 'quota exceeded 🚫',
            failedAt: finishedAt,
            lastFinishedAt: finishedAt,
          },
          { lastModifiedBy: 'w1' },
        );
        expect(logged).toHaveLength(1);
        expect(logged[0]?.object).toMatchObject({ err: refusal, jobId: job._id, jobName: 'refused' });
        const stored = await logging.getJobById(job._id!);
        expect(stored?.lockedAt).toBeUndefined();
        expect(stored).toMatchObject({ failCount: 1, failReason: 'quota exceeded ??' });
        expect(stored?.lastFinishedAt?.getTime()).toBe(finishedAt.getTime());
      });

      it('logs it twice and throws when the outcome cannot be saved either', async () => {
        const logging = new SequelizeJobRepository({ sequelize: store.database.sequelize, logger });
        const job = await runningJob(logging);
        const refusal = new Error('database gone');
        refuseNextStatements().mockRejectedValueOnce(refusal).mockRejectedValueOnce(new Error('still gone'));
        await expect(
          logging.saveJobState({ ...job, lockedAt: undefined, lastFinishedAt: new Date() }, undefined),
        ).rejects.toBe(refusal);
        // Nothing could be written: the lock from the start of the run stands until it expires.
        expect((await logging.getJobById(job._id!))?.lockedAt).toBeInstanceOf(Date);
        expect(logged.map((entry) => entry.message)).toEqual([
          expect.stringMatching(/retrying with its lock and outcome only/),
          expect.stringMatching(/stays locked until its lock expires/),
        ]);
      });

      // A real refusal: a utf8mb3 table (MySQL's old "utf8") rejects 4-byte characters such as emoji.
      (dialect === 'mysql' ? it : it.skip)(
        'saves the outcome when the reason has characters the column refuses',
        async () => {
          const tableName = 'narrow_charset_jobs';
          const logging = new SequelizeJobRepository({
            sequelize: store.database.sequelize,
            tableName,
            logger,
          });
          await logging.connect();
          try {
            await store.database.sequelize.query(`ALTER TABLE ${tableName} CONVERT TO CHARACTER SET utf8mb3`);
            const job = await runningJob(logging);
            const finishedAt = new Date();
            await logging.saveJobState(
              {
                ...job,
                lockedAt: undefined,
                failCount: 1,
                failReason: 'quota exceeded 🚫 (café)',
                failedAt: finishedAt,
                lastFinishedAt: finishedAt,
              },
              undefined,
            );
            expect(logged).toHaveLength(1);
            const stored = await logging.getJobById(job._id!);
            expect(stored?.lockedAt).toBeUndefined();
            expect(stored).toMatchObject({ failCount: 1, failReason: 'quota exceeded ?? (caf?)' });
          } finally {
            await store.database.sequelize.getQueryInterface().dropTable(tableName);
          }
        },
      );
    });
  });
});
