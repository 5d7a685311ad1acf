import { constant, type Agenda, type Job } from 'agenda';
import { TEST_DIALECTS } from '@syncdesk/api/testing';
import {
  createTestAgenda,
  delay,
  openJobStore,
  waitFor,
  waitForEvents,
  type JobStore,
} from './job-store-fixtures';

describe.each(TEST_DIALECTS)('Agenda on SequelizeBackend (%s)', (dialect) => {
  let store: JobStore;
  let agenda: Agenda;

  beforeAll(async () => {
    store = await openJobStore(dialect);
  });

  afterAll(async () => {
    await store.database.drop();
  });

  beforeEach(async () => {
    await store.repository.purgeAllJobs();
    agenda = createTestAgenda(store.backend);
    await agenda.ready;
  });

  afterEach(async () => {
    await agenda.stop();
    await agenda.drain();
  });

  it('runs a job queued with now(), passing its data, and records its completion', async () => {
    const received: unknown[] = [];
    agenda.define('send-mail', async (job: Job<{ to: string }>) => {
      received.push(job.attrs.data);
    });
    // Agenda emits `complete` once the run's final state is saved.
    const completed = waitForEvents(agenda, 'complete:send-mail');
    await agenda.start();
    const job = await agenda.now('send-mail', { to: 'a@example.com' });
    await completed;
    expect(received).toEqual([{ to: 'a@example.com' }]);
    const [stored] = (await agenda.queryJobs({ id: job.attrs._id })).jobs;
    expect(stored?.state).toBe('completed');
    expect(stored?.lastFinishedAt).toBeInstanceOf(Date);
    expect(stored?.lockedAt).toBeUndefined();
  });

  it('does not run a disabled job, and runs it once enabled', async () => {
    const ran: string[] = [];
    agenda.define('paused-job', async (job: Job<{ label: string }>) => {
      ran.push(job.attrs.data.label);
    });
    const paused = await agenda.now('paused-job', { label: 'paused' });
    await paused.disable().save();
    // An enabled job of the same name, due at the same time: once it has run, a scan has looked at
    // the disabled one too, and passed it over. No sleeping and hoping a scan happened meanwhile.
    const witnessRan = waitForEvents(agenda, 'complete:paused-job');
    await agenda.now('paused-job', { label: 'witness' });
    await agenda.start();
    await witnessRan;
    expect(ran).toEqual(['witness']);
    const pausedRan = waitForEvents(agenda, 'complete:paused-job');
    expect(await agenda.enable({ name: 'paused-job' })).toBe(1);
    await pausedRan;
    expect(ran).toEqual(['witness', 'paused']);
  });

  it('records failures (failCount, failReason) and emits fail events', async () => {
    const failures: string[] = [];
    agenda.define('broken', async () => {
      throw new Error('Test error');
    });
    agenda.on('fail:broken', (error: Error) => failures.push(error.message));
    const completed = waitForEvents(agenda, 'complete:broken');
    await agenda.start();
    const job = await agenda.now('broken');
    await completed;
    const [stored] = (await agenda.queryJobs({ id: job.attrs._id })).jobs;
    expect(failures).toEqual(['Test error']);
    expect(stored).toMatchObject({ failCount: 1, failReason: 'Test error', state: 'failed' });
  });

  // Agenda hands a thrown value that is not an Error to job.fail() as is; in fork mode the child's
  // error always arrives that way (parsed from the child's message). Its save used to be refused,
  // and the job stayed locked, unfinished, until its lock expired.
  it('finishes and unlocks a job whose handler throws a value that is not an Error', async () => {
    agenda.define('rejects-object', async () => {
      throw { code: 42 };
    });
    const failed = waitForEvents(agenda, 'fail:rejects-object');
    const completed = waitForEvents(agenda, 'complete:rejects-object');
    await agenda.start();
    const job = await agenda.now('rejects-object');
    const [failure] = await failed;
    expect(failure?.[0]).toEqual({ code: 42 });
    await completed;
    const [stored] = (await agenda.queryJobs({ id: job.attrs._id })).jobs;
    expect(stored).toMatchObject({ failCount: 1, failReason: '{"code":42}', state: 'failed' });
    expect(stored?.lockedAt).toBeUndefined();
    expect(stored?.lastFinishedAt).toBeInstanceOf(Date);
  });

  it('finishes and unlocks a job whose handler calls job.fail() with an object', async () => {
    agenda.define('fails-with-object', async (job: Job) => {
      job.fail({ code: 42 } as unknown as Error);
    });
    const completed = waitForEvents(agenda, 'complete:fails-with-object');
    await agenda.start();
    const job = await agenda.now('fails-with-object');
    await completed;
    const [stored] = (await agenda.queryJobs({ id: job.attrs._id })).jobs;
    // The handler returned normally, so Agenda counts a success and resets failCount to 0 itself;
    // the reason and the failure time stay.
    expect(stored).toMatchObject({ failReason: '{"code":42}', failCount: 0 });
    expect(stored?.failedAt).toBeInstanceOf(Date);
    expect(stored?.lockedAt).toBeUndefined();
    expect(stored?.lastFinishedAt).toBeInstanceOf(Date);
  });

  it('retries with a backoff strategy until it succeeds', async () => {
    let attempts = 0;
    agenda.define(
      'flaky',
      async () => {
        attempts += 1;
        if (attempts < 3) throw new Error(`attempt ${attempts}`);
      },
      { backoff: constant({ delay: 50, maxRetries: 5 }) },
    );
    const succeeded = waitForEvents(agenda, 'success:flaky');
    await agenda.start();
    await agenda.now('flaky');
    await succeeded;
    expect(attempts).toBe(3);
  });

  it('every() keeps one job per name and runs it repeatedly', async () => {
    let runs = 0;
    agenda.define('heartbeat', async () => {
      runs += 1;
    });
    await agenda.every('1 minute', 'heartbeat');
    await agenda.every(300, 'heartbeat');
    const jobs = await agenda.queryJobs({ name: 'heartbeat' });
    expect(jobs.total).toBe(1);
    expect(jobs.jobs[0]?.repeatInterval).toBe(300);
    await agenda.start();
    await waitFor(() => runs >= 2);
    expect((await agenda.queryJobs({ name: 'heartbeat' })).total).toBe(1);
  });

  it('schedule() runs a job at its time, not before', async () => {
    let ranAt = 0;
    agenda.define('later', async () => {
      ranAt = Date.now();
    });
    const when = new Date(Date.now() + 600);
    const job = await agenda.schedule(when, 'later');
    expect(job.attrs.nextRunAt?.getTime()).toBe(when.getTime());
    await agenda.start();
    await waitFor(() => ranAt > 0);
    expect(ranAt).toBeGreaterThanOrEqual(when.getTime() - 5);
  });

  it('respects maxConcurrency and per-definition concurrency', async () => {
    let running = 0;
    let maxRunning = 0;
    let perJobRunning = 0;
    let perJobMax = 0;
    let finished = 0;
    agenda.maxConcurrency(3);
    agenda.define('global-limited', async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await delay(100);
      running -= 1;
      finished += 1;
    });
    agenda.define(
      'one-at-a-time',
      async () => {
        perJobRunning += 1;
        perJobMax = Math.max(perJobMax, perJobRunning);
        await delay(50);
        perJobRunning -= 1;
        finished += 1;
      },
      { concurrency: 1 },
    );
    await Promise.all([
      ...Array.from({ length: 8 }, () => agenda.now('global-limited')),
      ...Array.from({ length: 3 }, () => agenda.now('one-at-a-time')),
    ]);
    await agenda.start();
    await waitFor(() => finished === 11);
    expect(maxRunning).toBeLessThanOrEqual(3);
    expect(perJobMax).toBe(1);
  });

  it('locks no more than the lock limit per definition', async () => {
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    agenda.define('limited-locks', () => blocked, { lockLimit: 2, concurrency: 10 });
    agenda.define('lock-limit-witness', async () => undefined);
    agenda.on('start:limited-locks', () => {
      started += 1;
    });
    await Promise.all(Array.from({ length: 6 }, () => agenda.now('limited-locks')));
    const twoStarted = waitForEvents(agenda, 'start:limited-locks', 2);
    await agenda.start();
    await twoStarted;
    // Every scan visits every definition: once a job queued after the first two started has run,
    // a scan has offered the four remaining jobs too, and the limit must have held them back.
    // (Counted by runs, not by locks in the table: Agenda may lock one more and release it at once
    // when two of its scans overlap, which a busy machine makes likely.)
    try {
      const witnessRan = waitForEvents(agenda, 'complete:lock-limit-witness');
      await agenda.now('lock-limit-witness');
      await witnessRan;
      expect(started).toBe(2);
      const jobs = await agenda.queryJobs({ name: 'limited-locks' });
      expect(jobs.jobs.filter((job) => job.lastRunAt !== undefined)).toHaveLength(2);
    } finally {
      release();
    }
  });

  it('processes higher priority jobs first among jobs due at the same time', async () => {
    const order: number[] = [];
    const dueAt = new Date(Date.now() - 1000);
    agenda.maxConcurrency(1);
    agenda.define('prioritised', async (job: Job) => {
      order.push(job.attrs.priority);
    });
    for (const priority of [-10, 10, 0]) {
      const job = agenda.create('prioritised', {});
      job.attrs.priority = priority;
      await job.schedule(dueAt).save();
    }
    await agenda.start();
    await waitFor(() => order.length === 3);
    expect(order[0]).toBe(10);
  });

  it('drain() waits for running jobs; stop() releases jobs that did not start', async () => {
    let finished = false;
    agenda.define('slow', async () => {
      await delay(300);
      finished = true;
    });
    const started = new Promise<void>((resolve) => agenda.once('start:slow', () => resolve()));
    await agenda.start();
    await agenda.now('slow');
    await started;
    const result = await agenda.drain();
    expect(finished).toBe(true);
    expect(result).toMatchObject({ running: 0, timedOut: false });
    await expect(store.database.sequelize.authenticate()).resolves.toBeUndefined();
  });

  it('removes completed one-time jobs when removeOnComplete is set', async () => {
    let runs = 0;
    agenda.define(
      'ephemeral',
      async () => {
        runs += 1;
      },
      { removeOnComplete: true },
    );
    await agenda.start();
    await agenda.now('ephemeral');
    // The removal follows the `complete` event, so wait for the row itself to go.
    await waitFor(async () => (await agenda.queryJobs({ name: 'ephemeral' })).total === 0);
    expect(runs).toBe(1);
  });

  it('cancel(), purge() and cancelAll() remove jobs', async () => {
    agenda.define('kept', async () => undefined);
    await agenda.schedule('in 1 hour', 'kept');
    await agenda.schedule('in 1 hour', 'orphan');
    await agenda.schedule('in 1 hour', 'cancelled');
    expect(await agenda.cancel({ name: 'cancelled' })).toBe(1);
    expect(await agenda.purge()).toBe(1);
    expect((await agenda.queryJobs()).jobs.map((job) => job.name)).toEqual(['kept']);
    expect(await agenda.cancelAll()).toBe(1);
  });

  it('reports running stats with the database queue size', async () => {
    agenda.define('stat', async () => undefined);
    await agenda.start();
    const stats = await agenda.getRunningStats();
    expect(stats.totalQueueSizeDB).toBe(0);
    expect(stats.backend.name).toBe('Sequelize');
  });
});
