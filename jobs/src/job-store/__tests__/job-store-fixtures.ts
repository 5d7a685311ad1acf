import type { EventEmitter } from 'node:events';
import os from 'node:os';
import { Agenda, type AgendaEventName, type AgendaOptions, type JobParameters } from 'agenda';
import type { Sequelize } from 'sequelize';
import { createSequelize, type DatabaseDialect } from '@syncdesk/api';
import { createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
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

/**
 * Generous on purpose: a wait ends as soon as its condition holds, so a long limit costs nothing
 * when things work, and a machine busy with other test runs must not turn slowness into failures.
 */
export const WAIT_TIMEOUT_MS = 20_000;

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = WAIT_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(20);
  }
}

/**
 * Resolves with the arguments of the first `count` emissions of `event` (from any of the Agendas),
 * or rejects after `timeoutMs`. Listens from the call on, so call it before causing the event.
 */
export function waitForEvents(
  agendas: Agenda | Agenda[],
  event: AgendaEventName,
  count = 1,
  timeoutMs = WAIT_TIMEOUT_MS,
): Promise<unknown[][]> {
  // As plain emitters: Agenda's typed overloads of on() take one listener shape per event.
  const emitters: EventEmitter[] = Array.isArray(agendas) ? agendas : [agendas];
  const received: unknown[][] = [];
  let listener: (...args: unknown[]) => void = () => undefined;
  const done = new Promise<unknown[][]>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${received.length} of ${count} "${event}" events within ${timeoutMs} ms`)),
      timeoutMs,
    );
    timer.unref();
    listener = (...args: unknown[]) => {
      received.push(args);
      if (received.length < count) return;
      clearTimeout(timer);
      resolve(received);
    };
    for (const emitter of emitters) emitter.on(event, listener);
  }).finally(() => {
    for (const emitter of emitters) emitter.off(event, listener);
  });
  // A test that fails before awaiting this must not also report an unhandled rejection.
  done.catch(() => undefined);
  return done;
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
