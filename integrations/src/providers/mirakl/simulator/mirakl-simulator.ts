import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { MiraklOrder, MiraklOrderState } from '../mirakl-order.types';
import { handleApiRoute, type ApiRouteContext } from './simulator-api-routes';
import { createFaultQueue, parseFault, type SimulatorFault } from './simulator-faults';
import { closeServer, listen } from '../../../simulators/simulator-http';
import { INVALID_JSON, parseJson, readBody, sendEmpty, sendError, sendJson } from './simulator-http';
import { createCallWindow } from './simulator-limits';
import {
  createOrderBook,
  DEFAULT_CARRIERS,
  seededRandom,
  type Carrier,
  type NewOrder,
  type NewOrderLine,
} from './simulator-orders';
import { createStockBook, type StockImport } from './simulator-stock';
import { createOfferBook, type OfferExport } from './simulator-offers';

/**
 * A Mirakl seller API on a local port (channel-apis §2, checklist §7.2): raw-key auth, OR11 with
 * offset paging and an overlap on start_update_date, OR21/OR23/OR24 with the order state machine,
 * SH21 carriers, STO01/STO02/STO03 with the asynchronous import and Mirakl's call frequencies
 * enforced by 429 + Retry-After, plus `/__simulator/` control endpoints.
 */
export interface MiraklSimulatorOptions {
  port?: number;
  host?: string;
  /** The valid API key (sent raw in Authorization). */
  apiKey?: string;
  shopId?: string | number;
  /** Offer SKUs the shop holds; demo traffic orders from them. */
  skus?: readonly string[];
  /** The offers' product titles by SKU (an order line's `product_title`); `Product {sku}` when absent. */
  titles?: Readonly<Record<string, string>>;
  /** Starting quantity per SKU (SKUs listed here become offers too). */
  initialStock?: Readonly<Record<string, number>>;
  seed?: number;
  /** Seconds taken off start_update_date (default 60). */
  overlapSeconds?: number;
  /** From acceptance to SHIPPING, the customer's debit (default 500 ms). */
  debitMs?: number;
  /** State of a new order (default WAITING_ACCEPTANCE). */
  newOrderState?: MiraklOrderState;
  partialAcceptance?: boolean;
  /**
   * Number of the first order (default 1). The demo starts a fresh simulator on every run against
   * a database that kept the last run's orders: a new start number keeps the ids apart.
   */
  firstOrderNumber?: number;
  /** Stock import timeline: WAITING for `importWaitingMs`, RUNNING for `importRunningMs` (defaults 500 ms each). */
  importWaitingMs?: number;
  importRunningMs?: number;
  /** STO01 at most once per this window (Mirakl: 60 s). */
  stockImportWindowMs?: number;
  /** STO02 at most once per this window (Mirakl: 15 s). */
  statusPollWindowMs?: number;
  carriers?: readonly Carrier[];
  /** OF52 → OF53: how long an offer export stays PENDING (default 1 s). */
  offerExportMs?: number;
  /** A full offer export at most once per this window (Mirakl: once per day). */
  fullExportWindowMs?: number;
  /** OF53 at most once per this window (Mirakl: every 10 s). */
  exportStatusWindowMs?: number;
  /** Offers per export chunk at most (Mirakl also cuts by size); default no cap beyond the request's. */
  offersPerChunkCap?: number;
}

export interface SimulatorCall {
  method: string;
  /** Path with the query. */
  path: string;
  /** When the call arrived (epoch ms). */
  time: number;
  /** What was answered; null while a timeout fault holds the call. */
  status: number | null;
}

export interface MiraklSimulatorState {
  readonly apiKey: string;
  readonly shopId: string;
  createOrder(input?: NewOrder): MiraklOrder;
  order(orderId: string): MiraklOrder | undefined;
  orders(): MiraklOrder[];
  /** Marks an order changed (an operator edit) without moving its state. */
  touchOrder(orderId: string): MiraklOrder;
  /** Quantity per SKU as the channel holds it (what completed imports applied). */
  stock(): Record<string, number>;
  stockImports(): StockImport[];
  /** Adds an offer (or names an existing one's title and price); its quantity only when new. */
  addOffer(sku: string, details?: { quantity?: number; title?: string; price?: number }): void;
  offerExports(): OfferExport[];
  /** Offer exports asked for from now on end FAILED with this error; null lets them complete. */
  failOfferExports(error: { code: string; detail: string } | null): void;
  calls(): SimulatorCall[];
  clearCalls(): void;
  addFault(fault: SimulatorFault): void;
  clearFaults(): void;
  summary(): {
    orders: number;
    ordersByState: Record<string, number>;
    offers: number;
    stockImports: number;
    calls: number;
    faults: ReturnType<ReturnType<typeof createFaultQueue>['pending']>;
    traffic: boolean;
  };
  startTraffic(everyMs?: number): void;
  stopTraffic(): void;
}

