/**
 * Throughput of Agenda on the Sequelize job store: one worker in this process per dialect (1k and
 * 10k backlogs), and two worker processes on one MySQL database (1k, 10k and 100k backlogs), as a
 * split deployment runs them. Every case prints jobs/s, the longest time in which no job finished,
 * and the work per job (statements, Node CPU), with the load average beside it: this machine is
 * shared, so a wall-clock figure alone says little. Each case is bounded in time
 * (BENCH_JOBS_WINDOW_S, default 30 s of processing).
 *
 * Run with `npm run bench:jobs`. The figures are printed beside the accepted ones
 * (scripts/bench/accepted.ts; BENCH_ACCEPT=1 stores them, BENCH_STRICT=1 fails on a fall).
 */
import { fork, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agenda } from 'agenda';
import type { Sequelize } from 'sequelize';
import type { DatabaseDialect } from '@syncdesk/api';
import { createTestDatabase } from '@syncdesk/api/testing';
import { reportFigures, type BenchFigure } from '../../scripts/bench/accepted';
import { SequelizeBackend } from '../src/job-store';
import { toSqlDate } from '../src/job-store/job-row';
import type { ParentMessage, WorkerMessage } from './job-store.bench-worker';

const SINGLE_WORKER_BACKLOGS = [1_000, 10_000];
const DIALECTS: DatabaseDialect[] = ['sqlite', 'mysql'];
const TWO_WORKER_BACKLOGS = [1_000, 10_000, 100_000];
/** Jobs enqueued one `agenda.now()` at a time; the rest of the backlog is enqueued concurrently. */
const SEQUENTIAL_ENQUEUE_LIMIT = 2_000;
const CONCURRENT_ENQUEUE_BATCH = 50;
/** Processing stops after this long even with jobs left: the 100k case measures a deep backlog, not its end. */
const WINDOW_MS = Number(process.env.BENCH_JOBS_WINDOW_S ?? 30) * 1000;
/** Rows per INSERT when the two-worker cases' backlog is written straight into the table. */
const SEED_CHUNK = 2_000;
/** The split deployment's wake-up channel; BENCH_REDIS_URL= (empty) runs the workers without it. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

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

interface CaseResult {
  label: string;
  /** Stable part of the figure names: `mysql.two-workers.100k`. */
  key: string;
  backlog: number;
  workers: number;
  sequentialEnqueuePerSecond?: number;
  concurrentEnqueuePerSecond?: number;
  processed: number;
  /** Jobs that finished twice (must be 0). */
  ranTwice: number;
  processedPerSecond: number;
  longestGapMs: number;
  queriesPerJob: number;
  nodeCpuMsPerJob: number;
  /** MariaDB's CPU per job, server-wide (other sessions on the server count too); undefined for SQLite. */
  mariadbCpuMsPerJob?: number;
  loadBefore: number;
  loadAfter: number;
}

const load = () => os.loadavg()[0]!;

