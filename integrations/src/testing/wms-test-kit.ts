import type { NormalisedOrderInput } from '@syncdesk/contracts';
import { memoryRecorder } from '../transport/transaction-record';
import { createChannelHttp, type ChannelHttpOptions } from '../transport/channel-http';
import { unlimitedBudget } from '../transport/rate-budget';
import { ConnectorError, type PluginConnector, type PluginOrderPush } from '../connector';
import { createWmsConnector } from '../providers/wms/wms.connector';

export const TEST_KEY = 'wms-test-key-5f2c9a71';

/** The connector as a job would build it, over the real transport, with records kept in memory. */
export function wmsConnectorFor(
  url: string,
  options: { apiKey?: string; http?: Partial<ChannelHttpOptions> } = {},
): { connector: PluginConnector; recorder: ReturnType<typeof memoryRecorder> } {
  const recorder = memoryRecorder();
  const apiKey = options.apiKey ?? TEST_KEY;
  const http = createChannelHttp({
    connection: { id: 7, companyId: 1, storeId: 1, kind: 'plugin', provider: 'WMS (REST)' },
    jobType: 'sync_orders',
    limits: {},
    budget: unlimitedBudget,
    recorder,
    checkTarget: async () => null,
    secrets: [apiKey],
    timeoutMs: 10_000,
    ...options.http,
  });
  const connector = createWmsConnector({
    connection: {
      id: 7,
      uuid: '00000000-0000-4000-8000-000000000007',
      companyId: 1,
      storeId: 1,
      kind: 'plugin',
      type: 'wms',
      name: 'Warehouse',
      apiVersion: null,
      settings: { api_url: url, updates_interval: 60 },
      credentials: { api_key: apiKey },
      tokenExpiresAt: null,
    },
    http,
  });
  return { connector, recorder };
}

export function orderPush(
  reference: string,
  lines: { sku: string | null; quantity: number }[],
  address: NormalisedOrderInput['shipping_address'] = {
    name: 'Amelia Hart',
    line1: '4 Mill Road',
    city: 'Leeds',
    postcode: 'LS1 4DY',
    country: 'GB',
  },
): PluginOrderPush {
  return {
    reference,
    order: {
      remote_id: `remote-${reference}`,
      order_number: `#${reference}`,
      status: 'Unshipped',
      currency: 'GBP',
      total: '10.00',
      order_date: '2026-11-24T00:00:00Z',
      shipping_address: address,
      shipping_method: 'Standard',
      lines: lines.map((line) => ({ sku: line.sku, quantity: line.quantity })),
    },
  };
}

/** The ConnectorError a call fails with (the test fails if it succeeds or fails otherwise). */
export async function connectorErrorOf(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Polls until `check` holds; generous so a busy machine does not fail the test. */
export async function waitFor(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
