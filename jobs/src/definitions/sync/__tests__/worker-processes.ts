import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_SECRET } from '@syncdesk/server/testing';

const REPOSITORY = path.resolve(__dirname, '../../../../..');
/** The standalone worker (`npm run start:jobs`): the product's own code, only the job runner on. */
const WORKER_MAIN = path.join(REPOSITORY, 'server/src/worker.main.ts');

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

/**
 * Starts `server/src/worker.main.ts` as a real worker process (APP_ROLE=worker) on the test's database. One
 * node process (tsx as a loader, not its cli), so SIGKILL hits the worker itself, not a wrapper.
 */
export function startWorker(options: WorkerOptions): WorkerProcess {
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
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
    cwd: REPOSITORY,
    env: environment,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
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

/** Polls `probe` until it answers something other than null/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  timeoutMs = 60_000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
