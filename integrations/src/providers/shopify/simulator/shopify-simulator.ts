import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { closeServer, listen } from '../../../simulators/simulator-http';
import type {
  ShopifyFulfillment,
  ShopifyOrder,
  ShopifyProduct,
  ShopifyVariant,
  ShopifyWebhook,
} from './shop-resources';
import { answerAdminCall, type SimulatorAnswer, type SimulatorRequest } from './admin-routes';
import { answerControlCall } from './control-routes';
import { FaultQueue, parseFault, type Fault, type FaultInput } from './fault-queue';
import { supportedVersionsAt, servedVersion } from './graphql/api-versions';
import { BulkOperations } from './graphql/bulk-operations';
import { CostBucket } from './graphql/cost';
import { answerGraphql } from './graphql/graphql-endpoint';
import type { AdminContext } from './graphql/resolvers';
import { adminSchema } from './graphql/schema';
import { LeakyBucket, type BucketOptions } from './leaky-bucket';
import type { NewOrderInput } from './order-factory';
import { ShopRefusal, ShopState, type NewProductInput } from './shop-state';
import { INVALID_TOKEN_ERRORS, SimulatorAuth } from './simulator-auth';
import { seededRandom, shopifyTime } from './simulator-time';
import { WebhookDelivery, type Delivery } from './webhook-delivery';

/** Every scope the sync and product download use (a `write_` scope includes its `read_`). */
export const DEFAULT_SCOPES = [
  'write_orders',
  'read_all_orders',
  'read_products',
  'write_inventory',
  'read_locations',
  'write_fulfillments',
  'write_merchant_managed_fulfillment_orders',
] as const;

/** Shopify's GraphQL points buckets by plan (shopify.dev/docs/api/usage/limits). */
export const COST_PLANS = {
  standard: { restoreRate: 100, maximumAvailable: 2000 },
  advanced: { restoreRate: 200, maximumAvailable: 4000 },
  plus: { restoreRate: 1000, maximumAvailable: 20000 },
} as const;

