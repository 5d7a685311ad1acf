import path from 'node:path';
import { z } from 'zod';

/** Which parts one process runs: everything (the default), only the HTTP api, or only the worker. */
/**
 * `all`: api + worker + front end on one port (the embedded default); `api` and `worker`: the
 * scaled-out halves; `tool`: a script's process (the services and the live event bus, no HTTP and
 * no job runner: what it enqueues runs in the workers, and it never waits for a job on its way out).
 */
export type ProcessRole = 'all' | 'api' | 'worker' | 'tool';

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
  /**
   * Starts every Redis key and channel of this deployment (`<prefix>:jobs`, `<prefix>:authority`,
   * the Socket.IO key, budgets, login counters): pub/sub ignores the database number, so two
   * deployments sharing one Redis are kept apart only by this.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, dot, dash and underscore only')
    .default('syncdesk'),
  /**
   * `local`: the explicit opt-out for an `api` or `worker` process without REDIS_URL — events stay in
   * the process that makes them (one api replica's own events reach its browsers; a worker's are
   * dropped). Without it those roles refuse to start with no REDIS_URL.
   */
  LIVE_EVENTS: z.enum(['redis', 'local']).optional(),
  AGENDA_MONGO_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  // Encrypts channel credentials at rest; generated into DATA_DIR when unset (embedded default).
  CREDENTIALS_KEY: z.string().min(32).optional(),
  // Signs the `state` of OAuth consent links; generated into DATA_DIR when unset (embedded default).
  OAUTH_STATE_SECRET: z.string().min(32).optional(),
  /**
   * OAuth clients as a JSON object, channel type → { clientId, clientSecret, authorizeUrl?, tokenUrl?,
   * scope?, redirectUri?, authorizeParams? } (api/CHANNELS_API.md); a type without one cannot connect.
   */
  OAUTH_PROVIDERS_JSON: z.string().optional(),
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
  /** Seeds demo accounts (an administrator, a seller in two companies, a user of a third company). */
  DEMO_SEED: booleanFlag.optional(),
  DEMO_ADMIN_EMAIL: z.string().default('admin@demo.test'),
  DEMO_ADMIN_PASSWORD: z.string().default('demo-admin-1'),
  DEMO_SELLER_EMAIL: z.string().default('seller@demo.test'),
  DEMO_SELLER_PASSWORD: z.string().default('demo-seller-1'),
  DEMO_OTHER_EMAIL: z.string().default('other@demo.test'),
  DEMO_OTHER_PASSWORD: z.string().default('demo-other-1'),
  /**
   * The live demo's Shopify, Mirakl and WMS simulators: run in-process and connected to the demo store
   * (APP_ROLE=all), or, scaled out, run by `npm run start:simulators` and trusted by the api and workers.
   */
  DEMO_SIMULATORS: booleanFlag.optional(),
  /** Scaled out, the simulators run in `npm run start:simulators`: where it listens (workers call there). */
  SIMULATORS_HOST: z.string().default('127.0.0.1'),
  SHOPIFY_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  MIRAKL_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(4020),
  WMS_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(4030),
  /** The simulators create an order every few seconds (off: they wait to be told). */
  DEMO_TRAFFIC: booleanFlag.default(true),
  /**
   * Now and then (every few minutes) a simulator fails one call the way real ones do (a 503, a 429
   * with Retry-After), so the failures screens, retry and the explainer have something to show.
   * Follows DEMO_TRAFFIC unless set: a quiet demo (the e2e's) never fails by itself.
   */
  DEMO_FAILURES: booleanFlag.optional(),
  /** Public base URL of the product, used in e-mailed links (defaults to http://localhost:PORT). */
  APP_URL: z.string().optional(),
  /** `smtp://user:pass@host:587`; without it mail stays in the outbox table and the log. */
  SMTP_URL: z.string().optional(),
  LOG_EXPLAINER_LLM_URL: z.string().url().optional(),
  /** Channel type → operation → { calls, periodSeconds }, replacing the catalogue's rate limits. */
  SYNC_RATE_LIMITS_JSON: z.string().optional(),
  /** Read client addresses from X-Forwarded-For: only behind a reverse proxy you run. */
  TRUST_PROXY: booleanFlag.default(false),
  /** Manage-subscription page for the plan banner (no payment provider is wired in). */
  PLAN_MANAGE_URL: z.string().default('https://billing.syncdesk.local/manage'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds a graceful shutdown may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).default(25),
  /**
   * Accept urls our servers call (webhook receivers, channels' shop and API addresses) on private
   * or local networks: on-premise installs, local simulators, tests. Off, only hosts that are and
   * resolve to public addresses are accepted.
   */
  OUTBOUND_ALLOW_PRIVATE_TARGETS: booleanFlag.optional(),
  /** The earlier name of OUTBOUND_ALLOW_PRIVATE_TARGETS, still read; the new name wins when both are set. */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanFlag.optional(),
  /** Largest file a catalogue import accepts, in MB (decimals allowed); a bigger upload answers 413. */
  IMPORT_MAX_FILE_MB: z.coerce.number().positive().default(25),
});

