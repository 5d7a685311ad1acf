import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { Agenda } from 'agenda';
import type { Sequelize } from 'sequelize';
import {
  createAgendaBackend,
  createSyncRuntime,
  outboundSweepInterval,
  registerJobs,
  SequelizeBackend,
} from '@syncdesk/jobs';
import { createSharedRateBudget } from '@syncdesk/integrations';
import { JOB_NAMES, type Publish } from '@syncdesk/contracts';
import {
  createApp,
  createAuthorityBus,
  createJobScheduler,
  createLogger,
  createPrefixedRedis,
  createRedisPublisher,
  createRemoteManifest,
  createSequelize,
  createServices,
  createSocketServer,
  createTokenService,
  liveEventsProblem,
  loadConfig,
  loadOrCreateSecret,
  migrate,
  roomsFor,
  seedDemo,
  seedDemoOrders,
  type Config,
  type Logger,
  type ProcessRole,
  type RedisPublisher,
  type ScopeService,
  type Services,
  type SocketServer,
} from '@syncdesk/api';
import { demoOAuthProviders, demoShopifyApp, startDemoSync, type DemoSync } from './demo/demo-sync';

export interface RunningProcess {
  config: Config;
  services: Services;
  sequelize: Sequelize;
  agenda: Agenda;
  /** Base URL of the HTTP server (roles `all` and `api`). */
  url?: string;
  /** Graceful stop: stop accepting requests, let running jobs finish, close connections. */
  stop(): Promise<void>;
}

/** Where `npm run start:simulators` listens, as the channel rows it writes name it. */
export function scaledOutSimulatorOrigins(demo: Exclude<Config['demoSync'], false>): string[] {
  const { host, ports } = demo.simulators;
  return [ports.shopify, ports.mirakl, ports.wms].map((port) => new URL(`http://${host}:${port}`).origin);
}

const runsHttp = (role: ProcessRole) => role === 'all' || role === 'api';
const runsWorker = (role: ProcessRole) => role === 'all' || role === 'worker';

/**
 * Builds and starts one process of the product. `all` is the embedded default (api + worker +
 * front end on one port); `api` and `worker` are the scaled-out halves of the same code.
 */