export interface MiraklSimulator {
  url: string;
  close(): Promise<void>;
  state: MiraklSimulatorState;
}

export const MIRAKL_SIMULATOR_KEY = 'mirakl-simulator-key-0001';
const DEFAULT_SKUS = Array.from(
  { length: 10 },
  (_, index) => `SIM-SKU-${String(index + 1).padStart(3, '0')}`,
);
/** The 401 wording of the reference (channel-apis §2). */
const UNAUTHENTICATED = 'API call without authentication';
const MALFORMED_BODY = '{"orders": [{"order_id": "SIM-';

function parseNewOrder(body: unknown): NewOrder | string {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object') return 'Send {"lines": [{"sku": "…", "quantity": 1}]} or nothing.';
  const { lines, state } = body as { lines?: unknown; state?: unknown };
  if (lines !== undefined) {
    if (!Array.isArray(lines) || !lines.length) return 'lines must be a non-empty list.';
    for (const line of lines as Partial<NewOrderLine>[]) {
      if (!line || typeof line.sku !== 'string' || !line.sku) return 'Every line needs a sku.';
      if (line.quantity !== undefined && (!Number.isInteger(line.quantity) || line.quantity < 1)) {
        return 'quantity must be a whole number of 1 or more.';
      }
    }
  }
  if (state !== undefined && typeof state !== 'string') return 'state must be a Mirakl order state.';
  return body as NewOrder;
}

