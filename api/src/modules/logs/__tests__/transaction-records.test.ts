import {
  LOG_STATUS,
  type DashboardDto,
  type LogCreatedEvent,
  type TransactionRecordDto,
} from '@syncdesk/contracts';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { connected, nextEvent, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import type { TransactionRecordInput } from '@syncdesk/integrations';

/**
 * The transaction records calls and the dashboard over HTTP on MySQL, with records written by the
 * real recorder. The process runs as `api` (no worker), so a retried operation stays queued where
 * the test can read it.
 */

const STATUS = {
  success: LOG_STATUS.byKey('success').value,
  warning: LOG_STATUS.byKey('warning').value,
  failed: LOG_STATUS.byKey('failed').value,
};
const MINUTE = 60_000;

describe('transaction records and dashboard (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let ownerToken: string;
  let betaToken: string;
  let storeId: number;
  let channelId: number;
  let pluginId: number;
  let otherChannelId: number;
  const base = () => `/logs/stores/${storeId}/channels/${channelId}/logs`;

  async function call<T = unknown>(method: string, path: string, token = ownerToken, body?: unknown) {
    const response = await server.request(method, `/api${path}`, { token, body });
    const text = await response.text();
    return { status: response.status, text, body: (text ? JSON.parse(text) : null) as T };
  }

  const input = (overrides: Partial<TransactionRecordInput>): TransactionRecordInput => ({
    companyId: alpha.company.id,
    storeId,
    channelId,
    kind: 'channel',
    type: 'get_orders',
    method: 'GET',
    url: 'https://alpha-shop.example.test/admin/api/2024-04/orders.json',
    status: STATUS.success,
    httpStatus: 200,
    responseTimeMs: 100,
    attempts: 1,
    message: 'shopify answered 200',
    requestBody: null,
    responseBody: '{"orders":[]}',
    waitingRequests: 0,
    createdAt: new Date(),
    ...overrides,
  });

  async function record(...entries: Partial<TransactionRecordInput>[]) {
    for (const entry of entries) server.services.transactionRecords.recorder.record(input(entry));
    await server.services.transactionRecords.recorder.flush();
  }

  async function idOf(message: string): Promise<number> {
    const found = await server.services.models.TransactionRecord.findOne({ where: { message } });
    if (!found) throw new Error(`no record "${message}"`);
    return found.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'logs');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    ownerToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    const store = alpha.stores[0]!;
    storeId = store.id;
    channelId = (await insertChannelRow(server.services, store, { name: 'Alpha Shopify' })).id;
    otherChannelId = (
      await insertChannelRow(server.services, store, { name: 'Alpha Mirakl', type: 'mirakl-decathlon' })
    ).id;
    pluginId = (
      await insertChannelRow(server.services, store, {
        name: 'Alpha WMS',
        kind: 'plugin',
        type: 'shipstation',
      })
    ).id;

    const now = Date.now();
    // 24 successful downloads, one a minute, newest last.
    await record(
      ...Array.from({ length: 24 }, (_, index) => ({
        message: `download ${index}`,
        responseTimeMs: 100 + index,
        createdAt: new Date(now - (60 - index) * MINUTE),
      })),
    );
    await record(
      {
        message: 'fulfilment refused',
        type: 'submit_fulfillment',
        method: 'POST',
        url: 'https://alpha-shop.example.test/admin/api/2024-04/fulfillments.json',
        status: STATUS.failed,
        httpStatus: 422,
        requestBody: '{"fulfillment":{"tracking_info":{"number":"1Z999"}},"access_token":"[REDACTED]"}',
        responseBody: '{"errors":["The fulfillment order is not in an open state."]}',
        operation: { job: 'channels.submit_fulfillment', data: { channelId, orderFulfillmentIds: [7] } },
        createdAt: new Date(now - 10 * MINUTE),
      },
      {
        message: 'orders with a customer',
        responseBody: JSON.stringify({
          orders: [
            { id: 1, email: 'jane.doe@example.com', customer: { first_name: 'Jane', last_name: 'Doe' } },
          ],
        }),
        createdAt: new Date(now - 9 * MINUTE),
      },
      {
        message: 'stock push failed',
        type: 'submit_inventory',
        method: 'POST',
        status: STATUS.failed,
        httpStatus: 503,
        operation: { job: 'channels.submit_inventory', data: { channelId } },
        createdAt: new Date(now - 8 * MINUTE),
      },
      {
        message: 'no operation to repeat',
        status: STATUS.failed,
        httpStatus: 500,
        createdAt: new Date(now - 7 * MINUTE),
      },
      {
        message: 'mirakl refused',
        channelId: otherChannelId,
        status: STATUS.failed,
        httpStatus: 400,
        responseBody: '{"message":"Order is not waiting acceptance","code":"ORDER_INVALID_STATE"}',
        createdAt: new Date(now - 6 * MINUTE),
      },
      {
        message: 'plugin refused',
        channelId: pluginId,
        kind: 'plugin',
        type: 'sync_orders',
        status: STATUS.failed,
        httpStatus: 401,
        responseBody: '{"error":{"code":"UNAUTHORIZED","message":"Bad key"}}',
        createdAt: new Date(now - 5 * MINUTE),
      },
      {
        message: 'api call',
        channelId: null,
        kind: 'api',
        type: 'other',
        status: STATUS.success,
        responseBody: '{"email":"someone@example.com"}',
        createdAt: new Date(now - 4 * MINUTE),
      },
    );
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('lists a channel’s records newest first, paged, with meta.total', async () => {
    const page = await call<{ data: TransactionRecordDto[]; meta: { total: number } }>(
      'GET',
      `${base()}?per_page=10`,
    );
    expect(page.status).toBe(200);
    // 24 downloads, the fulfilment, the customer orders, the stock push, the one without operation.
    expect(page.body.meta.total).toBe(28);
    expect(page.body.data).toHaveLength(10);
    expect(page.body.data[0]).toMatchObject({
      message: 'no operation to repeat',
      channel_id: channelId,
      channel_name: 'Alpha Shopify',
      kind: 'channel',
      status: STATUS.failed,
      retryable: false,
      ignored: false,
    });
    expect(page.body.data[0]).not.toHaveProperty('request');
    const dates = page.body.data.map((row) => row.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const third = await call<{ data: TransactionRecordDto[] }>('GET', `${base()}?per_page=10&page=3`);
    expect(third.body.data).toHaveLength(8);
  });

  it('filters by status and type, searches message and url, sorts and takes a date range', async () => {
    const failed = await call<{ data: TransactionRecordDto[]; meta: { total: number } }>(
      'GET',
      `${base()}?status[eq]=${STATUS.failed}`,
    );
    expect(failed.body.data.map((row) => row.message)).toEqual([
      'no operation to repeat',
      'stock push failed',
      'fulfilment refused',
    ]);
    const typed = await call<{ meta: { total: number } }>(
      'GET',
      `${base()}?type[in]=submit_inventory,submit_fulfillment`,
    );
    expect(typed.body.meta.total).toBe(2);
    const searched = await call<{ data: TransactionRecordDto[] }>(
      'GET',
      `${base()}?search=fulfillments.json`,
    );
    expect(searched.body.data.map((row) => row.message)).toEqual(['fulfilment refused']);
    const sorted = await call<{ data: TransactionRecordDto[] }>(
      'GET',
      `${base()}?sort_by=response_time&sort_direction=desc&per_page=1&type[eq]=get_orders`,
    );
    expect(sorted.body.data[0]!.response_time).toBe(123);

    const start = new Date(Date.now() - 11 * MINUTE).toISOString().slice(0, 19).replace('T', ' ');
    const end = new Date(Date.now() + MINUTE).toISOString().slice(0, 19).replace('T', ' ');
    const ranged = await call<{ meta: { total: number } }>(
      'GET',
      `${base()}?date[startDate]=${encodeURIComponent(start)}&date[endDate]=${encodeURIComponent(end)}`,
    );
    expect(ranged.body.meta.total).toBe(4);

    const wrong = await call('GET', `${base()}?sort_by=password`);
    expect(wrong.status).toBe(422);
  });

  it('shows a record and its content with the stored redaction intact', async () => {
    const id = await idOf('fulfilment refused');
    const shown = await call<{ data: TransactionRecordDto }>('GET', `${base()}/${id}`);
    expect(shown.body.data).toMatchObject({
      id,
      type: 'submit_fulfillment',
      method: 'POST',
      http_status: 422,
      retryable: true,
      retry_of_id: null,
      retried_by_id: null,
    });
    const content = await call<{ data: { request: string; response: string } }>(
      'GET',
      `${base()}/${id}/content`,
    );
    expect(content.body.data.request).toContain('"access_token":"[REDACTED]"');
    expect(content.body.data.response).toBe('{"errors":["The fulfillment order is not in an open state."]}');
  });

  it('masks personal data inside content for a data-protection role only', async () => {
    const id = await idOf('orders with a customer');
    const owner = await call<{ data: { response: string } }>('GET', `${base()}/${id}/content`);
    expect(owner.body.data.response).toContain('jane.doe@example.com');
    const protectedMember = await alpha.memberWithToken(['logs.read', 'data_protection']);
    const masked = await call<{ data: { response: string } }>(
      'GET',
      `${base()}/${id}/content`,
      protectedMember.token,
    );
    expect(masked.status).toBe(200);
    expect(masked.body.data.response).not.toMatch(/jane\.doe@example\.com|Jane|Doe/);
    expect(masked.body.data.response).toContain('j*******@example.com');
  });

  it('explains a failed record per provider, and a successful one as nothing to do', async () => {
    const shopify = await call<{ data: Record<string, unknown> }>(
      'GET',
      `${base()}/${await idOf('fulfilment refused')}/aiInterpreter`,
    );
    expect(shopify.body.data).toMatchObject({ action: 'order_state', rephrased: false });
    expect(shopify.body.data.cause).toContain('The fulfillment order is not in an open state.');

    const mirakl = await call<{ data: Record<string, unknown> }>(
      'GET',
      `/logs/stores/${storeId}/channels/${otherChannelId}/logs/${await idOf('mirakl refused')}/aiInterpreter`,
    );
    expect(mirakl.body.data.action).toBe('order_state');

    const plugin = await call<{ data: Record<string, unknown> }>(
      'GET',
      `/logs/stores/${storeId}/plugins/${pluginId}/logs/${await idOf('plugin refused')}/aiInterpreter`,
    );
    expect(plugin.body.data).toMatchObject({ action: 'settings', cause: expect.stringContaining('Bad key') });

    const fine = await call<{ data: Record<string, unknown> }>(
      'GET',
      `${base()}/${await idOf('download 0')}/aiInterpreter`,
    );
    expect(fine.body.data.action).toBe('none');
  });

  it('retry queues the operation with retryOfLogId, and the new record links back', async () => {
    const failedId = await idOf('stock push failed');
    const others = [
      await idOf('no operation to repeat'),
      await idOf('download 1'),
      await idOf('mirakl refused'),
    ];
    const retried = await call<{ data: { updated: number; skipped: number } }>(
      'PUT',
      `${base()}/retry`,
      ownerToken,
      {
        log_ids: [failedId, ...others],
      },
    );
    expect(retried.status).toBe(200);
    // Not failed, no operation, or another channel's record: left alone.
    expect(retried.body.data).toEqual({ updated: 1, skipped: 3 });
    const { jobs } = await server.agenda.queryJobs({ name: 'channels.submit_inventory' });
    expect(jobs.map((job) => job.data)).toContainEqual({ channelId, retryOfLogId: failedId });

    // Clicked again before the retry made its first call: nothing more is queued.
    const twice = await call<{ data: { updated: number } }>('PUT', `${base()}/retry`, ownerToken, {
      log_ids: [failedId],
    });
    expect(twice.body.data).toEqual({ updated: 0, skipped: 1 });
    const after = await server.agenda.queryJobs({ name: 'channels.submit_inventory' });
    expect(
      after.jobs.filter((job) => (job.data as { retryOfLogId?: number }).retryOfLogId === failedId),
    ).toHaveLength(1);

    // What the worker's transport records for the retried job.
    await record({ message: 'stock push retried', type: 'submit_inventory', retryOfId: failedId });
    const shown = await call<{ data: TransactionRecordDto }>('GET', `${base()}/${failedId}`);
    expect(shown.body.data).toMatchObject({
      retried_by_id: await idOf('stock push retried'),
      retryable: false,
    });
    const again = await call<{ data: { updated: number } }>('PUT', `${base()}/retry`, ownerToken, {
      log_ids: [failedId],
    });
    expect(again.body.data).toEqual({ updated: 0, skipped: 1 });

    const invalid = await call('PUT', `${base()}/retry`, ownerToken, { log_ids: [] });
    expect(invalid.status).toBe(422);
  });

  it('the dashboard counts failures, ignore takes them out, and dashboard/logs lists them', async () => {
    const before = await call<{ data: DashboardDto }>('GET', '/dashboard');
    expect(before.status).toBe(200);
    // Failed and not retried: the fulfilment, the one without operation, Mirakl's, the plugin's.
    expect(before.body.data.failed_records_24h).toBe(4);
    expect(before.body.data.failing_connections).toEqual([
      { channel_id: channelId, channel_name: 'Alpha Shopify', store_id: storeId, kind: 'channel', failed: 2 },
      {
        channel_id: otherChannelId,
        channel_name: 'Alpha Mirakl',
        store_id: storeId,
        kind: 'channel',
        failed: 1,
      },
      { channel_id: pluginId, channel_name: 'Alpha WMS', store_id: storeId, kind: 'plugin', failed: 1 },
    ]);
    expect(before.body.data).toHaveProperty('worst_lag');

    const list = await call<{ data: TransactionRecordDto[]; meta: { total: number } }>(
      'GET',
      '/dashboard/logs',
    );
    expect(list.body.meta.total).toBe(4);
    expect(list.body.data.map((row) => row.message)).toEqual([
      'plugin refused',
      'mirakl refused',
      'no operation to repeat',
      'fulfilment refused',
    ]);
    expect(list.body.data[0]!.channel_name).toBe('Alpha WMS');
    const count = await call('GET', '/dashboard/logs?totalCount=1');
    expect(count.body).toEqual({ data: { total: 4 } });

    const fulfilment = await idOf('fulfilment refused');
    const ignored = await call<{ data: { updated: number; skipped: number } }>(
      'PUT',
      `${base()}/ignore`,
      ownerToken,
      {
        log_ids: [fulfilment, await idOf('mirakl refused')],
      },
    );
    expect(ignored.body.data).toEqual({ updated: 1, skipped: 1 });
    const shown = await call<{ data: TransactionRecordDto }>('GET', `${base()}/${fulfilment}`);
    expect(shown.body.data.ignored).toBe(true);
    expect((await call('GET', '/dashboard/logs?totalCount=1')).body).toEqual({ data: { total: 3 } });
    expect((await call<{ data: DashboardDto }>('GET', '/dashboard')).body.data.failed_records_24h).toBe(3);
    const twice = await call('PUT', `${base()}/ignore`, ownerToken, { log_ids: [fulfilment] });
    expect(twice.body).toEqual({ data: { updated: 0, skipped: 1 } });

    // Another company sees nothing of it.
    expect((await call('GET', '/dashboard/logs?totalCount=1', betaToken)).body).toEqual({
      data: { total: 0 },
    });
    expect((await call<{ data: DashboardDto }>('GET', '/dashboard', betaToken)).body.data).toMatchObject({
      failed_records_24h: 0,
      failing_connections: [],
    });
  });

  it('api records belong to the company', async () => {
    const mine = await call<{ data: TransactionRecordDto[] }>('GET', '/logs/apiLogs');
    expect(mine.body.data.map((row) => row.message)).toEqual(['api call']);
    const id = mine.body.data[0]!.id;
    expect(
      (await call<{ data: { response: string } }>('GET', `/logs/apiLogs/${id}/content`)).body.data.response,
    ).toBe('{"email":"someone@example.com"}');
    expect((await call<{ data: unknown[] }>('GET', '/logs/apiLogs', betaToken)).body.data).toEqual([]);
    expect((await call('GET', `/logs/apiLogs/${id}/content`, betaToken)).status).toBe(404);
  });

  it('a call an integration makes with an API token on a store becomes an api record', async () => {
    const created = await call<{ data: { token: string } }>('POST', '/userTokens', ownerToken, {
      name: 'Warehouse integration',
    });
    const apiToken = created.body.data.token;
    expect((await call('GET', `/products/${storeId}`, apiToken)).status).toBe(200);
    // Another company's store answers 404 and is not recorded for the caller.
    const betaStore = beta.stores[0]!.id;
    expect((await call('GET', `/products/${betaStore}`, apiToken)).status).toBe(404);
    // A signed-in person's own calls are not recorded.
    await call('GET', `/products/${storeId}`, ownerToken);

    let messages: string[] = [];
    for (
      let tries = 0;
      tries < 100 && !messages.includes(`GET /api/products/${storeId} answered 200`);
      tries++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const listed = await call<{ data: TransactionRecordDto[] }>('GET', '/logs/apiLogs');
      messages = listed.body.data.map((row) => row.message);
    }
    expect(messages.filter((message) => message.startsWith('GET /api/products/'))).toEqual([
      `GET /api/products/${storeId} answered 200`,
    ]);
  });

  it('answers 404 for another company’s ids or a record of another connection, 403 without the permission', async () => {
    const id = await idOf('fulfilment refused');
    expect((await call('GET', `${base()}/${id}`, betaToken)).status).toBe(404);
    expect((await call('GET', `${base()}/${id}/content`, betaToken)).status).toBe(404);
    expect((await call('PUT', `${base()}/ignore`, betaToken, { log_ids: [id] })).status).toBe(404);
    // The record is the Shopify channel's: not reachable through the Mirakl channel or as a plugin.
    expect((await call('GET', `/logs/stores/${storeId}/channels/${otherChannelId}/logs/${id}`)).status).toBe(
      404,
    );
    expect((await call('GET', `/logs/stores/${storeId}/plugins/${channelId}/logs`)).status).toBe(404);

    const reader = await alpha.memberWithToken(['channels.read']);
    expect((await call('GET', base(), reader.token)).status).toBe(403);
    const logReader = await alpha.memberWithToken(['logs.read']);
    expect((await call('GET', base(), logReader.token)).status).toBe(200);
    expect((await call('PUT', `${base()}/ignore`, logReader.token, { log_ids: [id] })).status).toBe(403);
    expect((await call('GET', '/dashboard', logReader.token)).status).toBe(403);
  });

  it('pushes log:created live to whoever watches the store', async () => {
    const socket = server.connect(ownerToken);
    await connected(socket);
    const event = nextEvent<LogCreatedEvent>(socket, 'log:created', 15_000);
    await record({ message: 'live one', channelId: pluginId, kind: 'plugin', type: 'sync_orders' });
    expect(await event).toEqual({ logId: await idOf('live one'), storeId, pluginId });
  });
});

describe('transaction records and dashboard (sqlite smoke)', () => {
  let database: TestDatabase;
  let server: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'logs');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('lists, counts, explains and ignores', async () => {
    const alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Main'] });
    const token = await alpha.tokenFor(alpha.owner);
    const store = alpha.stores[0]!;
    const channel = await insertChannelRow(server.services, store, { name: 'Shop' });
    const { recorder } = server.services.transactionRecords;
    for (const [index, status] of [STATUS.success, STATUS.failed, STATUS.failed].entries()) {
      recorder.record({
        companyId: alpha.company.id,
        storeId: store.id,
        channelId: channel.id,
        kind: 'channel',
        type: 'get_orders',
        method: 'GET',
        url: `https://shop.example.test/orders.json?page=${index}`,
        status,
        httpStatus: status === STATUS.failed ? 429 : 200,
        responseTimeMs: 5,
        attempts: 3,
        message: `call ${index}`,
        requestBody: null,
        responseBody: null,
        waitingRequests: 2,
        createdAt: new Date(Date.now() - (3 - index) * MINUTE),
      });
    }
    await recorder.flush();
    const get = async (path: string) => (await server.request('GET', `/api${path}`, { token })).json();
    const base = `/logs/stores/${store.id}/channels/${channel.id}/logs`;

    const page = (await get(`${base}?status[eq]=${STATUS.failed}&search=PAGE`)) as {
      data: TransactionRecordDto[];
      meta: { total: number };
    };
    expect(page.meta.total).toBe(2);
    expect(page.data[0]).toMatchObject({ message: 'call 2', attempts: 3, waiting_request_count: 2 });
    expect(
      ((await get(`${base}/${page.data[0]!.id}/aiInterpreter`)) as { data: { action: string } }).data.action,
    ).toBe('wait');
    expect(await get('/dashboard/logs?totalCount=1')).toEqual({ data: { total: 2 } });
    expect(((await get('/dashboard')) as { data: DashboardDto }).data.failing_connections).toEqual([
      { channel_id: channel.id, channel_name: 'Shop', store_id: store.id, kind: 'channel', failed: 2 },
    ]);

    const ignored = await server.request('PUT', `/api${base}/ignore`, {
      token,
      body: { log_ids: page.data.map((row) => row.id) },
    });
    expect(await ignored.json()).toEqual({ data: { updated: 2, skipped: 0 } });
    expect(await get('/dashboard/logs?totalCount=1')).toEqual({ data: { total: 0 } });
  });
});
