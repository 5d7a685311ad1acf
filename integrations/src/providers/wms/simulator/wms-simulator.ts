import http, { type ServerResponse } from 'node:http';
import { closeServer, listen } from '../../../simulators/simulator-http';
import { CallLog } from './call-log';
import { FaultPlan, type Fault } from './fault-plan';
import { seededRandom } from './seeded-random';
import { sendError } from './simulator-http';
import { SlidingWindowLimit, type RateLimitSettings } from './sliding-window-limit';
import { Warehouse } from './warehouse';
import { handleApiCall } from './wms-api-routes';
import { handleControlCall } from './wms-control-routes';
import { createWmsSimulatorState, type WmsSimulatorState } from './wms-simulator-state';

export interface WmsSimulatorOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The valid API key (Bearer). */
  apiKey?: string;
  /** SKUs the warehouse stocks, each with `initialQuantity` units, unless `stock` names them. */
  skus?: readonly string[];
  /** Units on hand per SKU; wins over `skus`. */
  stock?: Readonly<Record<string, number>>;
  /** Default 100. */
  initialQuantity?: number;
  /** Milliseconds from accepting an order to shipping it (default 5000); null: only when told. */
  shipAfterMs?: number | null;
  /** Default 120 calls per 60 s. */
  rateLimit?: RateLimitSettings;
  /** Take orders beyond the available stock (default false: ORDER_REJECTED). */
  backorders?: boolean;
  /** Seed of carriers, tracking numbers and demo traffic (default 11). */
  seed?: number;
}

export interface RunningWmsSimulator {
  url: string;
  state: WmsSimulatorState;
  close(): Promise<void>;
}

export const DEFAULT_WMS_API_KEY = 'wms-demo-key-0001';
export const DEFAULT_WMS_SKUS: readonly string[] = ['WMS-MUG-01', 'WMS-MUG-02', 'WMS-TEA-01', 'WMS-CND-01'];

const FAULT_MESSAGES: Record<number, string> = {
  500: 'The warehouse system failed; try again later.',
  502: 'The warehouse gateway got no answer; try again later.',
  503: 'The warehouse system is unavailable for maintenance; try again later.',
  504: 'The warehouse system took too long to answer; try again later.',
};

/** A stand-in for a warehouse implementing our WMS plugin REST contract (the wms folder's README), with controls for tests. */
export async function startWmsSimulator(options: WmsSimulatorOptions = {}): Promise<RunningWmsSimulator> {
  const now = () => Date.now();
  const random = seededRandom(options.seed ?? 11);
  const initialQuantity = options.initialQuantity ?? 100;
  const stock =
    options.stock ??
    Object.fromEntries((options.skus ?? DEFAULT_WMS_SKUS).map((sku) => [sku, initialQuantity]));
  const rateLimit = options.rateLimit ?? { calls: 120, periodSeconds: 60 };
  const shipAfterMs = options.shipAfterMs === undefined ? 5000 : options.shipAfterMs;
  const warehouse = new Warehouse({
    stock,
    shipAfterMs,
    backorders: options.backorders ?? false,
    random,
    now,
  });
  const faults = new FaultPlan();
  const calls = new CallLog();
  const limit = new SlidingWindowLimit(rateLimit);
  const state = createWmsSimulatorState({
    warehouse,
    faults,
    calls,
    limit,
    random,
    rateLimit,
    apiKey: options.apiKey ?? DEFAULT_WMS_API_KEY,
    shipAfterMs,
  });

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator.local');
    if (url.pathname.startsWith('/__simulator/')) {
      handleControlCall(state, request, response, url).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
      return;
    }
    const call = calls.start({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      timeMs: now(),
    });
    response.on('finish', () => {
      call.status = response.statusCode;
    });
    const fault = faults.take(url.pathname);
    if (fault) {
      playFault(fault, response);
      return;
    }
    handleApiCall({ warehouse, limit, apiKey: state.apiKey, now }, request, response, url, call).catch(() => {
      if (!response.headersSent) sendError(response, 500, 'INTERNAL', 'The warehouse system failed.');
    });
  });

  const url = await listen(server, options);

  return {
    url,
    state,
    close: async () => {
      state.close();
      await closeServer(server);
    },
  };
}

function playFault(fault: Fault, response: ServerResponse): void {
  if (fault.mode === 'timeout') return; // never answered; the client's own timeout ends it
  if (fault.mode === 'malformed') {
    const text = '{"results":[{"reference":"';
    response.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(text);
    return;
  }
  if (fault.status === 401) {
    sendError(response, 401, 'UNAUTHORIZED', 'The API key is not valid.', {
      'www-authenticate': 'Bearer realm="wms", error="invalid_token"',
    });
  } else if (fault.status === 429) {
    sendError(response, 429, 'RATE_LIMITED', 'Too many requests; retry in 1 s.', {
      'retry-after': '1',
      'x-ratelimit-remaining': '0',
    });
  } else {
    sendError(response, fault.status, 'INTERNAL', FAULT_MESSAGES[fault.status] ?? 'The warehouse failed.');
  }
}
