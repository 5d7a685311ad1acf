/**
 * "Queued → started": how long a job queued with agenda.now() waits before a worker starts it,
 * with the notification channel and with polling only (JOBS_PROCESS_EVERY_MS = 1000, the default).
 * Run with `npm run bench:job-start`; each case uses a throw-away database.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Agenda, type NotificationChannel } from 'agenda';
import { createSequelize, type DatabaseDialect } from '@syncdesk/api';
import { createTestDatabase } from '@syncdesk/api/testing';
import { createJobNotificationChannel, SequelizeBackend } from '../src/job-store';
import { reportFigures, type BenchFigure } from '../../scripts/bench/accepted';

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JOBS = Number(process.env.BENCH_JOBS ?? 40);
const PROCESS_EVERY_MS = 1000;
/** Spreads the queue times over the poll cycle, as real events are. */
const MAX_GAP_MS = PROCESS_EVERY_MS;

type Channel = 'none' | 'in-process' | 'redis';

interface Case {
  dialect: DatabaseDialect;
  /** `same`: one Agenda queues and works (npm start); `separate`: an api instance queues, a worker on its own connection runs. */
  processes: 'same' | 'separate';
  channel: Channel;
}

const CASES: Case[] = [
  { dialect: 'sqlite', processes: 'same', channel: 'none' },
  { dialect: 'sqlite', processes: 'same', channel: 'in-process' },
  { dialect: 'mysql', processes: 'same', channel: 'none' },
  { dialect: 'mysql', processes: 'same', channel: 'in-process' },
  { dialect: 'mysql', processes: 'separate', channel: 'none' },
  { dialect: 'mysql', processes: 'separate', channel: 'redis' },
];

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function runCase({ dialect, processes, channel }: Case): Promise<number[]> {
  const database = await createTestDatabase(dialect, 'bench_start');
  const channelName = `bench:jobs:${randomBytes(4).toString('hex')}`;
  const makeChannel = async (): Promise<NotificationChannel | null> =>
    channel === 'none'
      ? null
      : createJobNotificationChannel({ channelName, redisUrl: channel === 'redis' ? REDIS_URL : undefined });
  const workerConnection =
    processes === 'separate'
      ? await createSequelize({ url: database.url, dataDir: os.tmpdir() })
      : database.sequelize;
  try {
    const workerBackend = new SequelizeBackend({
      sequelize: workerConnection,
      notificationChannel: await makeChannel(),
    });
    const worker = new Agenda({ backend: workerBackend, processEvery: PROCESS_EVERY_MS, name: 'worker' });
    // One schema creation at a time: two connections adding the same index race.
    await worker.ready;
    const queuerBackend =
      processes === 'same'
        ? workerBackend
        : new SequelizeBackend({ sequelize: database.sequelize, notificationChannel: await makeChannel() });
    const queuer =
      processes === 'same'
        ? worker
        : new Agenda({ backend: queuerBackend, processEvery: PROCESS_EVERY_MS, name: 'api' });
    const started = new Map<number, number>();
    worker.define('bench-start', async (job) => {
      started.set((job.attrs.data as { index: number }).index, performance.now());
    });
    await queuer.ready;
    await worker.start();
    const latencies: number[] = [];
    for (let index = 0; index < JOBS; index += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_GAP_MS));
      const queuedAt = performance.now();
      await queuer.now('bench-start', { index });
      while (!started.has(index)) await new Promise((resolve) => setTimeout(resolve, 2));
      latencies.push(started.get(index)! - queuedAt);
    }
    await worker.drain();
    await worker.stop();
    if (queuer !== worker) await queuerBackend.disconnect();
    return latencies.sort((left, right) => left - right);
  } finally {
    if (workerConnection !== database.sequelize) await workerConnection.close();
    await database.drop();
  }
}

async function main(): Promise<void> {
  const rows = [];
  const figures: BenchFigure[] = [];
  for (const benchCase of CASES) {
    process.stdout.write(`running ${benchCase.dialect} / ${benchCase.processes} / ${benchCase.channel}…\n`);
    const latencies = await runCase(benchCase);
    rows.push({
      database: benchCase.dialect,
      processes: benchCase.processes,
      'notification channel': benchCase.channel,
      jobs: latencies.length,
      'p50 (ms)': percentile(latencies, 0.5).toFixed(1),
      'p95 (ms)': percentile(latencies, 0.95).toFixed(1),
      'max (ms)': latencies[latencies.length - 1]!.toFixed(1),
    });
    figures.push({
      name: `job-start.${benchCase.dialect}.${benchCase.processes}.${benchCase.channel}.p95-ms`,
      value: percentile(latencies, 0.95),
      unit: 'ms',
      higherIsBetter: false,
      // A few milliseconds either way on a shared machine: marked when it doubles.
      tolerance: 1,
    });
  }
  console.log(`\nQueued → started, processEvery ${PROCESS_EVERY_MS} ms, no-op job, one job at a time.`);
  console.table(rows);
  reportFigures('job-start', figures);
  // Agenda's per-run watch timers (lock lifetime / 2) would otherwise hold the process for minutes.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