/** The app's configured addresses for topics that are not subscribed through the API. */
export interface AppWebhookAddresses {
  customersDataRequest?: string;
  customersRedact?: string;
  shopRedact?: string;
  /** Also delivered to API subscriptions of `APP_UNINSTALLED`. */
  appUninstalled?: string;
}

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
  /** The API version webhooks are sent with (the latest supported by default). */
  apiVersion?: string;
  /**
   * The stable versions the shop serves, oldest first; by default those within Shopify's 12-month
   * window at the simulator's clock (2026-01 … 2026-10 in November 2026). Any other version asked
   * for is answered by the oldest of them.
   */
  apiVersions?: readonly string[];
  /** Scopes the merchant grants the app (every token carries them); `DEFAULT_SCOPES` by default. */
  scopes?: readonly string[];
  /** Whether the app may read protected customer data (names, addresses, email, phone); true by default. */
  protectedCustomerData?: boolean;
  /** Whether non-expiring offline tokens still open the API (Shopify: not from 1 January 2027); true by default. */
  acceptNonExpiringTokens?: boolean;
  /** GraphQL points bucket; Standard (100 points/s, 2,000) by default. */
  costBucket?: Partial<{ restoreRate: number; maximumAvailable: number }>;
  /** Compliance and uninstall addresses of the app's configuration. */
  appWebhooks?: AppWebhookAddresses;
  /** Catalogue products with several variants, besides one product per SKU of `skus`. */
  products?: readonly NewProductInput[];
  /** A bulk operation waits this long before it runs (to see it RUNNING); 0 by default. */
  bulkOperationDelayMs?: number;
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
  updateOrder(id: number, change: Parameters<ShopState['updateOrder']>[1]): ShopifyOrder;
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
  /** The GraphQL points bucket (plan limits), and filling it up again. */
  configureCostBucket(options: { restoreRate?: number; maximumAvailable?: number }): void;
  resetCostBucket(): void;
  costStatus(): { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  addProduct(input: NewProductInput): ShopifyProduct;
  updateProduct(
    productId: number,
    change: { title?: string; variants?: { sku: string; price?: string; barcode?: string | null }[] },
  ): ShopifyProduct;
  /** The merchant removes the app: `app/uninstalled` delivered, then every token revoked. */
  uninstallApp(): Promise<Delivery[]>;
  /** A compliance request, delivered to the app's configured address. */
  sendCompliance(
    topic: 'customers/data_request' | 'customers/redact' | 'shop/redact',
    input?: { customerId?: number; email?: string; phone?: string; orderIds?: number[] },
  ): Delivery;
  setProtectedCustomerData(granted: boolean): void;
  setGrantedScopes(scopes: readonly string[]): void;
  setAcceptNonExpiringTokens(accepted: boolean): void;
  /** A frozen (402), fraudulent (403) or locked (423) shop refuses every Admin API call. */
  setShopStatus(status: 'active' | 'frozen' | 'fraudulent' | 'locked'): void;
  /** The versions served (oldest first). */
  apiVersions(): string[];
  tokenGrants(): SimulatorAuth['grants'];
  inventoryAdjustments(): ShopState['inventoryAdjustments'];
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
    cost: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    apiVersions: string[];
    protectedCustomerData: boolean;
    shopStatus: 'active' | 'frozen' | 'fraudulent' | 'locked';
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

/** What a shop that cannot be used answers every Admin API call (shopify.dev status codes). */
const SHOP_STATUS_ANSWERS = {
  frozen: { status: 402, errors: 'Unavailable Shop' },
  fraudulent: { status: 403, errors: 'Forbidden' },
  locked: { status: 423, errors: 'This shop is unavailable' },
} as const;
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
  const versions = [...(options.apiVersions ?? supportedVersionsAt(now()))];
  const apiVersion = options.apiVersion ?? versions[versions.length - 1] ?? '2026-10';
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
    scope: (options.scopes ?? DEFAULT_SCOPES).join(','),
    acceptNonExpiringTokens: options.acceptNonExpiringTokens ?? true,
    now,
  });
  for (const product of options.products ?? []) shop.addCatalogueProduct(product);
  let protectedCustomerData = options.protectedCustomerData ?? true;
  let shopStatus: 'active' | 'frozen' | 'fraudulent' | 'locked' = 'active';
  const costBucket = new CostBucket({ ...COST_PLANS.standard, ...options.costBucket }, now);
  const bulk = new BulkOperations(adminSchema(), {
    newId: () => shop.newId(),
    now,
    origin: () => baseUrl,
    delayMs: options.bulkOperationDelayMs,
  });
  let shopHost = '';
  let baseUrl = '';
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
  bulk.finishListeners.push((operation) =>
    webhooks.publish('bulk_operations/finish', {
      admin_graphql_api_id: `gid://shopify/BulkOperation/${operation.id}`,
      completed_at: operation.completedAt,
      created_at: operation.createdAt,
      error_code: operation.errorCode?.toLowerCase() ?? null,
      status: operation.status.toLowerCase(),
      type: operation.type.toLowerCase(),
    }),
  );
  const shopDomain = () => options.shopDomain ?? shopHost;
  const shopPayload = () => ({
    id: 548380009,
    name: 'Simulated shop',
    email: 'merchant@example.com',
    domain: shopDomain(),
    myshopify_domain: shopDomain(),
    currency: options.currency ?? 'GBP',
    country_code: 'GB',
    iana_timezone: 'Europe/London',
    plan_name: 'basic',
    created_at: shopifyTime(now()),
    updated_at: shopifyTime(now()),
  });
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
    configureCostBucket: (change) =>
      costBucket.configure({
        ...(change.restoreRate !== undefined ? { restoreRate: change.restoreRate } : {}),
        ...(change.maximumAvailable !== undefined ? { maximumAvailable: change.maximumAvailable } : {}),
      }),
    resetCostBucket: () => costBucket.reset(),
    costStatus: () => costBucket.status(),
    addProduct: (input) => shop.addCatalogueProduct(input),
    updateProduct: (productId, change) => shop.updateProduct(productId, change),
    async uninstallApp() {
      const deliveries = webhooks.publish('app/uninstalled', shopPayload());
      if (options.appWebhooks?.appUninstalled) {
        const sent = webhooks.sendToAppAddress(
          'app/uninstalled',
          options.appWebhooks.appUninstalled,
          shopPayload(),
        );
        if (sent) deliveries.push(sent);
      }
      auth.revokeAll();
      // Shopify removes an uninstalled app's subscriptions.
      webhooks.subscriptions.splice(0, webhooks.subscriptions.length);
      await webhooks.idle();
      return deliveries;
    },
    sendCompliance(topic, input = {}) {
      const addresses = options.appWebhooks ?? {};
      const address =
        topic === 'customers/data_request'
          ? addresses.customersDataRequest
          : topic === 'customers/redact'
            ? addresses.customersRedact
            : addresses.shopRedact;
      if (!address) throw new ShopRefusal(422, `No address configured for ${topic}`);
      const orders = [...shop.orders.values()].map((stored) => stored.order);
      const customerOrder = orders.find(
        (order) =>
          (input.customerId !== undefined && order.customer?.id === input.customerId) ||
          (input.email !== undefined && order.email === input.email),
      );
      const customer = {
        id: input.customerId ?? customerOrder?.customer?.id ?? shop.newId(),
        email: input.email ?? customerOrder?.email ?? null,
        phone: input.phone ?? customerOrder?.phone ?? null,
      };
      const theirOrders =
        input.orderIds ??
        orders.filter((order) => order.customer?.id === customer.id).map((order) => order.id);
      const base = { shop_id: 548380009, shop_domain: shopDomain() };
      const payload =
        topic === 'customers/data_request'
          ? { ...base, orders_requested: theirOrders, customer, data_request: { id: shop.newId() } }
          : topic === 'customers/redact'
            ? { ...base, customer, orders_to_redact: theirOrders }
            : base;
      const delivery = webhooks.sendToAppAddress(topic, address, payload);
      if (!delivery) throw new ShopRefusal(503, 'The simulator is closing');
      return delivery;
    },
    setProtectedCustomerData: (granted) => {
      protectedCustomerData = granted;
    },
    setGrantedScopes: (scopes) => auth.setGrantedScopes(scopes),
    setAcceptNonExpiringTokens: (accepted) => {
      auth.acceptNonExpiringTokens = accepted;
    },
    setShopStatus: (status) => {
      shopStatus = status;
    },
    apiVersions: () => [...versions],
    tokenGrants: () => [...auth.grants],
    inventoryAdjustments: () => [...shop.inventoryAdjustments],
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
        cost: costBucket.status(),
        apiVersions: [...versions],
        protectedCustomerData,
        shopStatus,
        traffic: traffic?.everyMs ?? null,
      };
    },
  };

  const write = (response: http.ServerResponse, answer: SimulatorAnswer, raw?: string) => {
    response.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'x-shopify-api-version': apiVersion,
      'x-request-id': randomUUID(),
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
        answer(await answerControlCall(state, simulatorRequest, url.pathname.slice('/__simulator/'.length)));
        return;
      }

      const fault = faults.take(url.pathname, text);
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

      const bulkFile = /^\/bulk-operation-results\/(\d+)\.jsonl$/.exec(url.pathname);
      if (method === 'GET' && bulkFile) {
        const jsonl = bulk.file(Number(bulkFile[1]), url.searchParams.get('token'));
        if (jsonl === null) answer({ status: 403, body: { errors: 'AccessDenied' } });
        else answer({ status: 200, headers: { 'content-type': 'application/jsonl' } }, jsonl);
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
      const served = servedVersion(match[1]!, versions);
      const versionHeader = { 'x-shopify-api-version': served };
      const headerToken = request.headers['x-shopify-access-token'];
      const token = Array.isArray(headerToken) ? headerToken[0] : headerToken;
      if (auth.problemWith(token)) {
        answer({ status: 401, body: { errors: INVALID_TOKEN_ERRORS }, headers: versionHeader });
        return;
      }
      if (shopStatus !== 'active') {
        const refusal = SHOP_STATUS_ANSWERS[shopStatus];
        answer({ status: refusal.status, body: { errors: refusal.errors }, headers: versionHeader });
        return;
      }
      if (match[2] === 'graphql') {
        if (method !== 'POST') throw new ShopRefusal(405, 'Method Not Allowed');
        const context: AdminContext = {
          shop,
          webhooks,
          bulk,
          scopes: new Set(auth.scopesOf(token!)),
          protectedCustomerData,
          shopInfo: {
            name: 'Simulated shop',
            email: 'merchant@example.com',
            myshopifyDomain: shopDomain(),
            currency: options.currency ?? 'GBP',
          },
          apiVersion: served,
          clientId: auth.clientId,
          now,
          unlimited: false,
        };
        const result = await answerGraphql(body, context, costBucket);
        answer({ ...result, headers: { ...result.headers, ...versionHeader } });
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
      answer({ ...result, headers: { ...result.headers, ...limitHeader, ...versionHeader } });
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
  baseUrl = await listen(server, options);
  shopHost = new URL(baseUrl).host;

  return {
    url: baseUrl,
    state,
    async close() {
      state.stopTraffic();
      await bulk.close();
      await webhooks.close();
      for (const response of hanging) response.destroy();
      await closeServer(server);
    },
  };
}
