import type { Agenda, JobParameters } from 'agenda';
import type { Sequelize } from 'sequelize';
import { TEST_DIALECTS } from '@syncdesk/api/testing';
import { SequelizeBackend } from '../sequelize-backend';
import {
  createTestAgenda,
  delay,
  jobAt,
  openJobStore,
  openSecondConnection,
  scanWindow,
  waitForEvents,
  type JobStore,
} from './job-store-fixtures';

describe.each(TEST_DIALECTS)('concurrent workers on %s', (dialect) => {
  let store: JobStore;
  const connections: Sequelize[] = [];
  const agendas: Agenda[] = [];

  beforeAll(async () => {
    store = await openJobStore(dialect);
  });

  afterEach(async () => {
    await Promise.all(agendas.splice(0).map((agenda) => agenda.stop()));
    await Promise.all(connections.splice(0).map((connection) => connection.close()));
    await store.repository.purgeAllJobs();
  });

  afterAll(async () => {
    await store.database.drop();
  });

  async function workerBackend(): Promise<SequelizeBackend> {
    const connection = await openSecondConnection(store.database);
    connections.push(connection);
    const backend = new SequelizeBackend({ sequelize: connection });
    await backend.connect();
    return backend;
  }

  it('10 lockers on separate connections lock each job exactly once', async () => {
    // Enough for every locker to compete for the same few candidates many times over; more jobs
    // only add time (each lost compare-and-set costs a query, and a busy machine makes queries slow).
    const total = 60;
    for (let index = 0; index < total; index += 1) {
      await store.repository.saveJob(jobAt('contended', -1000, { data: { index } }), undefined);
    }
    const backends = await Promise.all(Array.from({ length: 10 }, () => workerBackend()));
    const lockedBy = await Promise.all(
      backends.map(async (backend, worker) => {
        const ids: string[] = [];
        for (;;) {
          const job: JobParameters | undefined = await backend.repository.getNextJobToRun(
            'contended',
            ...scanWindow(),
            undefined,
            { lastModifiedBy: `worker-${worker}` },
          );
          if (!job) break;
          ids.push(job._id!);
        }
        return ids;
      }),
    );
    // Correctness, not luck: how the backlog is split between the lockers depends on scheduling
    // (a busy machine may let one locker take everything); that each job went to exactly one
    // locker, and that none was left behind, does not.
    const all = lockedBy.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(total);
    const stored = await store.repository.queryJobs({ name: 'contended' });
    expect(new Set(all)).toEqual(new Set(stored.jobs.map((job) => job._id)));
    expect(stored.jobs.every((job) => job.lockedAt !== undefined)).toBe(true);
    // Each row names the locker that reported it.
    const owner = new Map(lockedBy.flatMap((ids, worker) => ids.map((id) => [id, `worker-${worker}`])));
    expect(stored.jobs.every((job) => job.lastModifiedBy === owner.get(job._id))).toBe(true);
  });

  it('a job one worker holds is not handed to another, which takes the next job instead', async () => {
    const first = await store.repository.saveJob(jobAt('handed-over', -2000), undefined);
    const second = await store.repository.saveJob(jobAt('handed-over', -1000), undefined);
    const [holder, other] = await Promise.all([workerBackend(), workerBackend()]);
    const next = (backend: SequelizeBackend, worker: string) =>
      backend.repository.getNextJobToRun('handed-over', ...scanWindow(), undefined, {
        lastModifiedBy: worker,
      });
    const held = await next(holder, 'holder');
    expect(held?._id).toBe(first._id);
    // The holder keeps its lock; the other worker gets the remaining job, then nothing.
    const taken = await next(other, 'other');
    expect(taken?._id).toBe(second._id);
    expect(await next(other, 'other')).toBeUndefined();
    expect(await next(holder, 'holder')).toBeUndefined();
    expect((await store.repository.getJobById(first._id!))?.lastModifiedBy).toBe('holder');
    expect((await store.repository.getJobById(second._id!))?.lastModifiedBy).toBe('other');
  });

  it('runs a job locked by a crashed worker again after its lock lifetime, not before', async () => {
    const lockLifetime = 1500;
    const saved = await store.repository.saveJob(jobAt('orphaned', -1000), undefined);
    // The "crashed" worker locked the job and started it (one-time job: nextRunAt is now null).
    const crashed = await store.repository.getNextJobToRun(
      'orphaned',
      ...scanWindow(lockLifetime),
      undefined,
      {
        lastModifiedBy: 'crashed-worker',
      },
    );
    const crashedAt = crashed!.lockedAt!.getTime();
    await store.repository.saveJobState(
      { ...crashed!, nextRunAt: null, lastRunAt: new Date(crashedAt) },
      undefined,
    );

    const agenda = createTestAgenda(await workerBackend(), { name: 'survivor' });
    agendas.push(agenda);
    let ranAt = 0;
    agenda.define(
      'orphaned',
      async () => {
        ranAt = Date.now();
      },
      { lockLifetime },
    );
    const completed = waitForEvents(agenda, 'complete:orphaned');
    await agenda.start();
    await completed;
    // "Not before" is checked against the lock time itself rather than by sleeping for part of the
    // lifetime: a slow machine could spend that part setting up, and the job would rightly run.
    expect(ranAt - crashedAt).toBeGreaterThanOrEqual(lockLifetime);
    const stored = await store.repository.getJobById(saved._id!);
    expect(stored?.lastModifiedBy).toBe('survivor');
    expect(stored?.lockedAt).toBeUndefined();
  });

  it('two Agenda instances sharing a backlog never run a job twice', async () => {
    const total = 100;
    for (let index = 0; index < total; index += 1) {
      await store.repository.saveJob(jobAt('shared-backlog', -1000, { data: { index } }), undefined);
    }
    const runs = new Map<number, number>();
    for (const name of ['worker-a', 'worker-b']) {
      const agenda = createTestAgenda(await workerBackend(), {
        name,
        defaultConcurrency: 10,
        maxConcurrency: 20,
      });
      agenda.define('shared-backlog', async (job) => {
        const { index } = job.attrs.data as { index: number };
        runs.set(index, (runs.get(index) ?? 0) + 1);
        await delay(2);
      });
      agendas.push(agenda);
    }
    const allCompleted = waitForEvents(agendas, 'complete:shared-backlog', total);
    await Promise.all(agendas.map((agenda) => agenda.start()));
    await allCompleted;
    // Once stopped, neither can start another run: the counts below are final.
    await Promise.all(agendas.map((agenda) => agenda.drain()));
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const completed = await store.repository.queryJobs({ name: 'shared-backlog', state: 'completed' });
    expect(completed.total).toBe(total);
    // Which worker ran which job is up to scheduling; only that each was run by one of them is not.
    expect(completed.jobs.every((job) => ['worker-a', 'worker-b'].includes(job.lastModifiedBy ?? ''))).toBe(
      true,
    );
  });
});
