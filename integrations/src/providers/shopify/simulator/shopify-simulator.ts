import http from 'node:http';
import { closeServer, listen } from '../../../simulators/simulator-http';
import type { ShopifyFulfillment, ShopifyOrder, ShopifyVariant, ShopifyWebhook } from '../shopify-rest.types';
import { answerAdminCall, type SimulatorAnswer, type SimulatorRequest } from './admin-routes';
import { answerControlCall } from './control-routes';
import { FaultQueue, parseFault, type Fault, type FaultInput } from './fault-queue';
import { LeakyBucket, type BucketOptions } from './leaky-bucket';
import type { NewOrderInput } from './order-factory';
import { ShopRefusal, ShopState } from './shop-state';
import { INVALID_TOKEN_ERRORS, SimulatorAuth } from './simulator-auth';
import { seededRandom } from './simulator-time';
import { WebhookDelivery, type Delivery } from './webhook-delivery';

export interface ShopifySimulatorOptions {
  port?: number;
  host?: string;
  /**
   * The shop's domain, as webhooks name it (`X-Shopify-Shop-Domain`). By default the host its own
   * address names (`127.0.0.1:4010`), as a real shop's myshopify domain is the host of its Shop URL:
   * the channel that holds that address is the one its deliveries are for.
   */
  shopDomain?: string;
  /** The seeded valid access token. */
  accessToken?: string;
  accessTokenExpiresAt?: Date | null;
  refreshToken?: string | null;
  /** The app's client id and secret: token refresh, and the key of webhook signatures. */
  clientId?: string;
  clientSecret?: string;
  tokenLifetimeSeconds?: number;
  /** SKUs of the shop's products (one variant each); the demo traffic sells these. */
  skus?: readonly string[];
  /** The products' titles by SKU (an order line reads its product's title); `Product {sku}` when absent. */
  titles?: Readonly<Record<string, string>>;
  /** Units of each SKU at the first location at start. */
  initialStock?: number;
  currency?: string;
  /** Leaky bucket; Shopify Standard: 40 calls, leaking 2 per second. */
  bucket?: Partial<BucketOptions>;
  /** Waits before each webhook retry (Shopify tries about 8 times over hours; tests want it quick). */
  webhookRetryDelaysMs?: readonly number[];
  /** The API version webhooks are sent with. */
  apiVersion?: string;
  seed?: number;
  /**
   * Where ids start. An in-memory shop restarted would hand out the ids of the previous run's
   * orders again; the demo starts them from the clock so an imported order is never "updated" by
   * a new one.
   */
  firstOrderId?: number;
  /** The first order's number (`#1001` by default). */
  firstOrderNumber?: number;
}

/** One call the simulator received on Shopify's API (control calls are not listed). */
export interface SimulatorCall {
  method: string;
  path: string;
  query: string;
  /** When it arrived (epoch ms). */
  timeMs: number;
  /** What was answered; null while unanswered (a `timeout` fault). */
  status: number | null;
  body: unknown;
}

/** In-process access to the simulator: the same operations as `/__simulator/…`, typed. */
export interface ShopifySimulatorState {
  shop: ShopState;
  createOrder(input?: NewOrderInput): ShopifyOrder;
  updateOrder(
    id: number,
    change: { financialStatus?: ShopifyOrder['financial_status']; cancel?: boolean; tags?: string },
  ): ShopifyOrder;
  addFault(input: FaultInput): void;
  clearFaults(): void;
  faults(): FaultQueue['pending'];
  calls(): SimulatorCall[];
  clearCalls(): void;
  stock(): Record<string, number>;
  variantBySku(sku: string): ShopifyVariant | null;
  fulfillments(): ShopifyFulfillment[];
  webhooks(): ShopifyWebhook[];
  deliveries(): Delivery[];
  expireTokens(): void;
  refreshCount(): number;
  configureBucket(options: { capacity?: number; leakPerSecond?: number }): void;
  resetBucket(): void;
  startTraffic(everyMs: number): void;
  stopTraffic(): void;
  summary(): {
    orders: number;
    products: number;
    locations: { id: number; name: string }[];
    webhooks: number;
    deliveries: { delivered: number; pending: number; failed: number };
    fulfillments: number;
    calls: number;
    faults: number;
    bucket: { capacity: number };
    traffic: number | null;
  };
}

export interface ShopifySimulator {
  /** `http://127.0.0.1:PORT`: the channel's `shop_url`. */
  url: string;
  state: ShopifySimulatorState;
  close(): Promise<void>;
}