export async function startMiraklSimulator(options: MiraklSimulatorOptions = {}): Promise<MiraklSimulator> {
  const apiKey = options.apiKey ?? MIRAKL_SIMULATOR_KEY;
  const shopId = String(options.shopId ?? 2001);
  const skus = options.skus?.length ? options.skus : DEFAULT_SKUS;
  const random = seededRandom(options.seed ?? 11);
  const carriers = options.carriers ?? DEFAULT_CARRIERS;
  const now = () => Date.now();
  const orders = createOrderBook({
    random,
    skus,
    titles: options.titles ?? {},
    carriers,
    debitMs: options.debitMs ?? 500,
    newOrderState: options.newOrderState ?? 'WAITING_ACCEPTANCE',
    partialAcceptance: options.partialAcceptance ?? true,
    firstOrderNumber: Math.max(1, Math.trunc(options.firstOrderNumber ?? 1)),
  });
  const stock = createStockBook({
    skus,
    initialStock: options.initialStock ?? {},
    waitingMs: options.importWaitingMs ?? 500,
    runningMs: options.importRunningMs ?? 500,
  });
  const offerBook = createOfferBook({
    stock,
    titles: options.titles ?? {},
    exportMs: options.offerExportMs ?? 1000,
    chunkCap: Math.max(1, options.offersPerChunkCap ?? Number.MAX_SAFE_INTEGER),
  });
  const faults = createFaultQueue();
  const calls: SimulatorCall[] = [];
  const held = new Set<ServerResponse>();
  let traffic: NodeJS.Timeout | null = null;

  const apiContext: ApiRouteContext = {
    orders,
    stock,
    carriers,
    shopId,
    overlapSeconds: options.overlapSeconds ?? 60,
    stockImportWindow: createCallWindow(options.stockImportWindowMs ?? 60_000),
    statusPollWindow: createCallWindow(options.statusPollWindowMs ?? 15_000),
    offers: offerBook,
    fullExportWindow: createCallWindow(options.fullExportWindowMs ?? 24 * 60 * 60_000),
    exportStatusWindow: createCallWindow(options.exportStatusWindowMs ?? 10_000),
    now,
  };

  function settle() {
    const time = now();
    orders.settle(time);
    stock.settle(time);
  }

  function createOrder(input: NewOrder = {}): MiraklOrder {
    const order = orders.create(input, now());
    for (const line of order.order_lines) stock.addOffer(line.offer_sku);
    return structuredClone(order);
  }

  const state: MiraklSimulatorState = {
    apiKey,
    shopId,
    createOrder,
    order(orderId) {
      settle();
      const order = orders.get(orderId);
      return order && structuredClone(order);
    },
    orders() {
      settle();
      return structuredClone(orders.all());
    },
    touchOrder: (orderId) => structuredClone(orders.touch(orderId, now())),
    stock() {
      settle();
      return stock.offers();
    },
    stockImports() {
      settle();
      return structuredClone(stock.all());
    },
    addOffer(sku, details = {}) {
      stock.addOffer(sku, details.quantity ?? 0);
      if (details.title !== undefined || details.price !== undefined) {
        offerBook.describe(sku, { title: details.title, price: details.price });
      }
    },
    offerExports: () => offerBook.all(),
    failOfferExports: (error) => offerBook.failExports(error),
    calls: () => calls.map((call) => ({ ...call })),
    clearCalls: () => void calls.splice(0, calls.length),
    addFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    summary() {
      settle();
      const ordersByState: Record<string, number> = {};
      for (const order of orders.all())
        ordersByState[order.order_state] = (ordersByState[order.order_state] ?? 0) + 1;
      return {
        orders: orders.all().length,
        ordersByState,
        offers: Object.keys(stock.offers()).length,
        stockImports: stock.all().length,
        calls: calls.length,
        faults: faults.pending(),
        traffic: traffic !== null,
      };
    },
    startTraffic(everyMs = 5_000) {
      state.stopTraffic();
      traffic = setInterval(() => createOrder(), everyMs);
      traffic.unref();
    },
    stopTraffic() {
      if (traffic) clearInterval(traffic);
      traffic = null;
    },
  };

  async function control(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const route = `${request.method} ${url.pathname}`;
    const body = ['POST', 'PUT'].includes(request.method ?? '')
      ? parseJson(await readBody(request))
      : undefined;
    if (body === INVALID_JSON) return sendError(response, 400, 'The body is not valid JSON');
    switch (route) {
      case 'POST /__simulator/orders': {
        const input = parseNewOrder(body);
        if (typeof input === 'string') return sendError(response, 400, input);
        return sendJson(response, 201, createOrder(input));
      }
      case 'POST /__simulator/faults': {
        const fault = parseFault(body);
        if (typeof fault === 'string') return sendError(response, 400, fault);
        faults.add(fault);
        return sendJson(response, 201, { faults: faults.pending() });
      }
      case 'DELETE /__simulator/faults':
        faults.clear();
        return sendEmpty(response);
      case 'GET /__simulator/calls':
        return sendJson(response, 200, { calls: state.calls() });
      case 'DELETE /__simulator/calls':
        state.clearCalls();
        return sendEmpty(response);
      case 'GET /__simulator/stock':
        return sendJson(response, 200, { stock: state.stock() });
      case 'GET /__simulator/state':
        return sendJson(response, 200, state.summary());
      case 'POST /__simulator/traffic': {
        const everyMs = (body as { everyMs?: unknown } | undefined)?.everyMs;
        state.startTraffic(typeof everyMs === 'number' && everyMs >= 100 ? everyMs : undefined);
        return sendEmpty(response);
      }
      case 'DELETE /__simulator/traffic':
        state.stopTraffic();
        return sendEmpty(response);
      default:
        return sendError(response, 404, `No such control endpoint: ${route}`);
    }
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const call: SimulatorCall = {
      method: request.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      time: now(),
      status: null,
    };
    calls.push(call);
    response.on('finish', () => {
      call.status = response.statusCode;
    });

    const fault = faults.take(call.path);
    if (fault?.mode === 'timeout') {
      // Never answered: the client's own timeout must fire. Released when the simulator closes.
      held.add(response);
      request.resume();
      return;
    }
    if (fault?.mode === 'malformed') {
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(MALFORMED_BODY);
      return;
    }
    if (fault) {
      if (fault.status === 401) return sendError(response, 401, UNAUTHENTICATED);
      if (fault.status === 429)
        return sendError(response, 429, 'Too many requests', undefined, { 'retry-after': '1' });
      return sendError(
        response,
        fault.status,
        fault.status === 503 ? 'Service unavailable' : 'Internal server error',
      );
    }

    const shopParam = url.searchParams.get('shop_id');
    if (request.headers.authorization !== apiKey || (shopParam !== null && shopParam !== shopId)) {
      return sendError(response, 401, UNAUTHENTICATED);
    }
    settle();
    await handleApiRoute(apiContext, request, response, url);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator.local');
    const handler = url.pathname.startsWith('/__simulator/') ? control : api;
    handler(request, response, url).catch((error: unknown) => {
      if (!response.headersSent) {
        sendError(
          response,
          500,
          `Simulator error: ${error instanceof Error ? error.message : String(error)}`,
        );
      } else response.destroy();
    });
  });

  const url = await listen(server, options);

  return {
    url,
    state,
    async close() {
      state.stopTraffic();
      for (const response of held) response.destroy();
      held.clear();
      await closeServer(server);
    },
  };
}
