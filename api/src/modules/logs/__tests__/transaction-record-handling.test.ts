import {
  LOG_STATUS,
  type DashboardDto,
  type SyncChangedEvent,
  type TransactionRecordDto,
} from '@syncdesk/contracts';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { connected, nextEvent, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import type { TransactionRecordInput } from '@syncdesk/integrations';

/**
 * What retry and ignore do to a failed record as the seller sees it: out of the failures (the
 * "Failed" filter and the dashboard) at the click, told live, shown as retried or ignored, and a
 * retry linked both ways with how it went. The process runs as `api` (no worker), so the test
 * writes the retry's record the way the worker's transport would.
 */
describe.each(TEST_DIALECTS)('a failed record retried or ignored (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let token: string;
  let storeId: number;
  let channelId: number;
  const base = () => `/logs/stores/${storeId}/channels/${channelId}/logs`;
  const FAILED = LOG_STATUS.byKey('failed').value;
  const SUCCESS = LOG_STATUS.byKey('success').value;

  async function call<T = unknown>(method: string, path: string, body?: unknown) {
    const response = await server.request(method, `/api${path}`, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const list = async (query: string) =>
    (await call<{ data: TransactionRecordDto[] }>('GET', `${base()}?${query}`)).body.data.map(
      (row) => row.message,
    );
  const shown = async (id: number) =>
    (await call<{ data: TransactionRecordDto }>('GET', `${base()}/${id}`)).body.data;
  const failuresOnDashboard = async () =>
    (await call<{ data: DashboardDto }>('GET', '/dashboard')).body.data.failed_records_24h;

  async function record(message: string, overrides: Partial<TransactionRecordInput> = {}) {
    const { recorder } = server.services.transactionRecords;
    recorder.record({
      companyId: alpha.company.id,
      storeId,
      channelId,
      kind: 'channel',
      type: 'submit_inventory',
      method: 'POST',
      url: 'https://alpha-shop.example.test/admin/api/2024-04/inventory_levels/set.json',
      status: FAILED,
      httpStatus: 503,
      responseTimeMs: 40,
      attempts: 3,
      message,
      requestBody: null,
      responseBody: null,
      waitingRequests: 0,
      operation: { job: 'channels.submit_inventory', data: { channelId } },
      createdAt: new Date(),
      ...overrides,
    });
    await recorder.flush();
    const found = await server.services.models.TransactionRecord.findOne({ where: { message } });
    return found!.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'record_handling');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main'] });
    token = await alpha.tokenFor(alpha.owner);
    storeId = alpha.stores[0]!.id;
    channelId = (await insertChannelRow(server.services, alpha.stores[0]!, { name: 'Alpha Shopify' })).id;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('a retried failure leaves the failures at the click, live, and links both ways to its new attempt', async () => {
    const failedId = await record('stock push failed');
    await record('stock push fine', { status: SUCCESS, httpStatus: 200, operation: null });
    expect(await list('state[eq]=failed')).toEqual(['stock push failed']);
    expect(await failuresOnDashboard()).toBe(1);

    const socket = server.connect(token);
    await connected(socket);
    const told = nextEvent<SyncChangedEvent>(socket, 'sync:changed', 15_000);
    const retried = await call<{ data: { updated: number } }>('PUT', `${base()}/retry`, {
      log_ids: [failedId],
    });
    expect(retried.body.data.updated).toBe(1);
    // The dashboard refetches on it.
    expect(await told).toEqual({ storeId, channelId });
    socket.disconnect();

    expect(await shown(failedId)).toMatchObject({ handling: 'retry_queued', retryable: false });
    expect(await list('state[eq]=failed')).toEqual([]);
    expect(await list('state[eq]=retried')).toEqual(['stock push failed']);
    expect(await failuresOnDashboard()).toBe(0);
    // The plain status filter still answers by status alone (the spec's list convention).
    expect(await list(`status[eq]=${FAILED}`)).toEqual(['stock push failed']);

    // The worker's retry records its call, naming the record it retries; it failed again.
    const retryId = await record('stock push failed again', { retryOfId: failedId });
    expect(await shown(failedId)).toMatchObject({
      handling: 'retried',
      retried_by_id: retryId,
      retried_by_status: FAILED,
    });
    expect(await shown(retryId)).toMatchObject({ handling: 'open', retry_of_id: failedId, retryable: true });
    // The new attempt is the failure to act on now, once.
    expect(await list('state[eq]=failed')).toEqual(['stock push failed again']);
    expect(await failuresOnDashboard()).toBe(1);
  });

  it('an ignored failure shows as ignored, out of the failures, live; a record that did not fail is left alone', async () => {
    const failedId = await record('fulfilment refused', { type: 'submit_fulfillment' });
    const fineId = await record('orders fetched', { status: SUCCESS, httpStatus: 200, operation: null });
    const before = await failuresOnDashboard();

    const socket = server.connect(token);
    await connected(socket);
    const told = nextEvent<SyncChangedEvent>(socket, 'sync:changed', 15_000);
    const ignored = await call<{ data: { updated: number; skipped: number } }>('PUT', `${base()}/ignore`, {
      log_ids: [failedId, fineId],
    });
    expect(ignored.body.data).toEqual({ updated: 1, skipped: 1 });
    expect(await told).toEqual({ storeId, channelId });
    socket.disconnect();

    expect(await shown(failedId)).toMatchObject({ handling: 'ignored', ignored: true });
    expect(await shown(fineId)).toMatchObject({ handling: 'open', ignored: false });
    expect(await list('state[eq]=failed')).not.toContain('fulfilment refused');
    expect(await list('state[eq]=ignored')).toEqual(['fulfilment refused']);
    expect(await list('state[in]=failed,ignored')).toContain('fulfilment refused');
    expect(await list('state[eq]=success')).toContain('orders fetched');
    expect(await failuresOnDashboard()).toBe(before - 1);

    const wrong = await call<{ errors: Record<string, string[]> }>('GET', `${base()}?state[eq]=lost`);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.state![0]).toContain('failed');
  });
});