export const SIMULATOR_DEFAULTS = {
  accessToken: 'shpat_simulated_offline_access_token',
  clientId: 'simulated-shopify-client-id',
  clientSecret: 'simulated-shopify-client-secret',
  skus: ['TSHIRT-BLK-M', 'TSHIRT-WHT-L', 'MUG-ENAMEL', 'TOTE-CANVAS', 'CAP-NAVY', 'SOCKS-WOOL'],
} as const;

const ADMIN_PATH = /^\/admin\/api\/([0-9]{4}-[0-9]{2}|unstable)\/(.+)\.json$/;
const MAX_BODY_BYTES = 1024 * 1024;

const FAULT_BODIES: Record<Fault['status'], unknown> = {
  500: { errors: 'Internal Server Error' },
  503: { errors: 'Unavailable Shop' },
  429: {
    errors:
      'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
  },
  401: { errors: INVALID_TOKEN_ERRORS },
};

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ShopRefusal(413, 'Request Entity Too Large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (!text) return null;
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ShopRefusal(400, 'Bad Request: the body is not valid JSON');
  }
}

/**
 * A Shopify shop on Admin REST, in memory, faithful where the sync depends on it: access-token
 * auth, cursor pages, the leaky bucket, inventory levels, fulfilment orders, webhooks with
 * signatures, token refresh. Listens on 127.0.0.1 and a free port unless told otherwise.
 */
