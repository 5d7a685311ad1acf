// The api workspace's deliberate public surface: what jobs and the composition root (server) use.
// Anything not exported here is the api's own business; nothing imports `@syncdesk/api/src/**`.

// Building a process (server/src/runtime.ts).
export { createApp, type AppOptions } from './app';
export { createServices, type Services, type ServiceDependencies } from './services';
export { liveEventsProblem, loadConfig, type Config, type DemoAccount, type ProcessRole } from './config';
export { createLogger, type Logger } from './logger';
export { loadOrCreateSecret } from './secrets';
export { createSequelize, dialectOf, type DatabaseDialect } from './db/create-sequelize';
export { migrate } from './db/migrate';
export { createJobScheduler, isRecurringJobScheduler, type JobScheduler } from './jobs/job-scheduler';
export { createTokenService, type TokenClaims, type TokenService } from './modules/auth/token.service';
export type { ScopeService } from './modules/auth/scope.service';
export { createAuthorityBus } from './modules/auth/authority-bus';
export { createSocketServer, roomsFor, type SocketServer } from './realtime/socket-server';
export { createRedisPublisher, type RedisPublisher } from './realtime/redis-publisher';
export { createPrefixedRedis } from './realtime/prefixed-redis';
export { createRemoteManifest } from './http/frontend/remote-manifest';
export { AppError } from './http/app-error';

// The demo: its accounts and orders (seeded once), its channels (connected by the composition root).
export { seedDemo } from './db/seed/demo-seed';
export { seedDemoOrders } from './db/seed/demo-orders-seed';
export { splitValues, valuesForCreate } from './modules/channels/channel-settings';
export { readChannelCredentials, writeChannelCredentials } from './modules/channels/channel-credentials';
export type { Channel } from './db/channel.models';