export interface DemoAccount {
  email: string;
  password: string;
}

export interface Config {
  environment: string;
  port: number;
  host: string;
  role: ProcessRole;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** REDIS_PREFIX: the first part of every Redis key and channel name (no trailing colon). */
  redisPrefix: string;
  /**
   * How live events travel: `redis` between all processes (REDIS_URL set), `local` within each process
   * (the all-in-one default without Redis, or the explicit LIVE_EVENTS=local opt-out).
   */
  liveEvents: 'redis' | 'local';
  /** LIVE_EVENTS as given: the split roles without Redis need it said, not defaulted. */
  liveEventsExplicit: boolean;
  agendaMongoUrl?: string;
  jwtSecret?: string;
  credentialsKey?: string;
  oauthStateSecret?: string;
  oauthProvidersJson?: string;
  remotesJson?: string;
  remotesFile?: string;
  webRoot: string;
  jobs: { processEveryMs: number; lockLifetimeMs: number };
  demoSeed: false | { admin: DemoAccount; seller: DemoAccount; other: DemoAccount };
  /**
   * The live demo. `all`: the simulators run in this process on free ports and the demo store is
   * connected to them. `api`/`worker` (scaled out): `npm run start:simulators` runs them at
   * `simulators`; these processes only trust those addresses and the simulated Shopify app.
   */
  demoSync:
    | false
    | {
        traffic: boolean;
        /** DEMO_FAILURES: a recoverable failure every few minutes. */
        failures: boolean;
        simulators: { host: string; ports: { shopify: number; mirakl: number; wms: number } };
      };
  appUrl: string;
  smtpUrl?: string;
  /** SYNC_RATE_LIMITS_JSON, parsed: channel type → operation → limit. */
  syncRateLimits: Record<string, Record<string, { calls: number; periodSeconds: number }>>;
  /** Optional LLM service that rephrases failed records' explanations (off when unset). */
  explainerLlmUrl?: string;
  trustProxy: boolean;
  planManageUrl: string;
  logLevel: string;
  shutdownTimeoutMs: number;
  /** OUTBOUND_ALLOW_PRIVATE_TARGETS (or its earlier name WEBHOOKS_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  /** Catalogue imports and exports: uploads and results live under DATA_DIR/transfers. */
  transfers: { maxUploadBytes: number };
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
    redisPrefix: env.REDIS_PREFIX,
    liveEvents: env.LIVE_EVENTS ?? (env.REDIS_URL ? 'redis' : 'local'),
    liveEventsExplicit: env.LIVE_EVENTS !== undefined,
    agendaMongoUrl: env.AGENDA_MONGO_URL,
    jwtSecret: env.JWT_SECRET,
    credentialsKey: env.CREDENTIALS_KEY,
    oauthStateSecret: env.OAUTH_STATE_SECRET,
    oauthProvidersJson: env.OAUTH_PROVIDERS_JSON,
    remotesJson: env.REMOTES_JSON,
    remotesFile: env.REMOTES_FILE,
    webRoot: path.resolve(env.WEB_ROOT ?? repositoryRoot),
    jobs: { processEveryMs: env.JOBS_PROCESS_EVERY_MS, lockLifetimeMs: env.JOBS_LOCK_LIFETIME_MS },
    // Demo accounts are for the embedded default; production (a DATABASE_URL) has none unless asked.
    demoSeed:
      (env.DEMO_SEED ?? (embedded && env.NODE_ENV !== 'production'))
        ? {
            admin: { email: env.DEMO_ADMIN_EMAIL, password: env.DEMO_ADMIN_PASSWORD },
            seller: { email: env.DEMO_SELLER_EMAIL, password: env.DEMO_SELLER_PASSWORD },
            other: { email: env.DEMO_OTHER_EMAIL, password: env.DEMO_OTHER_PASSWORD },
          }
        : false,
    // On by default only for the embedded all-in-one process; scaled out, every process is told.
    demoSync:
      (env.DEMO_SIMULATORS ??
      (embedded && env.NODE_ENV !== 'production' && env.DEMO_SEED !== false && env.APP_ROLE === 'all'))
        ? {
            traffic: env.DEMO_TRAFFIC,
            failures: env.DEMO_FAILURES ?? env.DEMO_TRAFFIC,
            simulators: {
              host: env.SIMULATORS_HOST,
              ports: {
                shopify: env.SHOPIFY_SIMULATOR_PORT,
                mirakl: env.MIRAKL_SIMULATOR_PORT,
                wms: env.WMS_SIMULATOR_PORT,
              },
            },
          }
        : false,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    explainerLlmUrl: env.LOG_EXPLAINER_LLM_URL,
    syncRateLimits: parseSyncRateLimits(env.SYNC_RATE_LIMITS_JSON),
    trustProxy: env.TRUST_PROXY,
    planManageUrl: env.PLAN_MANAGE_URL,
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_S * 1000,
    allowPrivateTargets: env.OUTBOUND_ALLOW_PRIVATE_TARGETS ?? env.WEBHOOKS_ALLOW_PRIVATE_TARGETS ?? false,
    transfers: { maxUploadBytes: Math.round(env.IMPORT_MAX_FILE_MB * 1024 * 1024) },
  };
}

