import { JOB_NAMES } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { defineJobTable } from '../../../job-store/job-table';
import { JOB_DEFINITIONS } from '../../index';
import { systemPruneJobsJob } from '../prune-jobs.job';

const DAY_MS = 24 * 60 * 60_000;

/** The pruning job in a real worker process (SQLite): scheduled every hour, and doing its work. */
describe('system.prune_jobs', () => {
  let database: TestDatabase;
  let server: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'prune_jobs');
    server = await startTestProcess(database.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('is registered with the worker and scheduled every hour', async () => {
    expect(JOB_DEFINITIONS.map((definition) => definition.name)).toContain('system.prune_jobs');
    const { jobs } = await server.agenda.queryJobs({ name: JOB_NAMES.systemPruneJobs });
    expect(jobs).toEqual([expect.objectContaining({ type: 'single', repeatInterval: '1 hour' })]);
  });

  it('removes a one-off job that finished long ago when it runs', async () => {
    const table = defineJobTable(server.sequelize, 'agenda_jobs');
    const finishedAt = new Date(Date.now() - 8 * DAY_MS);
    const old = await table.create({
      name: JOB_NAMES.catalogueTransfer,
      data: JSON.stringify({ transferId: 1 }),
      nextRunAt: null,
      lastRunAt: finishedAt,
      lastFinishedAt: finishedAt,
    });
    const recent = await table.create({
      name: JOB_NAMES.catalogueTransfer,
      data: JSON.stringify({ transferId: 2 }),
      nextRunAt: null,
      lastRunAt: new Date(),
      lastFinishedAt: new Date(),
    });
    await server.agenda.now(JOB_NAMES.systemPruneJobs, {});
    const deadline = Date.now() + 20_000;
    const oldId = old.get('id') as number;
    while ((await table.count({ where: { id: oldId } })) > 0) {
      if (Date.now() > deadline) throw new Error('the old job was not pruned');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await table.count({ where: { id: recent.get('id') as number } })).toBe(1);
  });

  it('says so and does nothing when the job store cannot prune (jobs in MongoDB)', async () => {
    const messages: string[] = [];
    const logger = {
      info: (_object: object, message?: string) => messages.push(message ?? ''),
      error: () => undefined,
    };
    await systemPruneJobsJob.handler({}, { services: server.services, logger });
    expect(messages).toEqual(['finished jobs not pruned: the job store does not support it']);
  });
});