export async function startProcess(
  config: Config,
  logger: Logger = createLogger(config.logLevel),
): Promise<RunningProcess> {
  const role = config.role;
  const problem = liveEventsProblem(config);
  if (problem) throw new Error(problem);
  const sequelize = await createSequelize({ url: config.databaseUrl, dataDir: config.dataDir });
  // The worker leaves migrations to the api so two processes never race on the schema.
  if (runsHttp(role)) {
    const applied = await migrate(sequelize);
    if (applied.length) logger.info({ applied }, 'database migrated');
  }

  const backend = await createAgendaBackend({
    sequelize,
    mongoUrl: config.agendaMongoUrl,
    logger,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  const agenda = new Agenda({
    backend,
    name: `${os.hostname()}-${process.pid}`,
    processEvery: config.jobs.processEveryMs,
    defaultLockLifetime: config.jobs.lockLifetimeMs,
  });
  await agenda.ready;
  let workerState: 'running' | 'stopping' | 'disabled' = 'disabled';

  // The HTTP server exists before the app so Socket.IO can attach; the app is plugged in below.
  let handleRequest: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const httpServer = runsHttp(role)
    ? http.createServer((request, response) => handleRequest(request, response))
    : undefined;
  const tokens = createTokenService(loadOrCreateSecret(config.dataDir, 'jwt', config.jwtSecret));

  // Filled in once the services exist; sockets only connect after the server listens.
  const late: { scopes?: ScopeService } = {};
  // Changes of authority reach every replica: first the scope cache forgets, then sockets re-check.
  const authority = await createAuthorityBus({
    logger,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  authority.subscribe((change) => late.scopes?.forget(change));
  // Login-throttle counters are shared through Redis when replicas exist.
  const throttleRedis =
    config.redisUrl && httpServer ? createPrefixedRedis(config.redisUrl, config.redisPrefix) : undefined;
  let socketServer: SocketServer | undefined;
  let redisPublisher: RedisPublisher | undefined;
  let publish: Publish;
  if (httpServer) {
    socketServer = await createSocketServer(httpServer, {
      // Bound below, once the services exist: the handshake resolves the same scope as a request.
      resolve: async (token, handshake) => {
        const { scope, endsAt } = await late.scopes!.resolveSession(token, {
          clientIp: handshake.address,
          via: 'web',
        });
        const session = { tokenId: scope.tokenId, userId: scope.userId, companyId: scope.companyId };
        return { rooms: roomsFor(scope), session, endsAt };
      },
      onAuthorityChange: (listener) => authority.subscribe(listener),
      logger,
      redisUrl: config.redisUrl,
      redisPrefix: config.redisPrefix,
    });
    publish = socketServer.publish;
  } else if (config.redisUrl) {
    redisPublisher = await createRedisPublisher(config.redisUrl, config.redisPrefix);
    publish = redisPublisher.publish;
  } else {
    // Only with LIVE_EVENTS=local said (or a tool's process): refused otherwise, see liveEventsProblem.
    logger.warn('REDIS_URL is not set: this worker cannot reach open pages; live events are dropped.');
    publish = (event) => logger.debug({ event: event.name }, 'live event dropped (no REDIS_URL)');
  }

  // The simulated Shopify app's secret is this deployment's own, generated into the data folder.
  const shopifyApp = config.demoSync ? demoShopifyApp(config.dataDir) : undefined;
  // The demo's simulators, once they listen: channel forms and Reconnect accept them (and only them).
  const demoSimulatorOrigins = new Set<string>();
  const services = createServices({
    sequelize,
    publish,
    jobs: createJobScheduler(agenda),
    tokens,
    logger,
    credentialsKey: loadOrCreateSecret(config.dataDir, 'credentials', config.credentialsKey),
    oauth: {
      providersJson: shopifyApp
        ? demoOAuthProviders(config.oauthProvidersJson, shopifyApp)
        : config.oauthProvidersJson,
      stateSecret: loadOrCreateSecret(config.dataDir, 'oauth-state', config.oauthStateSecret),
    },
    appUrl: config.appUrl,
    planManageUrl: config.planManageUrl,
    smtpUrl: config.smtpUrl,
    explainerLlmUrl: config.explainerLlmUrl,
    allowPrivateTargets: config.allowPrivateTargets,
    demoSimulatorOrigins,
    transferSettings: { dataDir: config.dataDir, maxUploadBytes: config.transfers.maxUploadBytes },
    authority,
    liveEvents: {
      via: config.liveEvents,
      redisStatuses: () => [
        ...(socketServer?.redisStatuses() ?? []),
        ...(redisPublisher?.redisStatuses() ?? []),
        ...authority.redisStatuses(),
      ],
    },
    redis: throttleRedis,
    jobStore: {
      backend: backend.name,
      worker: () => workerState,
      ping: async () => {
        await agenda.queryJobs({ limit: 1 });
      },
    },
  });

  late.scopes = services.scopes;
  if (config.demoSeed && runsHttp(role) && (await seedDemo(sequelize, services.models, config.demoSeed))) {
    logger.info('demo accounts created');
    // Through the import services, so it needs them built; only after a first seed (runs once).
    const started = Date.now();
    const orders = await seedDemoOrders(services);
    logger.info({ ...orders, ms: Date.now() - started }, 'demo orders created');
  }

  // Rate budgets every worker shares: in the database, or in Redis when there is one.
  const budgetRedis =
    config.redisUrl && runsWorker(role)
      ? createPrefixedRedis(config.redisUrl, config.redisPrefix)
      : undefined;
  let budget: ReturnType<typeof createSharedRateBudget> | undefined;
  // The live demo: simulators in this process, the demo store connected to them.
  let demo: DemoSync | null = null;
  // Only the all-in-one process: a worker started on its own (a script, a scaled-out worker) never.
  if (config.demoSync && shopifyApp && role === 'all') {
    demo = await startDemoSync(services, { ...config.demoSync, limits: config.syncRateLimits, shopifyApp });
    if (demo) logger.info({ simulators: demo.allowedOrigins }, 'demo channels connected to the simulators');
    for (const origin of demo?.allowedOrigins ?? []) demoSimulatorOrigins.add(origin);
  } else if (config.demoSync) {
    // Scaled out, `npm run start:simulators` holds them at fixed addresses: accepted from the start.
    for (const origin of scaledOutSimulatorOrigins(config.demoSync)) demoSimulatorOrigins.add(origin);
  }

  if (runsWorker(role)) {
    budget = createSharedRateBudget({
      store: budgetRedis ? { kind: 'redis', redis: budgetRedis } : { kind: 'sql', sequelize },
    });
    registerJobs(agenda, {
      services,
      logger,
      // Every call the sync jobs make is recorded through the batched transaction records writer.
      sync: createSyncRuntime({
        services,
        recorder: services.transactionRecords.recorder,
        budget,
        // Only the demo's own simulators (here, or `npm run start:simulators`'), never any other private address.
        allowedOrigins:
          demo?.allowedOrigins ?? (config.demoSync ? scaledOutSimulatorOrigins(config.demoSync) : []),
        limitOverrides: config.syncRateLimits,
      }),
      jobStore: backend instanceof SequelizeBackend ? backend : undefined,
    });
    await agenda.start();
    workerState = 'running';
    // Orders left waiting for their import rules (a crash between commit and run): swept each minute.
    await agenda.every('1 minute', JOB_NAMES.rulesReleaseHeld, {});
    await agenda.now(JOB_NAMES.rulesReleaseHeld, {});
    // Sends a killed worker had claimed (their lease ran out) wait again and are queued again.
    await agenda.every(outboundSweepInterval(), JOB_NAMES.outboundSweepClaims, {});
    // One-off jobs that finished long ago leave the job table (first run at the first start).
    await agenda.every('1 hour', JOB_NAMES.systemPruneJobs, {});
    // Channels changed while no worker ran (or by hand) get their recurring jobs back in step.
    const reconciled = await services.channelJobs?.reconcile();
    if (reconciled) logger.info(reconciled, 'channel jobs reconciled');
    // The demo's connections were switched on by the seed, not the api: subscribe their webhooks now.
    for (const channel of demo?.channels ?? []) await services.channelJobs?.activated(channel);
  }

  let url: string | undefined;
  if (httpServer) {
    const app = createApp(services, {
      logger,
      trustProxy: config.trustProxy,
      frontend: {
        webRoot: config.webRoot,
        remoteManifest: createRemoteManifest({ json: config.remotesJson, file: config.remotesFile }),
      },
    });
    handleRequest = app.callback();
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
    const { port } = httpServer.address() as AddressInfo;
    url = `http://localhost:${port}`;
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (httpServer) {
        const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeIdleConnections();
        await socketServer?.close();
        await closed;
      }
      if (workerState === 'running') {
        workerState = 'stopping';
        await agenda.drain({ timeout: config.shutdownTimeoutMs, closeConnection: false });
      }
      await agenda.stop(false);
      await demo?.close();
      // An api-only process never started Agenda, which is what would close the job channel.
      await backend.notificationChannel?.disconnect();
      await budgetRedis?.quit().catch(() => undefined);
      await budget?.close();
      // Records the last jobs made are still queued in memory: write them before the database closes.
      await services.transactionRecords.recorder.close();
      await redisPublisher?.close();
      await authority.close();
      await throttleRedis?.quit().catch(() => undefined);
      await sequelize.close();
    })());

  return { config, services, sequelize, agenda, url, stop };
}

/** Entry point for `npm start`, `start:api` and `start:jobs`: config from the environment, signals handled. */
export function runFromEnvironment(overrides: Partial<Pick<Config, 'role'>> = {}): void {
  let config: Config;
  try {
    config = { ...loadConfig(), ...overrides };
    // Said plainly on stderr before anything connects, like a configuration mistake.
    const problem = liveEventsProblem(config);
    if (problem) throw new Error(problem);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  startProcess(config, logger).then(
    (running) => {
      const database = running.sequelize.getDialect() === 'sqlite' ? `SQLite in ${config.dataDir}` : 'MySQL';
      if (running.url) {
        logger.info({ role: config.role, database }, `Syncdesk is running at ${running.url}`);
        console.log(`\n  Syncdesk is running at ${running.url}\n`);
        if (config.demoSeed) {
          const { admin, seller, other } = config.demoSeed;
          console.log('  Demo sign-in (e-mail / password):');
          console.log(`    administrator  ${admin.email} / ${admin.password}`);
          console.log(
            `    seller         ${seller.email} / ${seller.password}  (two companies: Acme Trading, Beta Goods)`,
          );
          console.log(`    other company  ${other.email} / ${other.password}\n`);
        }
      } else {
        logger.info({ role: config.role, database }, 'Syncdesk worker is running');
      }
      const shutdown = (signal: string) => {
        logger.info({ signal }, 'shutting down');
        const deadline = setTimeout(() => {
          logger.error('graceful shutdown timed out');
          process.exit(1);
        }, config.shutdownTimeoutMs + 5000);
        deadline.unref();
        running.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    },
    (error: unknown) => {
      logger.fatal({ err: error }, 'failed to start');
      process.exit(1);
    },
  );
}