/**
 * Why this process must not start as configured, or null. A split deployment without Redis runs
 * every job and shows nothing live (the workers' events have no way to the api's sockets, and
 * replicas share neither rooms nor authority changes), so it is refused unless explicitly accepted.
 */
export function liveEventsProblem(
  config: Pick<Config, 'role' | 'redisUrl' | 'liveEvents' | 'liveEventsExplicit'>,
): string | null {
  if (config.liveEvents === 'redis' && !config.redisUrl) {
    return 'LIVE_EVENTS=redis needs REDIS_URL: set REDIS_URL to the Redis every api replica and worker uses.';
  }
  if (config.liveEvents === 'local' && config.redisUrl) {
    return 'LIVE_EVENTS=local keeps live events inside each process, but REDIS_URL is set: remove one of them.';
  }
  if ((config.role === 'api' || config.role === 'worker') && !config.redisUrl && !config.liveEventsExplicit) {
    return [
      `APP_ROLE=${config.role} needs REDIS_URL. Without Redis, events made by workers (new orders, sync`,
      'progress, notifications) never reach a browser, and api replicas share neither live rooms nor',
      'revoked sign-ins. Set REDIS_URL to the Redis every api replica and worker uses; or, for a single',
      "api replica whose workers' live events may be dropped, set LIVE_EVENTS=local.",
    ].join(' ');
  }
  return null;
}

const rateLimitsSchema = z.record(
  z.string(),
  z.record(z.string(), z.object({ calls: z.number().int().min(0), periodSeconds: z.number().min(0) })),
);

/** SYNC_RATE_LIMITS_JSON: a mistake stops the start with a message saying where. */
function parseSyncRateLimits(json: string | undefined): Config['syncRateLimits'] {
  if (!json?.trim()) return {};
  const parsed = rateLimitsSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`SYNC_RATE_LIMITS_JSON is not valid: ${parsed.error.message}`);
  return parsed.data;
}
