import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch, type StubbedRequest } from '@syncdesk/web-kit/testing';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

import {
  buttonByText,
  choose,
  findHeading,
  findPopover,
  renderPage,
  sessionUser,
} from '../../__tests__/render-page';
import { CHANNEL } from '../../couriers/__tests__/channel-fixture';
import { concernsSource } from '../TransactionRecordTable';
import { changeTransactionRecords } from '../transaction-records.api';
import { LOGS, OPERATOR, READER, record, SUCCESSFUL } from './record-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const PAGE = '/transactionRecords/stores/11/channels/5';

async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

function tick(row: HTMLElement) {
  fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLInputElement);
}

const lastListQuery = (api: { calls(method: string, path: string): StubbedRequest[] }) => {
  const calls = api.calls('GET', LOGS);
  return calls[calls.length - 1]!.query;
};

describe('Transaction records list', () => {
  it("shows a channel's records: UTC date, type, method, url, status, response time, attempts, waiting requests and message", async () => {
    const api = stubFetch({
      'GET /stores/:storeId/channels/:channelId': { body: { data: CHANNEL } },
      [`GET ${LOGS}`]: listBody([record(), SUCCESSFUL]),
    });
    renderPage(PAGE, OPERATOR);
    expect(await findHeading('Transaction records')).toBeInTheDocument();
    expect(await screen.findByText('Acme Shopify')).toBeInTheDocument();

    const failed = await rowOf('Invalid API key or access token');
    expect(within(failed).getByText('23 Nov 2026 14:03:05 UTC')).toHaveAttribute(
      'href',
      '/transactionRecords/stores/11/channels/5/transactionRecords/900',
    );
    expect(within(failed).getByText('Submit inventory')).toBeInTheDocument();
    expect(within(failed).getByText('POST')).toBeInTheDocument();
    expect(within(failed).getByText(record().url)).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('182 ms')).toBeInTheDocument();
    expect(within(failed).getByText('3')).toBeInTheDocument();
    expect(within(await rowOf('3 orders downloaded')).getByText('Success')).toBeInTheDocument();

    // Newest first unless the user sorts otherwise.
    expect(lastListQuery(api).get('sort_by')).toBe('date');
    expect(lastListQuery(api).get('sort_direction')).toBe('desc');
  });

  it('filters by status, type and search, and says how to see everything again when nothing matches', async () => {
    const api = stubFetch({
      [`GET ${LOGS}`]: (request) =>
        request.query.has('state[eq]') ? listBody([]) : listBody([record(), SUCCESSFUL]),
    });
    renderPage(PAGE, OPERATOR);
    await rowOf('3 orders downloaded');

    // "Failed" asks for the failures nobody retried or ignored yet (the server's `state` filter).
    await choose('Filter by status', 'Failed');
    await waitFor(() => expect(lastListQuery(api).get('state[eq]')).toBe('failed'));
    expect(
      await screen.findByText(
        'No transaction records match these filters. Clear the filters to see them all.',
      ),
    ).toBeInTheDocument();

    await choose('Filter by type', 'Submit inventory');
    await waitFor(() => expect(lastListQuery(api).get('type[eq]')).toBe('submit_inventory'));
    expect(lastListQuery(api).get('state[eq]')).toBe('failed');

    const search = screen.getByLabelText('Search url or message');
    fireEvent.change(search, { target: { value: 'inventory' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastListQuery(api).get('search')).toBe('inventory'));

    fireEvent.click(buttonByText('Clear filters'));
    await waitFor(() => expect(lastListQuery(api).has('state[eq]')).toBe(false));
    expect(lastListQuery(api).has('type[eq]')).toBe(false);
  });

  it('retries the selected records and says how many were retried and left alone', async () => {
    const api = stubFetch({
      [`GET ${LOGS}`]: listBody([record(), SUCCESSFUL]),
      [`PUT ${LOGS}/retry`]: { body: { data: { updated: 1, skipped: 1 } } },
    });
    renderPage(PAGE, OPERATOR);
    tick(await rowOf('Invalid API key or access token'));
    tick(await rowOf('3 orders downloaded'));
    const selection = await screen.findByLabelText('Selection');
    expect(within(selection).getByText('2 selected')).toBeInTheDocument();

    const listsBefore = api.calls('GET', LOGS).length;
    fireEvent.click(buttonByText('Retry', selection));
    await waitFor(() => expect(api.calls('PUT', `${LOGS}/retry`)).toHaveLength(1));
    expect(api.calls('PUT', `${LOGS}/retry`)[0]!.body).toEqual({ log_ids: [900, 901] });
    expect(
      await screen.findByText(
        'Retry queued for 1 record: it has left the failures, and its new attempt will appear in the transaction records, linked to it. 1 record left alone: only failures not retried yet, that know how to run again, can be retried.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', LOGS).length).toBeGreaterThan(listsBefore));
  });

  it('ignores the selected records only after confirmation', async () => {
    const api = stubFetch({
      [`GET ${LOGS}`]: listBody([record()]),
      [`PUT ${LOGS}/ignore`]: { body: { data: { updated: 1, skipped: 0 } } },
    });
    renderPage(PAGE, OPERATOR);
    tick(await rowOf('Invalid API key or access token'));
    const selection = await screen.findByLabelText('Selection');
    fireEvent.click(buttonByText('Ignore', selection));
    const popup = await findPopover('Ignore 1 transaction record?');
    expect(api.calls('PUT', `${LOGS}/ignore`)).toHaveLength(0);
    fireEvent.click(buttonByText('Ignore', popup));
    await waitFor(() => expect(api.calls('PUT', `${LOGS}/ignore`)).toHaveLength(1));
    expect(api.calls('PUT', `${LOGS}/ignore`)[0]!.body).toEqual({ log_ids: [900] });
    expect(
      await screen.findByText('1 record ignored: it has left the failures and the dashboard.'),
    ).toBeInTheDocument();
  });

  it('shows retried and ignored failures as such, not as failures, with a retry linked both ways', async () => {
    const api = stubFetch({
      [`GET ${LOGS}`]: (request) =>
        request.query.get('state[eq]') === 'ignored'
          ? listBody([record({ id: 903, message: 'Ignored push', handling: 'ignored', ignored: true })])
          : listBody([
              record({ id: 950, message: 'Push again', status: 2, retry_of_id: 900, retryable: false }),
              record({ handling: 'retried', retried_by_id: 950, retried_by_status: 2, retryable: false }),
              record({ id: 902, message: 'Queued push', handling: 'retry_queued', retryable: false }),
            ]),
    });
    renderPage(PAGE, OPERATOR);

    const retried = await rowOf('Invalid API key or access token');
    expect(within(retried).queryByText('Failed')).toBeNull();
    expect(within(retried).getByText('Retried')).toBeInTheDocument();
    expect(within(retried).getByText('New attempt: Success')).toHaveAttribute(
      'href',
      '/transactionRecords/stores/11/channels/5/transactionRecords/950',
    );
    expect(within(await rowOf('Push again')).getByText('Retry of record 900')).toHaveAttribute(
      'href',
      '/transactionRecords/stores/11/channels/5/transactionRecords/900',
    );
    expect(within(await rowOf('Queued push')).getByText('Retry queued')).toBeInTheDocument();

    await choose('Filter by status', 'Ignored');
    await waitFor(() => expect(lastListQuery(api).get('state[eq]')).toBe('ignored'));
    const ignored = await rowOf('Ignored push');
    expect(within(ignored).getByText('Ignored')).toBeInTheDocument();
    expect(within(ignored).queryByText('Failed')).toBeNull();
  });

  it('shows a new record of this channel as soon as the server announces it', async () => {
    let rows = [SUCCESSFUL];
    const api = stubFetch({ [`GET ${LOGS}`]: () => listBody(rows) });
    renderPage(PAGE, OPERATOR);
    await rowOf('3 orders downloaded');
    await waitFor(() => expect(listenerCount('log:created')).toBeGreaterThan(0));
    const before = api.calls('GET', LOGS).length;

    rows = [record(), SUCCESSFUL];
    act(() => serverEmits('log:created', { logId: 900, storeId: 11, channelId: 5 }));
    expect(
      await screen.findByText('Invalid API key or access token', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.calls('GET', LOGS).length).toBeGreaterThan(before);
  });

  it('offers no selection, retry or ignore to a role that may only read records', async () => {
    stubFetch({ [`GET ${LOGS}`]: listBody([record()]) });
    renderPage(PAGE, READER);
    const row = await rowOf('Invalid API key or access token');
    expect(row.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('tells a channel without records what to expect', async () => {
    stubFetch({ [`GET ${LOGS}`]: listBody([]) });
    renderPage(PAGE, OPERATOR);
    expect(
      await screen.findByText(
        'No transaction records yet. They appear here as soon as this connection syncs.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Transaction records tabs', () => {
  it('asks for a store and a channel, then opens its records', async () => {
    stubFetch({
      'GET /stores/12/channels': listBody([{ ...CHANNEL, id: 8, store_id: 12, name: 'Beta Shopify' }]),
      'GET /logs/stores/12/channels/8/logs': listBody([]),
    });
    const user = sessionUser({
      stores: [
        { id: 11, name: 'Acme Web' },
        { id: 12, name: 'Beta Web' },
      ],
    });
    renderPage('/transactionRecords', user);
    expect(await findHeading('Transaction records')).toBeInTheDocument();
    await choose('Store', 'Beta Web');
    await choose('Channel', 'Beta Shopify');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/transactionRecords/stores/12/channels/8'),
    );
  });

  it("says so when the role cannot list the store's channels, and stays on the page", async () => {
    stubFetch({
      'GET /stores/11/channels': {
        status: 403,
        body: { message: 'This action is unauthorized.', error: 'forbidden' },
      },
    });
    renderPage('/transactionRecords', READER);
    expect(
      await screen.findByText(
        "This store's channels could not be listed. Open a channel's records from its own page instead.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/transactionRecords');
  });

  it('lists the api records on the API tab, without retry or ignore', async () => {
    const api = stubFetch({
      'GET /logs/apiLogs': listBody([
        record({
          id: 5,
          kind: 'api',
          channel_id: null,
          channel_name: null,
          type: 'orders.list',
          method: 'GET',
          url: '/api/orders',
          status: 2,
          message: 'OK',
        }),
      ]),
    });
    renderPage('/transactionRecords');
    fireEvent.click(await screen.findByText('API'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/transactionRecords/apiTransactionRecords'),
    );
    const row = await rowOf('/api/orders');
    expect(within(row).getByText('Orders list')).toBeInTheDocument();
    expect(row.querySelector('input[type="checkbox"]')).toBeNull();
    expect(api.calls('GET', '/logs/apiLogs')).toHaveLength(1);
  });

  it('finds the store of a channel when the path leaves it out', async () => {
    stubFetch({
      'GET /stores/11/channels/5': { status: 404, body: { message: 'Not found', error: 'not_found' } },
      'GET /stores/12/channels/5': { body: { data: { ...CHANNEL, store_id: 12 } } },
      'GET /logs/stores/12/channels/5/logs': listBody([SUCCESSFUL]),
    });
    const user = sessionUser({
      stores: [
        { id: 11, name: 'Acme Web' },
        { id: 12, name: 'Beta Web' },
      ],
    });
    renderPage('/transactionRecords/stores/channels/5', user);
    expect(await screen.findByText('3 orders downloaded')).toBeInTheDocument();
  });
});

describe('Which live records concern a table', () => {
  const channel = { kind: 'channel', storeId: '11', connectionId: '5' } as const;
  it("takes its own channel's records and leaves other channels', plugins' and stores' alone", () => {
    expect(concernsSource(channel, { logId: 1, storeId: 11, channelId: 5 })).toBe(true);
    expect(concernsSource(channel, { logId: 1, storeId: 11, channelId: 6 })).toBe(false);
    expect(concernsSource(channel, { logId: 1, storeId: 12, channelId: 5 })).toBe(false);
    expect(concernsSource(channel, { logId: 1, storeId: 11, pluginId: 5 })).toBe(false);
    expect(
      concernsSource(
        { kind: 'plugin', storeId: 11, connectionId: 5 },
        { logId: 1, storeId: 11, pluginId: 5 },
      ),
    ).toBe(true);
    expect(concernsSource({ kind: 'api' }, { logId: 1, storeId: 11 })).toBe(true);
    expect(concernsSource({ kind: 'api' }, { logId: 1, storeId: 11, channelId: 5 })).toBe(false);
  });
});

describe('Retry and ignore calls', () => {
  it('sends a large selection in calls the api accepts and adds the outcomes up', async () => {
    const api = stubFetch({
      [`PUT ${LOGS}/retry`]: (request) => {
        const ids = (request.body as { log_ids: number[] }).log_ids;
        return { body: { data: { updated: ids.length - 1, skipped: 1 } } };
      },
    });
    const ids = Array.from({ length: 1500 }, (_, index) => index + 1);
    const result = await changeTransactionRecords(
      { kind: 'channel', storeId: 11, connectionId: 5 },
      'retry',
      ids,
    );
    const sent = api
      .calls('PUT', `${LOGS}/retry`)
      .map((call) => (call.body as { log_ids: number[] }).log_ids);
    expect(sent.map((batch) => batch.length)).toEqual([1000, 500]);
    expect(sent.flat()).toEqual(ids);
    expect(result).toEqual({ updated: 1498, skipped: 2 });
  });
});
