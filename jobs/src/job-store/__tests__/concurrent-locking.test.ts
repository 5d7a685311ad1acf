import type { Agenda, JobParameters } from 'agenda';
import type { Sequelize } from 'sequelize';
import { TEST_DIALECTS } from '../../../../api/src/testing/test-database';
import { SequelizeBackend } from '../sequelize-backend';
import {
  createTestAgenda,
  delay,
  jobAt,
  openJobStore,
  openSecondConnection,
  scanWindow,
  waitFor,
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
    const total = 300;
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
    const all = lockedBy.flat();
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    // Work was actually shared, i.e. the lockers really competed.
    expect(lockedBy.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
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

    const runs: number[] = [];
    const agenda = createTestAgenda(await workerBackend(), { name: 'survivor' });
    agendas.push(agenda);
    agenda.define(
      'orphaned',
      async () => {
        runs.push(Date.now());
      },
      { lockLifetime },
    );
    await agenda.start();
    await delay(lockLifetime - 400);
    expect(runs).toHaveLength(0);
    await waitFor(() => runs.length === 1, 3000);
    expect(runs[0]! - crashedAt).toBeGreaterThanOrEqual(lockLifetime);
    const stored = await store.repository.getJobById(saved._id!);
    expect(stored?.lastModifiedBy).toBe('survivor');
  });

  it('two Agenda instances sharing a backlog never run a job twice', async () => {
    const total = 200;
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
    await Promise.all(agendas.map((agenda) => agenda.start()));
    await waitFor(() => runs.size === total, 20_000);
    await delay(300);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const completed = await store.repository.queryJobs({ name: 'shared-backlog', state: 'completed' });
    expect(completed.total).toBe(total);
    const workers = new Set(completed.jobs.map((job) => job.lastModifiedBy));
    expect(workers.size).toBe(2);
  });
});
