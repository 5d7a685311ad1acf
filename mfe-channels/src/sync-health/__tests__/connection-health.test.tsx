import { act, screen, waitFor, within } from '@testing-library/react';

import type { ConnectionSyncHealthDto } from '@syncdesk/contracts';
import { stubFetch } from '@syncdesk/web-kit/testing';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

import { renderPage } from '../../__tests__/render-page';
import { connection, MANAGER } from '../../connections/__tests__/connection-fixtures';
import { lagSentence, lagText } from '@syncdesk/web-kit';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const SYNC = '/stores/11/channels/5/sync';

function health(overrides: Partial<ConnectionSyncHealthDto> = {}): ConnectionSyncHealthDto {
  return {
    channel_id: 5,
    channel_name: 'Web shop',
    is_active: true,
    consecutive_errors: 0,
    failing_since: null,
    last_error: null,
    last_success_at: '2026-11-23T14:03:05Z',
    next_run_at: '2026-11-23T14:08:05Z',
    orders_watermark: '2026-11-23T14:02:00Z',
    lag_seconds: 0,
    pending_stock_pushes: 0,
    pending_fulfilments: 0,
    ...overrides,
  };
}

async function card(): Promise<HTMLElement> {
  return (await screen.findByText('Sync health')).closest('.ant-card') as HTMLElement;
}

describe('Channel sync health card', () => {
  it('shows a healthy channel: last successful sync, next run, orders watermark, up to date, and its records', async () => {
    stubFetch({
      'GET /stores/11/channels/5': { body: { data: connection({ is_active: true }) } },
      [`GET ${SYNC}`]: { body: { data: health() } },
    });
    renderPage('/stores/11/channels/5', MANAGER);
    const panel = await card();
    expect(await within(panel).findByText('OK')).toBeInTheDocument();
    expect(within(panel).getByText('23 Nov 2026 14:03:05 UTC')).toBeInTheDocument();
    expect(within(panel).getByText('23 Nov 2026 14:08:05 UTC')).toBeInTheDocument();
    expect(within(panel).getByText('23 Nov 2026 14:02:00 UTC')).toBeInTheDocument();
    expect(within(panel).getByText('Up to date')).toBeInTheDocument();
    expect(within(panel).getByText('Nothing')).toBeInTheDocument();
    expect(within(panel).getByText('Transaction records')).toHaveAttribute(
      'href',
      '/transactionRecords/stores/11/channels/5',
    );
  });

  it('shows since when a channel fails, with how many errors, its lag and what waits', async () => {
    stubFetch({
      'GET /stores/11/channels/5': { body: { data: connection({ is_active: true }) } },
      [`GET ${SYNC}`]: {
        body: {
          data: health({
            consecutive_errors: 4,
            failing_since: '2026-11-23T10:00:00Z',
            last_error: 'The access token was revoked.',
            lag_seconds: 185,
            pending_stock_pushes: 2,
            pending_fulfilments: 1,
            next_run_at: null,
          }),
        },
      },
    });
    renderPage('/stores/11/channels/5', MANAGER);
    const panel = await card();
    expect(
      await within(panel).findByText('Failing since 23 Nov 2026 10:00:00 UTC with 4 errors'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('The access token was revoked.')).toBeInTheDocument();
    expect(within(panel).getByText('3 min behind')).toBeInTheDocument();
    expect(within(panel).getByText('2 stock pushes waiting, 1 fulfilment waiting')).toBeInTheDocument();
    expect(within(panel).getByText('None scheduled')).toBeInTheDocument();
  });

  it('shows a deactivated channel as not syncing', async () => {
    stubFetch({
      'GET /stores/11/channels/5': { body: { data: connection() } },
      [`GET ${SYNC}`]: { body: { data: health({ is_active: false, last_success_at: null }) } },
    });
    renderPage('/stores/11/channels/5', MANAGER);
    const panel = await card();
    expect(await within(panel).findByText('Deactivated')).toBeInTheDocument();
    expect(within(panel).getByText('Not syncing. Activate the channel to sync again.')).toBeInTheDocument();
    expect(within(panel).getAllByText('Never')).toHaveLength(1);
  });

  it('follows the channel live when the server says its sync changed', async () => {
    let current = health();
    const api = stubFetch({
      'GET /stores/11/channels/5': { body: { data: connection({ is_active: true }) } },
      [`GET ${SYNC}`]: () => ({ body: { data: current } }),
    });
    renderPage('/stores/11/channels/5', MANAGER);
    const panel = await card();
    await within(panel).findByText('OK');
    await waitFor(() => expect(listenerCount('sync:changed')).toBeGreaterThan(0));

    current = health({ pending_stock_pushes: 1 });
    act(() => serverEmits('sync:changed', { storeId: 11, channelId: 5 }));
    expect(await within(panel).findByText('1 stock push waiting', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.calls('GET', SYNC)).toHaveLength(2);
  });

  it('says so when the health cannot be read, and leaves the page usable', async () => {
    stubFetch({
      'GET /stores/11/channels/5': { body: { data: connection({ is_active: true }) } },
      [`GET ${SYNC}`]: { status: 500, body: { message: 'Server error', error: 'internal' } },
    });
    renderPage('/stores/11/channels/5', MANAGER);
    expect(
      await screen.findByText('The sync health of this channel could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Server error')).toBeNull();
  });

  it('is not shown while a channel is being created', async () => {
    const api = stubFetch({});
    renderPage('/stores/11/channels/create/shopify', MANAGER);
    expect(await screen.findByText('Add Shopify', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.queryByText('Sync health')).toBeNull();
    expect(api.requests.some((request) => request.path.endsWith('/sync'))).toBe(false);
  });
});

describe('Sync lag in words', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(lagText(40)).toBe('40 s');
    expect(lagText(185)).toBe('3 min');
    expect(lagText(2 * 3600 + 5 * 60)).toBe('2 h 5 min');
    expect(lagText(3 * 86400)).toBe('3 days');
  });

  it('says how far behind a channel is and what waits', () => {
    expect(
      lagSentence(health({ channel_name: 'Acme Shopify', lag_seconds: 180, pending_stock_pushes: 2 })),
    ).toBe('Acme Shopify is 3 min behind: 2 stock pushes waiting');
    expect(lagSentence(health({ pending_fulfilments: 1 }))).toBe('Web shop: 1 fulfilment waiting');
    expect(lagSentence(health())).toBe('Web shop is up to date');
  });

  it('says when sends stopped with their worker and wait to be retried', () => {
    expect(lagSentence(health({ lag_seconds: 240, stuck_sends: 2, pending_fulfilments: 2 }))).toBe(
      'Web shop is 4 min behind: 2 sends interrupted, to be retried, 2 fulfilments waiting',
    );
    expect(lagSentence(health({ stuck_sends: 0 }))).toBe('Web shop is up to date');
  });
});
