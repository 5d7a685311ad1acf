import { memoryRecorder } from '../transport/transaction-record';
import type { ChannelConnector, ConnectionInfo } from '../connector';
import { createChannelHttp } from '../transport/channel-http';
import { unlimitedBudget } from '../transport/rate-budget';
import { createMiraklConnector, type MiraklConnectorOptions } from '../providers/mirakl/mirakl.connector';
import {
  startMiraklSimulator,
  type MiraklSimulator,
  type MiraklSimulatorOptions,
} from '../providers/mirakl/simulator';

export const TEST_KEY = 'mirakl-test-key-5f2c9a';

/** A Mirakl retailer channel pointed at the simulator. */
export function connectionTo(
  simulator: MiraklSimulator,
  settings: Record<string, unknown> = {},
  credentials: Record<string, string> = { api_key: TEST_KEY },
): ConnectionInfo {
  return {
    id: 7,
    uuid: '00000000-0000-4000-8000-000000000007',
    companyId: 1,
    storeId: 1,
    kind: 'channel',
    type: 'mirakl-decathlon',
    name: 'Decathlon',
    apiVersion: null,
    settings: { shop_url: simulator.url, order_statuses: ['SHIPPING'], ...settings },
    credentials,
    tokenExpiresAt: null,
  };
}

/**
 * The connector over our real transport (records kept in memory). No budget limits here: these
 * tests exercise the simulator's own limits (its 429 + Retry-After), which the transport obeys.
 */
export function connectorFor(
  connection: ConnectionInfo,
  options: MiraklConnectorOptions = {},
  transport: { timeoutMs?: number } = {},
): { connector: ChannelConnector; records: ReturnType<typeof memoryRecorder>['records'] } {
  const recorder = memoryRecorder();
  const http = createChannelHttp({
    connection: { id: connection.id, companyId: 1, storeId: 1, kind: 'channel', provider: 'Decathlon' },
    jobType: 'get_orders',
    limits: {},
    budget: unlimitedBudget,
    recorder,
    checkTarget: async () => null,
    secrets: Object.values(connection.credentials),
    timeoutMs: transport.timeoutMs,
  });
  return { connector: createMiraklConnector({ connection, http }, options), records: recorder.records };
}

export function startSimulator(options: MiraklSimulatorOptions = {}): Promise<MiraklSimulator> {
  return startMiraklSimulator({ apiKey: TEST_KEY, ...options });
}

/** Every page of one download. */
export async function downloadAll(
  connector: ChannelConnector,
  since: Date | null,
  onPage?: (index: number) => void,
) {
  const pages: Awaited<ReturnType<NonNullable<ChannelConnector['listOrders']>>>[] = [];
  let cursor: string | null = null;
  do {
    const page = await connector.listOrders!(since, cursor);
    pages.push(page);
    onPage?.(pages.length);
    cursor = page.next;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

/** Polls until `check` holds; no fixed sleeps that assume speed. */
export async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The error a promise rejects with (the test fails when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
