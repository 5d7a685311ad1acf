import { act, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '@syncdesk/web-kit';
import type { DashboardDto, TransactionRecordDto } from '@syncdesk/contracts';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';
import { installBroadcastChannel } from './support/broadcastChannelPolyfill';
import { stubFetch, type FakeRoutes } from './support/fakeApi';
import { NO_BANNER_ACCOUNT, sessionUser } from './support/fixtures';
import { renderShell } from './support/renderShell';
import { worstLagSentence } from '../pages/DashboardPage';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  registerRemotes: jest.fn(),
}));
jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

installBroadcastChannel();

const LAG = {
  channel_id: 5,
  channel_name: 'Acme Shopify',
  is_active: true,
  consecutive_errors: 2,
  failing_since: '2026-11-23T10:00:00Z',
  last_error: 'Throttled',
  last_success_at: '2026-11-23T13:59:00Z',
  next_run_at: '2026-11-23T14:05:00Z',
  orders_watermark: '2026-11-23T13:58:00Z',
  lag_seconds: 180,
  pending_stock_pushes: 2,
  pending_fulfilments: 0,
};

const SUMMARY: DashboardDto = {
  failed_records_24h: 7,
  failing_connections: [
    { channel_id: 5, channel_name: 'Acme Shopify', store_id: 1, kind: 'channel', failed: 5 },
    { channel_id: 9, channel_name: 'Warehouse', store_id: 1, kind: 'plugin', failed: 2 },
  ],
  worst_lag: LAG,
};

function failedRecord(overrides: Partial<TransactionRecordDto> = {}): TransactionRecordDto {
  return {
    id: 900,
    store_id: 1,
    channel_id: 5,
    channel_name: 'Acme Shopify',
    kind: 'channel',
    type: 'submit_inventory',
    method: 'POST',
    url: 'https://acme.myshopify.com/admin/api/2025-07/inventory_levels/set.json',
    status: 4,
    http_status: 429,
    response_time: 120,
    attempts: 3,
    message: 'Rate limit reached, retried 3 times',
    waiting_request_count: 4,
    retry_of_id: null,
    retried_by_id: null,
    retried_by_status: null,
    handling: 'open',
    retryable: true,
    ignored: false,
    date: '2026-11-23T14:03:05Z',
    ...overrides,
  };
}

const list = (rows: TransactionRecordDto[]) => ({
  status: 200,
  body: { data: rows, meta: { total: rows.length } },
});

function api(routes: FakeRoutes) {
  return stubFetch({
    'GET /api/accounts-system/company': { status: 200, body: { data: NO_BANNER_ACCOUNT } },
    'GET /api/companies': { status: 200, body: { data: [], meta: { total: 0 } } },
    ...routes,
  });
}

beforeEach(() => {
  localStorage.clear();
  act(() => useSessionStore.getState().reset());
});

