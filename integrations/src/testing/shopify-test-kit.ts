import type { RateLimit } from '@syncdesk/contracts';
import { memoryRecorder } from '../transport/transaction-record';
import type { ConnectionInfo, ConnectorContext } from '../connector';
import { createChannelHttp } from '../transport/channel-http';
import { unlimitedBudget, type RateBudget } from '../transport/rate-budget';
import { createHmac, randomUUID } from 'node:crypto';
import {
  SHOPIFY_SIMULATOR_DEFAULTS,
  shopifySignature,
  shopifyWebhookHeaders,
  startShopifySimulator,
  type ShopifySimulatorOptions,
} from '../providers/shopify/simulator';

export { SHOPIFY_SIMULATOR_DEFAULTS };

export const TEST_APP = {
  clientId: SHOPIFY_SIMULATOR_DEFAULTS.clientId,
  clientSecret: SHOPIFY_SIMULATOR_DEFAULTS.clientSecret,
};

/** A channel row of a Shopify shop that is in fact the simulator (its `shop_url` is the simulator's). */
export function shopifyConnection(url: string, overrides: Partial<ConnectionInfo> = {}): ConnectionInfo {
  return {
    id: 7,
    uuid: '0b0c5b1e-4a40-4a65-9b3c-6f0d2d1f3a11',
    companyId: 1,
    storeId: 1,
    kind: 'channel',
    type: 'shopify',
    name: 'Shopify test shop',
    apiVersion: null,
    settings: { shop_url: url },
    credentials: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken },
    tokenExpiresAt: null,
    ...overrides,
  };
}

/**
 * A connector context built by hand, as the worker's `openConnection` builds it: the real transport,
 * records kept in memory, the simulator's loopback address allowed. `limits` are empty by default so
 * only the simulator's own bucket throttles (a budget would hide it).
 */
export function contextFor(
  connection: ConnectionInfo,
  options: { limits?: Record<string, RateLimit>; budget?: RateBudget; timeoutMs?: number } = {},
) {
  const recorder = memoryRecorder();
  const http = createChannelHttp({
    connection: { id: connection.id, companyId: 1, storeId: 1, kind: 'channel', provider: 'Shopify' },
    jobType: 'get_orders',
    limits: options.limits ?? {},
    budget: options.budget ?? unlimitedBudget,
    recorder,
    checkTarget: async () => null,
    secrets: Object.values(connection.credentials),
    timeoutMs: options.timeoutMs,
  });
  const context: ConnectorContext = { connection, http, app: TEST_APP };
  return { context, recorder };
}

export async function startTestShop(options: ShopifySimulatorOptions = {}) {
  return startShopifySimulator({ webhookRetryDelaysMs: [50, 100, 200], ...options });
}

/** Polls until `check` holds (no fixed sleeps: a busy machine only makes it take longer). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A webhook delivery signed the way Shopify signs it (the simulator's own delivery code builds it):
 * `rawBody` exactly as sent and the `X-Shopify-*` headers, the HMAC the base64 of HMAC-SHA256 of
 * those bytes with the app's client secret. `body` may be a payload object (serialised as Shopify
 * does) or the raw text; pass a wrong `secret` to forge one.
 */
export function signedShopifyDelivery(delivery: {
  topic: string;
  body: unknown;
  secret?: string;
  shopDomain?: string;
  apiVersion?: string;
  webhookId?: string;
  triggeredAt?: string;
}): { rawBody: Buffer; headers: Record<string, string> } {
  const text = typeof delivery.body === 'string' ? delivery.body : JSON.stringify(delivery.body);
  const rawBody = Buffer.from(text, 'utf8');
  return {
    rawBody,
    headers: shopifyWebhookHeaders({
      topic: delivery.topic,
      signature: shopifySignature(rawBody, delivery.secret ?? TEST_APP.clientSecret),
      shopDomain: delivery.shopDomain ?? 'simulated-shop.myshopify.com',
      webhookId: delivery.webhookId ?? randomUUID(),
      apiVersion: delivery.apiVersion ?? '2026-10',
      triggeredAt: delivery.triggeredAt ?? new Date().toISOString(),
    }),
  };
}

/**
 * An App Bridge session token (the `id_token` of token exchange) for `shop`, signed HS256 with the
 * app's secret as Shopify signs it; valid for a minute.
 */
export function shopifySessionToken(
  shop: string,
  app: { clientId: string; clientSecret: string } = TEST_APP,
): string {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = part({ alg: 'HS256', typ: 'JWT' });
  const payload = part({
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: app.clientId,
    sub: '902541635',
    exp: nowSeconds + 60,
    nbf: nowSeconds - 5,
    iat: nowSeconds,
    jti: randomUUID(),
    sid: randomUUID(),
  });
  const signature = createHmac('sha256', app.clientSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
