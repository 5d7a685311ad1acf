import path from 'node:path';
import { z } from 'zod';

/** Which parts one process runs: everything (the default), only the HTTP api, or only the worker. */
export type ProcessRole = 'all' | 'api' | 'worker';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const environmentSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  AGENDA_MONGO_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /** Inline JSON list of `{ name, entry }` replacing the built-in remote manifest. */
  REMOTES_JSON: z.string().optional(),
  /** Path to a JSON file with the same list; read on every request so it changes without a restart. */
  REMOTES_FILE: z.string().optional(),
  /** Folder holding the `shell` and `mfe-...` builds (`<app>/dist`); defaults to the repository root. */
  WEB_ROOT: z.string().optional(),
  /** How often the worker polls for due jobs. */
  JOBS_PROCESS_EVERY_MS: z.coerce.number().int().min(50).default(1000),
  JOBS_LOCK_LIFETIME_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60 * 1000),
  /** Placeholder sign-in until the identity issue lands: hands out a demo token. */
  DEMO_MODE: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds a graceful shutdown may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).default(25),
});

export interface Config {
  environment: string;
  port: number;
  host: string;
  role: ProcessRole;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  agendaMongoUrl?: string;
  jwtSecret?: string;
  remotesJson?: string;
  remotesFile?: string;
  webRoot: string;
  jobs: { processEveryMs: number; lockLifetimeMs: number };
  demoMode: boolean;
  logLevel: string;
  shutdownTimeoutMs: number;
}

const repositoryRoot = path.resolve(__dirname, '..', '..');

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const embedded = !env.DATABASE_URL;
  return {
    environment: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    role: env.APP_ROLE,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    agendaMongoUrl: env.AGENDA_MONGO_URL,
    jwtSecret: env.JWT_SECRET,
    remotesJson: env.REMOTES_JSON,
    remotesFile: env.REMOTES_FILE,
    webRoot: path.resolve(env.WEB_ROOT ?? repositoryRoot),
    jobs: { processEveryMs: env.JOBS_PROCESS_EVERY_MS, lockLifetimeMs: env.JOBS_LOCK_LIFETIME_MS },
    // The demo token is for the embedded default; production (a DATABASE_URL) keeps it off unless asked.
    demoMode: env.DEMO_MODE ?? (embedded && env.NODE_ENV !== 'production'),
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_S * 1000,
  };
}