describe('Dashboard', () => {
  it('shows the failures of the last 24 hours, the failing connections, the worst sync lag and the failed records', async () => {
    api({
      'GET /api/dashboard': { status: 200, body: { data: SUMMARY } },
      'GET /api/dashboard/logs': list([failedRecord()]),
    });
    await renderShell('/', { token: 't', user: sessionUser() });

    expect(await screen.findByText('Failed in the last 24 hours')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    const failing = screen.getByLabelText('Failing connections');
    expect(within(failing).getByText('Acme Shopify')).toHaveAttribute(
      'href',
      '/transactionRecords/stores/1/channels/5',
    );
    expect(within(failing).getByText('Warehouse')).toHaveAttribute(
      'href',
      '/transactionRecords/stores/1/plugins/9',
    );
    expect(within(failing).getByText('5 failed calls')).toBeInTheDocument();

    expect(screen.getByText('Acme Shopify is 3 min behind: 2 stock pushes waiting')).toBeInTheDocument();

    const date = await screen.findByText('23 Nov 2026 14:03:05 UTC');
    expect(date).toHaveAttribute('href', '/transactionRecords/stores/1/channels/5/transactionRecords/900');
    const row = date.closest('tr') as HTMLElement;
    expect(within(row).getByText('Rate limit reached, retried 3 times')).toBeInTheDocument();
    expect(within(row).getByText('Submit inventory')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed transaction records (1)')).toBeInTheDocument();
  });

  it('shows a new failure as soon as the server announces a record', async () => {
    let rows = [failedRecord()];
    let summary = SUMMARY;
    const requests = api({
      'GET /api/dashboard': () => ({ status: 200, body: { data: summary } }),
      'GET /api/dashboard/logs': () => list(rows),
    });
    await renderShell('/', { token: 't', user: sessionUser() });
    expect(await screen.findByText('Rate limit reached, retried 3 times')).toBeInTheDocument();
    await waitFor(() => expect(listenerCount('log:created')).toBeGreaterThan(0));

    rows = [
      failedRecord({ id: 901, message: 'Order 1001 is already fulfilled', type: 'submit_fulfillment' }),
      ...rows,
    ];
    summary = { ...SUMMARY, failed_records_24h: 8 };
    act(() => serverEmits('log:created', { logId: 901, storeId: 1, channelId: 5 }));

    expect(
      await screen.findByText('Order 1001 is already fulfilled', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('8')).toBeInTheDocument();
    expect(screen.getByText('Failed transaction records (2)')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/dashboard/logs')).toHaveLength(2);
  });

  it('drops a failure retried or ignored elsewhere as soon as the server says the connection changed', async () => {
    let rows = [failedRecord()];
    let summary = SUMMARY;
    api({
      'GET /api/dashboard': () => ({ status: 200, body: { data: summary } }),
      'GET /api/dashboard/logs': () => list(rows),
    });
    await renderShell('/', { token: 't', user: sessionUser() });
    expect(await screen.findByText('Rate limit reached, retried 3 times')).toBeInTheDocument();
    await waitFor(() => expect(listenerCount('sync:changed')).toBeGreaterThan(0));

    // A retry queued (or an ignore) takes the record out of the failures; the api says `sync:changed`.
    rows = [];
    summary = { ...SUMMARY, failed_records_24h: 0, failing_connections: [] };
    act(() => serverEmits('sync:changed', { storeId: 1, channelId: 5 }));
    await waitFor(() => expect(screen.queryByText('Rate limit reached, retried 3 times')).toBeNull(), {
      timeout: 5000,
    });
  });

  it('says when nothing failed and every channel is up to date', async () => {
    api({
      'GET /api/dashboard': {
        status: 200,
        body: { data: { failed_records_24h: 0, failing_connections: [], worst_lag: null } },
      },
      'GET /api/dashboard/logs': list([]),
    });
    await renderShell('/', { token: 't', user: sessionUser() });
    expect(await screen.findByText('Every channel is up to date.')).toBeInTheDocument();
    expect(screen.getByText('None: every connection worked in the last 24 hours.')).toBeInTheDocument();
    expect(
      await screen.findByText('No failed transaction records. Every channel and plugin call worked.'),
    ).toBeInTheDocument();
  });

  it('says so when its figures cannot be read, without a notice', async () => {
    api({});
    await renderShell('/', { token: 't', user: sessionUser() });
    expect(await screen.findByText("The dashboard's figures could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Not Found')).toBeNull();
  });

  it('asks nothing of the server for a role without the dashboard', async () => {
    const requests = api({});
    await renderShell('/', {
      token: 't',
      user: sessionUser({ scope: ['orders.read'] }),
    });
    expect(
      screen.getByText(
        'Your role does not include the dashboard. Ask an administrator for the view dashboard permission.',
      ),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/api/dashboard'))).toBe(false);
  });
});

describe('Worst sync lag in words', () => {
  it('names the channel, how far behind it is and what waits', () => {
    expect(worstLagSentence(LAG)).toBe('Acme Shopify is 3 min behind: 2 stock pushes waiting');
    expect(
      worstLagSentence({ ...LAG, lag_seconds: 0, pending_fulfilments: 1, pending_stock_pushes: 0 }),
    ).toBe('Acme Shopify: 1 fulfilment waiting');
  });
});
