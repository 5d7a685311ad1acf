/**
 * Throughput of Agenda on the Sequelize job store, per dialect and backlog size.
 * Run with `npm run bench`; each case uses a throw-away database and is bounded in time.
 */
import { performance } from 'node:perf_hooks';
import { Agenda } from 'agenda';
import type { DatabaseDialect } from '@syncdesk/api';
import { createTestDatabase } from '@syncdesk/api/testing';
import { SequelizeBackend } from '../src/job-store';

const BACKLOGS = [1_000, 10_000];
const DIALECTS: DatabaseDialect[] = ['sqlite', 'mysql'];
/** Jobs enqueued one `agenda.now()` at a time; the rest of the backlog is enqueued concurrently. */
const SEQUENTIAL_ENQUEUE_LIMIT = 2_000;
const CONCURRENT_ENQUEUE_BATCH = 50;
const PROCESSING_TIMEOUT_MS = 60_000;

/**
 * Agenda settings used for processing. The lock limits matter most: without them each scan keeps
 * locking until the whole backlog sits in Agenda's in-memory queue, whose inserts are linear, and a
 * new scan chain starts every processEvery while the previous one is still running.
 */
const AGENDA_SETTINGS = {
  processEvery: 100,
  defaultConcurrency: 20,
  maxConcurrency: 50,
  defaultLockLimit: 100,
  lockLimit: 200,
  defaultLockLifetime: 60_000,
};

interface BenchResult {
  dialect: DatabaseDialect;
  backlog: number;
  sequentialEnqueuePerSecond: number;
  concurrentEnqueuePerSecond: number | undefined;
  processedPerSecond: number;
  processed: number;
  lockP50: number;
  lockP95: number;
  lockCalls: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function runCase(dialect: DatabaseDialect, backlog: number): Promise<BenchResult> {
  const database = await createTestDatabase(dialect, 'bench');
  try {
    const backend = new SequelizeBackend({ sequelize: database.sequelize });
    const agenda = new Agenda({ backend, name: `bench-${dialect}`, ...AGENDA_SETTINGS });
    let processed = 0;
    agenda.define('noop', async () => {
      processed += 1;
    });
    await agenda.ready;

    const sequentialCount = Math.min(backlog, SEQUENTIAL_ENQUEUE_LIMIT);
    let started = performance.now();
    for (let index = 0; index < sequentialCount; index += 1) await agenda.now('noop', { index });
    const sequentialEnqueuePerSecond = sequentialCount / ((performance.now() - started) / 1000);

    let concurrentEnqueuePerSecond: number | undefined;
    if (backlog > sequentialCount) {
      started = performance.now();
      for (let index = sequentialCount; index < backlog; index += CONCURRENT_ENQUEUE_BATCH) {
        const batch = Array.from(
          { length: Math.min(CONCURRENT_ENQUEUE_BATCH, backlog - index) },
          (_, offset) => agenda.now('noop', { index: index + offset }),
        );
        await Promise.all(batch);
      }
      concurrentEnqueuePerSecond = (backlog - sequentialCount) / ((performance.now() - started) / 1000);
    }

    // Time every lock call Agenda makes while it works through the backlog.
    const lockLatencies: number[] = [];
    const repository = backend.repository;
    const getNextJobToRun = repository.getNextJobToRun.bind(repository);
    repository.getNextJobToRun = async (...args) => {
      const callStarted = performance.now();
      try {
        return await getNextJobToRun(...args);
      } finally {
        lockLatencies.push(performance.now() - callStarted);
      }
    };

    started = performance.now();
    await agenda.start();
    const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
    while (processed < backlog && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const processedPerSecond = processed / ((performance.now() - started) / 1000);
    await agenda.stop();
    await agenda.drain();

    lockLatencies.sort((left, right) => left - right);
    return {
      dialect,
      backlog,
      sequentialEnqueuePerSecond,
      concurrentEnqueuePerSecond,
      processedPerSecond,
      processed,
      lockP50: percentile(lockLatencies, 0.5),
      lockP95: percentile(lockLatencies, 0.95),
      lockCalls: lockLatencies.length,
    };
  } finally {
    await database.drop();
  }
}

function formatRate(value: number | undefined): string {
  return value === undefined ? '—' : Math.round(value).toLocaleString('en-US');
}

async function main(): Promise<void> {
  const results: BenchResult[] = [];
  for (const dialect of DIALECTS) {
    for (const backlog of BACKLOGS) {
      process.stdout.write(`running ${dialect} with ${backlog} jobs…\n`);
      results.push(await runCase(dialect, backlog));
    }
  }
  console.log(`\nAgenda settings: ${JSON.stringify(AGENDA_SETTINGS)}; no-op job; one Agenda instance.`);
  console.table(
    results.map((result) => ({
      dialect: result.dialect,
      backlog: result.backlog,
      'enqueue now() sequential (jobs/s)': formatRate(result.sequentialEnqueuePerSecond),
      [`enqueue now() x${CONCURRENT_ENQUEUE_BATCH} concurrent (jobs/s)`]: formatRate(
        result.concurrentEnqueuePerSecond,
      ),
      'processed (jobs/s)': formatRate(result.processedPerSecond),
      processed: `${result.processed}/${result.backlog}`,
      'lock p50 (ms)': result.lockP50.toFixed(2),
      'lock p95 (ms)': result.lockP95.toFixed(2),
      'lock calls': result.lockCalls,
    })),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
