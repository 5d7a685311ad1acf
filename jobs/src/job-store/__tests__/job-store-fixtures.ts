import os from 'node:os';
import { Agenda, type AgendaOptions, type JobParameters } from 'agenda';
import type { Sequelize } from 'sequelize';
import { createSequelize, type DatabaseDialect } from '../../../../api/src/db/create-sequelize';
import { createTestDatabase, type TestDatabase } from '../../../../api/src/testing/test-database';
import { SequelizeBackend } from '../sequelize-backend';
import type { SequelizeJobRepository } from '../sequelize-job-repository';

export interface JobStore {
  database: TestDatabase;
  backend: SequelizeBackend;
  repository: SequelizeJobRepository;
}

export async function openJobStore(dialect: DatabaseDialect): Promise<JobStore> {
  const database = await createTestDatabase(dialect, 'jobstore');
  const backend = new SequelizeBackend({ sequelize: database.sequelize });
  await backend.connect();
  return { database, backend, repository: backend.repository as SequelizeJobRepository };
}

/** Another connection to the same database, as a second worker process would have. */
export function openSecondConnection(database: TestDatabase): Promise<Sequelize> {
  return createSequelize({ url: database.url, dataDir: os.tmpdir() });
}

/** Short timers: Agenda's defaults (5 s scans, 10 min locks) would keep jest waiting. */
export function createTestAgenda(backend: SequelizeBackend, options: Partial<AgendaOptions> = {}): Agenda {
  return new Agenda({ backend, processEvery: 100, defaultLockLifetime: 2000, ...options });
}

export function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(20);
  }
}

export function jobAt(name: string, offsetMs: number, extra: Partial<JobParameters> = {}): JobParameters {
  return {
    name,
    priority: 0,
    nextRunAt: new Date(Date.now() + offsetMs),
    type: 'normal',
    data: {},
    ...extra,
  };
}

/** The arguments Agenda's job processor passes to getNextJobToRun(), with a given lock lifetime. */
export function scanWindow(lockLifetimeMs = 600_000): [Date, Date] {
  const now = Date.now();
  return [new Date(now + 5000), new Date(now - lockLifetimeMs)];
}