export async function startShopifySimulator(
  options: ShopifySimulatorOptions = {},
): Promise<ShopifySimulator> {
  const now = () => Date.now();
  const random = seededRandom(options.seed ?? 20261124);
  const apiVersion = options.apiVersion ?? '2025-01';
  const skus = options.skus ?? SIMULATOR_DEFAULTS.skus;
  const shop = new ShopState({
    skus,
    titles: options.titles,
    initialStock: options.initialStock ?? 25,
    currency: options.currency ?? 'GBP',
    random,
    now,
    firstId: options.firstOrderId,
    firstOrderNumber: options.firstOrderNumber,
  });
  const auth = new SimulatorAuth({
    accessToken: options.accessToken ?? SIMULATOR_DEFAULTS.accessToken,
    accessTokenExpiresAt: options.accessTokenExpiresAt ?? null,
    refreshToken: options.refreshToken ?? null,
    clientId: options.clientId ?? SIMULATOR_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? SIMULATOR_DEFAULTS.clientSecret,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
    scope: 'read_orders,write_orders,read_products,read_inventory,write_inventory,read_locations',
    now,
  });
  let shopHost = '';
  const bucket = new LeakyBucket({ capacity: 40, leakPerSecond: 2, ...options.bucket }, now);
  const faults = new FaultQueue();
  const webhooks = new WebhookDelivery(
    {
      clientSecret: auth.clientSecret,
      // Known once the server listens (a free port by default); nothing is delivered before.
      shopDomain: () => options.shopDomain ?? shopHost,
      apiVersion,
      retryDelaysMs: options.webhookRetryDelaysMs ?? [200, 1000, 5000],
      now,
    },
    () => shop.newId(),
  );
  shop.orderListeners.push(webhooks.onOrderEvent);
  let calls: SimulatorCall[] = [];
  let traffic: { timer: NodeJS.Timeout; everyMs: number } | null = null;
  const hanging = new Set<http.ServerResponse>();

  const state: ShopifySimulatorState = {
    shop,
    createOrder: (input) => shop.createOrder(input),
    updateOrder: (id, change) => shop.updateOrder(id, change),
    addFault(input) {
      const fault = parseFault(input);
      if (typeof fault === 'string') throw new ShopRefusal(400, fault);
      faults.add(fault);
    },
    clearFaults: () => faults.clear(),
    faults: () => faults.pending,
    calls: () => calls.map((call) => ({ ...call })),
    clearCalls: () => {
      calls = [];
    },
    stock: () => shop.stock(),
    variantBySku: (sku) => shop.variantBySku(sku),
    fulfillments: () => [...shop.fulfillments],
    webhooks: () => [...webhooks.subscriptions],
    deliveries: () => webhooks.deliveries.map((delivery) => ({ ...delivery })),
    expireTokens: () => auth.expireAll(),
    refreshCount: () => auth.refreshCount,
    configureBucket: ({ capacity, leakPerSecond }) =>
      bucket.configure({
        ...(capacity !== undefined ? { capacity } : {}),
        ...(leakPerSecond !== undefined ? { leakPerSecond } : {}),
      }),
    resetBucket: () => bucket.reset(),
    startTraffic(everyMs) {
      state.stopTraffic();
      const timer = setInterval(() => shop.createOrder(), Math.max(100, everyMs));
      timer.unref();
      traffic = { timer, everyMs };
    },
    stopTraffic() {
      if (traffic) clearInterval(traffic.timer);
      traffic = null;
    },
    summary() {
      const deliveries = webhooks.deliveries;
      return {
        orders: shop.orders.size,
        products: shop.products.length,
        locations: shop.locations.map(({ id, name }) => ({ id, name })),
        webhooks: webhooks.subscriptions.length,
        deliveries: {
          delivered: deliveries.filter((d) => d.state === 'delivered').length,
          pending: deliveries.filter((d) => d.state === 'pending').length,
          failed: deliveries.filter((d) => d.state === 'failed').length,
        },
        fulfillments: shop.fulfillments.length,
        calls: calls.length,
        faults: faults.pending.length,
        bucket: { capacity: bucket.capacity },
        traffic: traffic?.everyMs ?? null,
      };
    },
  };

  const write = (response: http.ServerResponse, answer: SimulatorAnswer, raw?: string) => {
    response.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'x-shopify-api-version': apiVersion,
      ...answer.headers,
    });
    response.end(raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
  };

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    const method = (request.method ?? 'GET').toUpperCase();
    const isControl = url.pathname.startsWith('/__simulator/');
    const call: SimulatorCall | null = isControl
      ? null
      : { method, path: url.pathname, query: url.search.slice(1), timeMs: now(), status: null, body: null };
    if (call) calls.push(call);
    const answer = (result: SimulatorAnswer, raw?: string) => {
      if (call) call.status = result.status;
      write(response, result, raw);
    };
    try {
      const text = await readBody(request);
      const body = parseBody(text, request.headers['content-type']);
      if (call) call.body = body;
      const simulatorRequest: SimulatorRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        origin: url.origin,
      };
      if (isControl) {
        answer(answerControlCall(state, simulatorRequest, url.pathname.slice('/__simulator/'.length)));
        return;
      }

      const fault = faults.take(url.pathname);
      if (fault?.mode === 'timeout') {
        // Never answered: the caller's own timeout must end the call. close() ends the socket.
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (fault?.mode === 'malformed') {
        answer({ status: 200 }, '{"orders":[{"id":450789469,"name":"#1001","line_items":[{');
        return;
      }
      if (fault) {
        answer({
          status: fault.status,
          body: FAULT_BODIES[fault.status],
          headers: fault.status === 429 ? { 'retry-after': '1.0' } : {},
        });
        return;
      }

      if (method === 'GET' && url.pathname === '/admin/oauth/authorize') {
        const consent = auth.authorize(url.searchParams, shopHost);
        if ('error' in consent) answer({ status: 400, body: { errors: consent.error } });
        else answer({ status: 302, headers: { location: consent.location } });
        return;
      }
      if (method === 'POST' && url.pathname === '/admin/oauth/access_token') {
        const result = auth.refresh((body ?? {}) as Record<string, string>);
        answer({ status: result.status, body: result.body });
        return;
      }

      const match = ADMIN_PATH.exec(url.pathname);
      if (!match) throw new ShopRefusal(404, 'Not Found');
      const token = request.headers['x-shopify-access-token'];
      if (auth.problemWith(Array.isArray(token) ? token[0] : token)) {
        answer({ status: 401, body: { errors: INVALID_TOKEN_ERRORS } });
        return;
      }
      const taken = bucket.take();
      const limitHeader = { 'x-shopify-shop-api-call-limit': taken.header };
      if (!taken.allowed) {
        answer({
          status: 429,
          body: FAULT_BODIES[429],
          headers: { ...limitHeader, 'retry-after': taken.retryAfter },
        });
        return;
      }
      const base = `/admin/api/${match[1]}`;
      const result = answerAdminCall(shop, webhooks, simulatorRequest, base, match[2]!);
      answer({ ...result, headers: { ...result.headers, ...limitHeader } });
    } catch (error) {
      if (error instanceof ShopRefusal) {
        answer({ status: error.status, body: { errors: error.errors } });
        return;
      }
      answer({ status: 500, body: { errors: 'Internal Server Error' } });
    }
  }

  const server = http.createServer((request, response) => {
    void handle(request, response);
  });
  const url = await listen(server, options);
  shopHost = new URL(url).host;

  return {
    url,
    state,
    async close() {
      state.stopTraffic();
      await webhooks.close();
      for (const response of hanging) response.destroy();
      await closeServer(server);
    },
  };
}
