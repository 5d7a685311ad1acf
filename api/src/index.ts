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
export {
  createJobScheduler,
  isRecurringJobScheduler,
  type JobScheduler,
  type RecurringJobScheduler,
} from './jobs/job-scheduler';
export { MIN_INTERVAL_S } from './jobs/channel-job-schedule';
export { createTokenService, type TokenClaims, type TokenService } from './modules/auth/token.service';
export type { ScopeService } from './modules/auth/scope.service';
export { createAuthorityBus } from './modules/auth/authority-bus';
export { createSocketServer, roomsFor, type SocketServer } from './realtime/socket-server';
export { createRedisPublisher, type RedisPublisher } from './realtime/redis-publisher';
export { createPrefixedRedis } from './realtime/prefixed-redis';
export { createRemoteManifest } from './http/frontend/remote-manifest';
export { AppError } from './http/app-error';

// The flows and services jobs connect providers to (jobs/src/definitions/**).
export { normaliseOrder } from './flows/import-orders/normalise-order';
export {
  downloadsOrders,
  importChannelOrders,
  ordersSince,
  type ChannelOrdersBatch,
  type ChannelOrdersOutcome,
} from './flows/import-orders/import-channel-orders.flow';
export {
  createOrderImportService,
  type OrderImportService,
} from './flows/import-orders/order-import.service';
export { afterOrdersImported } from './flows/push-stock/after-orders-imported';
export { ordersFreshnessOf } from './flows/push-stock/orders-freshness';
export { pushChannelStock } from './flows/push-stock/push-channel-stock.flow';
export { stockInputsOf } from './flows/push-stock/stock-inputs';
export { pushFulfilments } from './flows/push-fulfilment/push-fulfilments.flow';
export {
  abandonProductDownload,
  advanceProductDownload,
  PRODUCT_DOWNLOAD_CLAIM_STALE_MS,
  beginProductDownload,
  claimProductDownload,
  downloadsProducts,
  finishProductDownload,
  productDownloadInProgress,
  productDownloadMessage,
  publishDownloadProgress,
  releaseProductDownload,
  storeListingsPage,
  type ProductDownloadCounts,
} from './flows/download-products/download-products.flow';
export { readPluginUpdates } from './flows/plugin-updates/plugin-updates.flow';
export { sendOrdersToPlugin } from './flows/plugin-updates/send-orders-to-plugin.flow';
export type { SweptClaims } from './flows/outbound-claims/outbound-claims';
export { requeueStaleClaims } from './flows/outbound-claims/requeue-stale-claims.flow';
export { PICKUP_NOT_SUPPORTED, pushPickupStep } from './flows/push-pickup/push-pickup-step.flow';
export { stockSettingsOf } from './modules/channel-products/channel-quantities';
export {
  channelWebhookAddress,
  webhookRemovalJob,
  webhookSubscriptionJob,
} from './modules/channel-webhooks/channel-webhook-jobs';
export type { InboxOrder } from './modules/channel-webhooks/channel-webhook-receipt.model';
export { parseOAuthProviderSettings } from './modules/channels/oauth/oauth-providers';
export type { Product } from './db/catalogue.models';
export type { Store } from './db/models';
export type { Channel } from './db/channel.models';

// The demo: its accounts and orders (seeded once), its channels (connected by the composition root).
export { seedDemo } from './db/seed/demo-seed';
export { seedDemoOrders } from './db/seed/demo-orders-seed';
export { demoProducts } from './db/seed/demo-catalogue-seed';
export { splitValues, valuesForCreate } from './modules/channels/channel-settings';
export { readChannelCredentials, writeChannelCredentials } from './modules/channels/channel-credentials';
