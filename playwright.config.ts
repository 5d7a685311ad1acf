import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The e2e tests run against the production build served the way `npm start` serves it: one
// process per server, embedded SQLite in a throw-away data folder.
const MAIN_PORT = 3190;
const BROKEN_REMOTE_PORT = 3191;
// The local OAuth provider (scripts/oauth-provider.ts) the main server's Shopify client points at.
const OAUTH_PROVIDER_PORT = 3192;
const OAUTH_PROVIDER_URL = `http://127.0.0.1:${OAUTH_PROVIDER_PORT}`;
const dataRoot = path.join(os.tmpdir(), `syncdesk-e2e-${process.pid}`);
// A server whose live events go through Redis, so orders imported by another process
// (scripts/import-orders.ts, run by e2e/orders.e2e.ts on the same data folder) reach its pages.
// The runner names the folder once; test workers (other pids) read it back from the environment.
const ORDERS_LIVE_PORT = 3193;
process.env.SYNCDESK_E2E_ORDERS_DATA_DIR ??= path.join(dataRoot, 'orders-live');
const ordersLiveDataDir = process.env.SYNCDESK_E2E_ORDERS_DATA_DIR;
const ordersLiveRedisUrl = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Its own Redis prefix: Jest's tests run beside these and share the Redis server; without it their
// processes and this one would hear each other's live events, wake-ups and sign-outs.
process.env.SYNCDESK_E2E_REDIS_PREFIX ??= `syncdesk-e2e-${process.pid}`;
const ordersLiveRedisPrefix = process.env.SYNCDESK_E2E_REDIS_PREFIX;
// The live demo: Shopify, Mirakl and WMS simulators in the server's process, connected to the demo
// store, their traffic off so the tests decide when orders appear (e2e/sync.e2e.ts).
const SYNC_PORT = 3194;
// scripts/e2e-servers.ts answers here once every server above is ready.
const SERVERS_PORT = 3195;

/** One server scripts/e2e-servers.ts starts (with tsx). */
interface E2eServer {
  name: string;
  script: string;
  env: Record<string, string>;
  url: string;
}

const serverEnvironment = (name: string, port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dataRoot, name),
  LOG_LEVEL: 'warn',
  JOBS_PROCESS_EVERY_MS: '200',
  DEMO_SEED: 'on',
  // The live demo (simulators sending orders) would move these servers' data under the tests;
  // e2e/sync.e2e.ts has a server of its own with the simulators on and their traffic off.
  DEMO_SIMULATORS: 'off',
  // These machines have no DNS: shop URLs like acme-uk.myshopify.com can't be resolved, so the
  // outbound-URL guard would refuse them. The guard has its own table-driven tests.
  OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
});

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./scripts/test-timing/playwright-file-times.reporter.cjs']],
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // One process starts them all at once (scripts/e2e-servers.ts): one after another took minutes.
    command: 'npx tsx scripts/e2e-servers.ts',
    url: `http://127.0.0.1:${SERVERS_PORT}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      E2E_SERVERS_PORT: String(SERVERS_PORT),
      E2E_SERVERS_JSON: JSON.stringify([
        {
          name: 'main',
          script: 'server/src/main.ts',
          url: `http://127.0.0.1:${MAIN_PORT}/api/health`,
          env: {
            ...serverEnvironment('main', MAIN_PORT),
            // Providers send the browser back to APP_URL: the same origin as the tests, so the session holds.
            APP_URL: `http://127.0.0.1:${MAIN_PORT}`,
            OAUTH_PROVIDERS_JSON: JSON.stringify({
              shopify: {
                authorizeUrl: `${OAUTH_PROVIDER_URL}/authorize`,
                tokenUrl: `${OAUTH_PROVIDER_URL}/token`,
                clientId: 'e2e-client',
                clientSecret: 'e2e-secret',
              },
            }),
          },
        },
        {
          // Same build, but the catalogue remote's manifest points at a port nobody listens on.
          name: 'broken-remote',
          script: 'server/src/main.ts',
          url: `http://127.0.0.1:${BROKEN_REMOTE_PORT}/api/health`,
          env: {
            ...serverEnvironment('broken-remote', BROKEN_REMOTE_PORT),
            REMOTES_JSON: JSON.stringify([
              { name: 'mfe_orders', entry: '/mfe-orders/mf-manifest.json' },
              { name: 'mfe_catalogue', entry: 'http://127.0.0.1:9/mf-manifest.json' },
              { name: 'mfe_channels', entry: '/mfe-channels/mf-manifest.json' },
              { name: 'mfe_admin', entry: '/mfe-admin/mf-manifest.json' },
              { name: 'mfe_hosted', entry: '/mfe-hosted/mf-manifest.json' },
            ]),
          },
        },
        {
          name: 'orders-live',
          script: 'server/src/main.ts',
          url: `http://127.0.0.1:${ORDERS_LIVE_PORT}/api/health`,
          env: {
            ...serverEnvironment('orders-live', ORDERS_LIVE_PORT),
            DATA_DIR: ordersLiveDataDir,
            REDIS_URL: ordersLiveRedisUrl,
            REDIS_PREFIX: ordersLiveRedisPrefix,
          },
        },
        {
          name: 'sync',
          script: 'server/src/main.ts',
          url: `http://127.0.0.1:${SYNC_PORT}/api/health`,
          env: {
            ...serverEnvironment('sync', SYNC_PORT),
            APP_URL: `http://127.0.0.1:${SYNC_PORT}`,
            DEMO_SIMULATORS: 'on',
            DEMO_TRAFFIC: 'off',
            // Private addresses stay refused: only the demo's own simulators may be called.
            OUTBOUND_ALLOW_PRIVATE_TARGETS: 'false',
            // Mirakl takes a stock file a minute and answers on it every 15 s; here (and in the demo's
            // simulator, which follows these limits) every 3 s and every second, so the test waits seconds.
            SYNC_RATE_LIMITS_JSON: JSON.stringify({
              'mirakl-decathlon': {
                update_stock: { calls: 1, periodSeconds: 3 },
                stock_import_status: { calls: 1, periodSeconds: 1 },
              },
            }),
          },
        },
        {
          name: 'oauth-provider',
          script: 'scripts/oauth-provider.ts',
          url: `${OAUTH_PROVIDER_URL}/health`,
          env: { OAUTH_PROVIDER_PORT: String(OAUTH_PROVIDER_PORT) },
        },
      ] satisfies E2eServer[]),
    },
  },
});

export const BROKEN_REMOTE_URL = `http://127.0.0.1:${BROKEN_REMOTE_PORT}`;

/** The live-orders server, and what a process importing into its database needs (e2e/orders.e2e.ts). */
export const ORDERS_LIVE = {
  url: `http://127.0.0.1:${ORDERS_LIVE_PORT}`,
  dataDir: ordersLiveDataDir,
  redisUrl: ordersLiveRedisUrl,
  redisPrefix: ordersLiveRedisPrefix,
};

/** The live-demo server: the simulators run inside it (e2e/sync.e2e.ts). */
export const SYNC_SERVER_URL = `http://127.0.0.1:${SYNC_PORT}`;