/** CPU time of the MariaDB server process in ms, when this user may read it. */
function mariadbCpuMs(): number | undefined {
  try {
    const pid = execSync('pgrep -x mariadbd || pgrep -x mysqld', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .split('\n')[0]!
      .trim();
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticksPerSecond = 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** The longest stretch from `start` to `end` in which no job finished. */
function longestGap(finishTimes: number[], start: number, end: number): number {
  const times = [...finishTimes].sort((left, right) => left - right);
  let previous = start;
  let longest = 0;
  for (const time of times) {
    longest = Math.max(longest, time - previous);
    previous = time;
  }
  return Math.max(longest, end - previous);
}

function countQueries(sequelize: Sequelize): () => number {
  let count = 0;
  const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
  (sequelize as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) => {
    count += 1;
    return query(...args);
  };
  return () => count;
}

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function backlogLabel(backlog: number): string {
  return backlog >= 1000 ? `${backlog / 1000}k` : String(backlog);
}

async function runSingleWorker(dialect: DatabaseDialect, backlog: number): Promise<CaseResult> {
  const database = await createTestDatabase(dialect, 'bench');
  try {
    const backend = new SequelizeBackend({ sequelize: database.sequelize });
    const agenda = new Agenda({ backend, name: `bench-${dialect}`, ...AGENDA_SETTINGS });
    const finishTimes: number[] = [];
    const finishedIds = new Set<string>();
    let ranTwice = 0;
    agenda.define('noop', async (job) => {
      const id = String(job.attrs._id);
      if (finishedIds.has(id)) ranTwice += 1;
      finishedIds.add(id);
      finishTimes.push(Date.now());
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

    const queries = countQueries(database.sequelize);
    const loadBefore = load();
    const mariadbBefore = dialect === 'mysql' ? mariadbCpuMs() : undefined;
    const cpuBefore = process.cpuUsage();
    const go = Date.now();
    await agenda.start();
    const deadline = go + WINDOW_MS;
    while (finishTimes.length < backlog && Date.now() < deadline) await delay(20);
    const end = finishTimes.length >= backlog ? Math.max(...finishTimes) : Date.now();
    const cpu = process.cpuUsage(cpuBefore);
    const queryCount = queries();
    const mariadbAfter = dialect === 'mysql' ? mariadbCpuMs() : undefined;
    await agenda.stop();
    await agenda.drain();
    const processed = finishTimes.length;
    return {
      label: `${dialect}, one worker in this process`,
      key: `${dialect}.one-worker.${backlogLabel(backlog)}`,
      backlog,
      workers: 1,
      sequentialEnqueuePerSecond,
      concurrentEnqueuePerSecond,
      processed,
      ranTwice,
      processedPerSecond: processed / ((end - go) / 1000),
      longestGapMs: longestGap(finishTimes, go, end),
      queriesPerJob: queryCount / processed,
      nodeCpuMsPerJob: (cpu.user + cpu.system) / 1000 / processed,
      mariadbCpuMsPerJob:
        mariadbBefore === undefined || mariadbAfter === undefined
          ? undefined
          : (mariadbAfter - mariadbBefore) / processed,
      loadBefore,
      loadAfter: load(),
    };
  } finally {
    await database.drop();
  }
}

/** Writes the backlog straight into the table (as many `agenda.now()` would), so 100k take seconds. */
async function seedBacklog(sequelize: Sequelize, backlog: number): Promise<void> {
  const now = toSqlDate(new Date(Date.now() - 1000), 'mysql');
  for (let first = 0; first < backlog; first += SEED_CHUNK) {
    const rows: string[] = [];
    for (let index = first; index < Math.min(backlog, first + SEED_CHUNK); index += 1) {
      rows.push(`('noop', 0, 'normal', '${now}', 0, 0, '{"index":${index}}')`);
    }
    await sequelize.query(
      `INSERT INTO agenda_jobs (name, priority, type, next_run_at, disabled, fork, data) VALUES ${rows.join(', ')}`,
    );
  }
}

interface WorkerHandle {
  child: ChildProcess;
  done: Promise<Extract<WorkerMessage, { type: 'done' }>>;
  ready: Promise<void>;
}

function startWorker(
  index: number,
  databaseUrl: string,
  redisPrefix: string,
  onFinished: (ids: string[], times: number[]) => void,
): WorkerHandle {
  const child = fork(path.join(__dirname, 'job-store.bench-worker.ts'), [], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_WORKER: String(index),
      BENCH_REDIS_URL: REDIS_URL,
      BENCH_REDIS_PREFIX: redisPrefix,
      BENCH_AGENDA_SETTINGS: JSON.stringify(AGENDA_SETTINGS),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let resolveReady: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const done = new Promise<Extract<WorkerMessage, { type: 'done' }>>((resolve, reject) => {
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') resolveReady();
      else if (message.type === 'finished') onFinished(message.ids, message.times);
      else resolve(message);
    });
    child.on('exit', (code) => reject(new Error(`bench worker ${index} exited with code ${code}`)));
  });
  done.catch(() => undefined);
  return { child, done, ready };
}

async function runTwoWorkers(backlog: number): Promise<CaseResult> {
  const database = await createTestDatabase('mysql', 'bench');
  const workers: WorkerHandle[] = [];
  try {
    await new SequelizeBackend({ sequelize: database.sequelize, notificationChannel: null }).connect();
    await seedBacklog(database.sequelize, backlog);
    const finishTimes: number[] = [];
    const finishedIds = new Set<string>();
    let ranTwice = 0;
    const onFinished = (ids: string[], times: number[]) => {
      for (const id of ids) {
        if (finishedIds.has(id)) ranTwice += 1;
        finishedIds.add(id);
      }
      finishTimes.push(...times);
    };
    const redisPrefix = `bench-jobs-${process.pid}-${backlog}`;
    for (const index of [1, 2]) workers.push(startWorker(index, database.url, redisPrefix, onFinished));
    await Promise.all(workers.map((worker) => worker.ready));

    const loadBefore = load();
    const mariadbBefore = mariadbCpuMs();
    const go = Date.now();
    for (const worker of workers) worker.child.send({ type: 'go' } satisfies ParentMessage);
    const deadline = go + WINDOW_MS;
    while (finishTimes.length < backlog && Date.now() < deadline) await delay(20);
    const end = finishTimes.length >= backlog ? Math.max(...finishTimes) : Date.now();
    const mariadbAfter = mariadbCpuMs();
    for (const worker of workers) worker.child.send({ type: 'stop' } satisfies ParentMessage);
    const reports = await Promise.all(workers.map((worker) => worker.done));
    // Jobs that finished between the end of the window and the workers' stop are not counted.
    const counted = finishTimes.filter((time) => time <= end);
    const processed = counted.length;
    const finishedInAll = reports.reduce((sum, report) => sum + report.finished, 0);
    return {
      label: 'mysql, two worker processes',
      key: `mysql.two-workers.${backlogLabel(backlog)}`,
      backlog,
      workers: 2,
      processed,
      ranTwice,
      processedPerSecond: processed / ((end - go) / 1000),
      longestGapMs: longestGap(counted, go, end),
      queriesPerJob: reports.reduce((sum, report) => sum + report.queries, 0) / finishedInAll,
      nodeCpuMsPerJob: reports.reduce((sum, report) => sum + report.cpuMs, 0) / finishedInAll,
      mariadbCpuMsPerJob:
        mariadbBefore === undefined || mariadbAfter === undefined
          ? undefined
          : (mariadbAfter - mariadbBefore) / processed,
      loadBefore,
      loadAfter: load(),
    };
  } finally {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill();
    await database.drop();
  }
}

function formatRate(value: number | undefined): string {
  return value === undefined ? '—' : Math.round(value).toLocaleString('en-US');
}

function figuresOf(result: CaseResult): BenchFigure[] {
  const name = `jobs.${result.key}`;
  return [
    { name: `${name}.jobs-per-s`, value: result.processedPerSecond, unit: 'jobs/s', higherIsBetter: true },
    // A gap under a second moves by its own size from run to run: marked only when it doubles.
    {
      name: `${name}.longest-gap-s`,
      value: result.longestGapMs / 1000,
      unit: 's',
      higherIsBetter: false,
      tolerance: 1,
    },
    { name: `${name}.queries-per-job`, value: result.queriesPerJob, unit: 'queries', higherIsBetter: false },
    { name: `${name}.node-cpu-ms-per-job`, value: result.nodeCpuMsPerJob, unit: 'ms', higherIsBetter: false },
  ];
}

async function main(): Promise<void> {
  const results: CaseResult[] = [];
  const only = process.env.BENCH_JOBS_CASES?.split(',');
  const wanted = (key: string) => !only || only.some((prefix) => key.startsWith(prefix));
  for (const dialect of DIALECTS) {
    for (const backlog of SINGLE_WORKER_BACKLOGS) {
      if (!wanted(`${dialect}.one-worker.${backlogLabel(backlog)}`)) continue;
      process.stdout.write(`running ${dialect}, one worker, ${backlog} jobs… (load ${load().toFixed(2)})\n`);
      results.push(await runSingleWorker(dialect, backlog));
    }
  }
  for (const backlog of TWO_WORKER_BACKLOGS) {
    if (!wanted(`mysql.two-workers.${backlogLabel(backlog)}`)) continue;
    process.stdout.write(
      `running mysql, two worker processes, ${backlog} jobs… (load ${load().toFixed(2)})\n`,
    );
    results.push(await runTwoWorkers(backlog));
  }
  console.log(
    `\nAgenda settings (each worker): ${JSON.stringify(AGENDA_SETTINGS)}; no-op job; at most ` +
      `${WINDOW_MS / 1000} s of processing per case; two-worker cases ${REDIS_URL ? `with the Redis channel (${REDIS_URL})` : 'without a channel'}.`,
  );
  console.table(
    results.map((result) => ({
      case: result.label,
      backlog: result.backlog,
      'enqueue one by one (jobs/s)': formatRate(result.sequentialEnqueuePerSecond),
      [`enqueue x${CONCURRENT_ENQUEUE_BATCH} (jobs/s)`]: formatRate(result.concurrentEnqueuePerSecond),
      'processed (jobs/s)': formatRate(result.processedPerSecond),
      processed: `${result.processed}/${result.backlog}`,
      'ran twice': result.ranTwice,
      'longest without a finish (s)': (result.longestGapMs / 1000).toFixed(2),
      'queries/job': result.queriesPerJob.toFixed(2),
      'Node CPU ms/job': result.nodeCpuMsPerJob.toFixed(2),
      'MariaDB CPU ms/job (server-wide)': result.mariadbCpuMsPerJob?.toFixed(2) ?? '—',
      'load before/after': `${result.loadBefore.toFixed(2)} / ${result.loadAfter.toFixed(2)}`,
    })),
  );
  const twice = results.filter((result) => result.ranTwice > 0);
  if (twice.length > 0) {
    console.error(`!!! jobs ran twice in: ${twice.map((result) => result.label).join('; ')}`);
    process.exitCode = 1;
  }
  reportFigures('jobs', results.flatMap(figuresOf));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
