import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_SECRET } from '@syncdesk/server/testing';

const REPOSITORY = path.resolve(__dirname, '../../../../..');
/** The standalone worker (`npm run start:jobs`): the product's own code, only the job runner on. */
const WORKER_MAIN = path.join(REPOSITORY, 'server/src/worker.main.ts');
/** What the entry point loads: the process's runtime and, through it, every job and connector. */
const WORKER_MODULES = path.join(REPOSITORY, 'server/src/runtime.ts');
const WORKER_LAUNCHER = path.join(__dirname, 'worker-launcher.ts');

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  exited: Promise<number | null>;
  /** SIGKILL: no drain, no cleanup, locks and claims left as they were. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful stop a deployment does. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  databaseUrl: string;
  /** The api process's data folder: the worker reads the same credentials key from it. */
  dataDir: string;
  environment?: Record<string, string>;
}

/** The environment every worker of a test gets: the test's database, short locks, no Redis. */
function workerEnvironment(options: WorkerOptions): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    APP_ROLE: 'worker',
    LOG_LEVEL: process.env.WORKER_LOG_LEVEL ?? 'silent',
    JWT_SECRET: TEST_SECRET,
    // A killed worker's job is retaken quickly: its lock lapses after a second, and is looked for often.
    JOBS_PROCESS_EVERY_MS: '100',
    JOBS_LOCK_LIFETIME_MS: '1000',
    SHUTDOWN_TIMEOUT_S: '5',
    // The simulators listen on 127.0.0.1.
    OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
    DEMO_SEED: 'false',
    DEMO_SIMULATORS: 'false',
    ...options.environment,
    // Without Redis (below) a worker must be told its live events go nowhere, or it refuses to start.
    LIVE_EVENTS: 'local',
  };
  // Budgets in the SQL database, as a deployment without Redis keeps them.
  delete environment.REDIS_URL;
  return environment;
}

function workerProcess(child: ChildProcess): WorkerProcess {
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return {
    child,
    exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Starts `server/src/worker.main.ts` as a real worker process (APP_ROLE=worker) on the test's database. One
 * node process (tsx as a loader, not its cli), so SIGKILL hits the worker itself, not a wrapper.
 */
export function startWorker(options: WorkerOptions): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
    cwd: REPOSITORY,
    env: workerEnvironment(options),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return workerProcess(child);
}

/** Workers started one after another, each made ready while the one before it works. */
export interface WorkerRelay {
  /** Starts the worker made ready (or a new one), and makes the next one ready. */
  start(): WorkerProcess;
  /** Kills the worker made ready and not started. */
  close(): Promise<void>;
}

/**
 * For tests that kill and restart a worker many times: loading the product's modules is most of a
 * worker's start-up, so the next worker loads them while the current one works (worker-launcher.ts)
 * and runs the real entry point when started. Each is still its own process, SIGKILLed as a whole.
 */
export function workerRelay(options: WorkerOptions): WorkerRelay {
  const environment = workerEnvironment(options);
  const prepare = () =>
    spawn(process.execPath, ['--import', 'tsx', WORKER_LAUNCHER, WORKER_MAIN, WORKER_MODULES], {
      cwd: REPOSITORY,
      env: environment,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  let ready: ChildProcess | null = null;
  return {
    start() {
      const child = ready ?? prepare();
      ready = prepare();
      child.send('start');
      return workerProcess(child);
    },
    async close() {
      const left = ready;
      ready = null;
      if (left) await workerProcess(left).kill();
    },
  };
}

/** What a wait knows besides its probe, to fail early and say why. */
export interface WaitContext {
  /** The worker the wait depends on: its exit fails the wait at once. */
  worker?: WorkerProcess;
  /** Read on failure and printed with it: the state the next flake needs to be traced. */
  explain?: () => Promise<unknown>;
}

/**
 * Polls `probe` until it answers something other than null/false, or fails after `timeoutMs`. A
 * worker that failed to start logs nothing at the tests' log level and would look like one doing
 * nothing, so the wait fails at once when `context.worker` exits, saying so.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  timeoutMs = 60_000,
  everyMs = 25,
  context: WaitContext = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const fail = async (message: string) => {
    const state = context.explain ? `\n${JSON.stringify(await context.explain(), null, 1)}` : '';
    return new Error(`${message}${state}`);
  };
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    const child = context.worker?.child;
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw await fail(
        `the worker exited (${child.exitCode ?? child.signalCode}) while waiting for ${what}; WORKER_LOG_LEVEL=info shows why`,
      );
    }
    if (Date.now() > deadline) throw await fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
