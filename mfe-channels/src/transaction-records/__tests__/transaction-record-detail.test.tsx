import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';
import { serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

import { buttonByText, findPopover, queryButtonByText, renderPage } from '../../__tests__/render-page';
import { prettyBody } from '../RecordBody';
import { LOGS, OPERATOR, READER, record, SUCCESSFUL } from './record-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const PAGE = '/transactionRecords/stores/11/channels/5/transactionRecords/900';
const CONTENT = {
  request: '{"inventory_item_id":808950810,"available":7,"access_token":"[redacted]"}',
  response: '{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}',
};
const EXPLANATION = {
  cause: 'Shopify no longer accepts the access token this channel holds.',
  fix: 'Reconnect the channel to Shopify; the failed pushes can be retried afterwards.',
  action: 'reconnect',
  rephrased: false,
};

describe('Transaction record detail', () => {
  it('shows the call, its pretty-printed bodies and, for a failure, the cause, the fix and where to fix it', async () => {
    stubFetch({
      [`GET ${LOGS}/900`]: { body: { data: record() } },
      [`GET ${LOGS}/900/content`]: { body: { data: CONTENT } },
      [`GET ${LOGS}/900/aiInterpreter`]: { body: { data: EXPLANATION } },
    });
    renderPage(PAGE, OPERATOR);
    expect(await screen.findByText(EXPLANATION.cause)).toBeInTheDocument();
    expect(screen.getByText(EXPLANATION.fix)).toBeInTheDocument();
    expect(screen.getByText('Reconnect the channel')).toHaveAttribute('href', '/stores/11/channels/5');
    expect(
      screen.getByText('Submit inventory · 23 Nov 2026 14:03:05 UTC', { selector: 'h2' }),
    ).toBeInTheDocument();
    expect(screen.getByText('401')).toBeInTheDocument();
    expect(screen.getByText('182 ms')).toBeInTheDocument();

    const request = await screen.findByLabelText('Request');
    expect(request.textContent).toBe(prettyBody(CONTENT.request));
    expect(request.textContent).toContain('\n  "available": 7,');
    expect(screen.getByLabelText('Response').textContent).toContain('Invalid API key');
    expect(buttonByText('Copy request')).toBeInTheDocument();
  });

  it('links a retry to the record it retried and back, and offers no retry for a success', async () => {
    stubFetch({
      [`GET ${LOGS}/901`]: { body: { data: { ...SUCCESSFUL, retry_of_id: 900 } } },
      [`GET ${LOGS}/901/content`]: { body: { data: { request: null, response: 'plain text answer' } } },
    });
    renderPage('/transactionRecords/stores/11/channels/5/transactionRecords/901', OPERATOR);
    expect(await screen.findByText('Record 900')).toHaveAttribute(
      'href',
      '/transactionRecords/stores/11/channels/5/transactionRecords/900',
    );
    expect(await screen.findByText('plain text answer')).toBeInTheDocument();
    expect(screen.getByText('Nothing was recorded.')).toBeInTheDocument();
    expect(queryButtonByText('Retry')).toBeNull();
    expect(queryButtonByText('Ignore')).toBeNull();
    expect(screen.queryByText('What went wrong')).toBeNull();
  });

  it('retries the record, says the retry is queued, and then how the new attempt went, linked', async () => {
    let current = record();
    const api = stubFetch({
      [`GET ${LOGS}/900`]: () => ({ body: { data: current } }),
      [`GET ${LOGS}/900/content`]: { body: { data: CONTENT } },
      [`GET ${LOGS}/900/aiInterpreter`]: { body: { data: EXPLANATION } },
      [`PUT ${LOGS}/retry`]: () => {
        current = record({ handling: 'retry_queued', retryable: false });
        return { body: { data: { updated: 1, skipped: 0 } } };
      },
    });
    renderPage(PAGE, OPERATOR);
    await screen.findByText(EXPLANATION.cause);
    fireEvent.click(buttonByText('Retry'));
    await waitFor(() => expect(api.calls('PUT', `${LOGS}/retry`)).toHaveLength(1));
    expect(api.calls('PUT', `${LOGS}/retry`)[0]!.body).toEqual({ log_ids: [900] });
    expect(
      await screen.findByText(
        'Retry queued for 1 record: it has left the failures, and its new attempt will appear in the transaction records, linked to it.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^Retry queued\. This record has left the failures/)).toBeInTheDocument();
    expect(screen.getByText('Retry queued', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(queryButtonByText('Retry')).toBeNull();
    // A retried failure is no longer one to ignore.
    expect(queryButtonByText('Ignore')).toBeNull();

    // The worker ran the retry: its record links back, and the page hears of it live.
    current = record({ handling: 'retried', retried_by_id: 950, retried_by_status: 2, retryable: false });
    act(() => serverEmits('log:created', { logId: 950, storeId: 11, channelId: 5 }));
    expect(await screen.findByText('Retried: the new attempt worked.')).toBeInTheDocument();
    expect(screen.getByText('Open the new attempt (record 950)')).toHaveAttribute(
      'href',
      '/transactionRecords/stores/11/channels/5/transactionRecords/950',
    );
    expect(screen.getByText('Record 950')).toBeInTheDocument();
  });

  it('ignores the record after confirmation', async () => {
    const api = stubFetch({
      [`GET ${LOGS}/900`]: { body: { data: record() } },
      [`GET ${LOGS}/900/content`]: { body: { data: CONTENT } },
      [`GET ${LOGS}/900/aiInterpreter`]: { body: { data: EXPLANATION } },
      [`PUT ${LOGS}/ignore`]: { body: { data: { updated: 1, skipped: 0 } } },
    });
    renderPage(PAGE, OPERATOR);
    await screen.findByText(EXPLANATION.cause);
    fireEvent.click(buttonByText('Ignore'));
    const popup = await findPopover('Ignore this transaction record?');
    expect(api.calls('PUT', `${LOGS}/ignore`)).toHaveLength(0);
    fireEvent.click(buttonByText('Ignore', popup));
    await waitFor(() => expect(api.calls('PUT', `${LOGS}/ignore`)).toHaveLength(1));
    expect(
      await screen.findByText('1 record ignored: it has left the failures and the dashboard.'),
    ).toBeInTheDocument();
  });

  it('shows the explanation but no retry or ignore to a role that may only read records', async () => {
    stubFetch({
      [`GET ${LOGS}/900`]: { body: { data: record() } },
      [`GET ${LOGS}/900/content`]: { body: { data: CONTENT } },
      [`GET ${LOGS}/900/aiInterpreter`]: { body: { data: EXPLANATION } },
    });
    renderPage(PAGE, READER);
    expect(await screen.findByText(EXPLANATION.cause)).toBeInTheDocument();
    expect(queryButtonByText('Retry')).toBeNull();
    expect(queryButtonByText('Ignore')).toBeNull();
  });

  it('shows the content of an api record opened by its address alone', async () => {
    const api = stubFetch({
      'GET /logs/apiLogs/5/content': { body: { data: { request: null, response: '{"data":[]}' } } },
    });
    renderPage('/transactionRecords/apiTransactionRecords/5');
    expect(await screen.findByText('API transaction record 5', { selector: 'h2' })).toBeInTheDocument();
    expect((await screen.findByLabelText('Response')).textContent).toBe('{\n  "data": []\n}');
    expect(api.calls('GET', '/logs/apiLogs')).toHaveLength(0);
  });

  it("opens an api record from the list with the list's row, its content read by id", async () => {
    const apiRecord = record({
      id: 5,
      kind: 'api',
      channel_id: null,
      channel_name: null,
      type: 'orders.list',
      method: 'GET',
      url: '/api/orders?page=2',
      status: 2,
      message: 'OK',
    });
    stubFetch({
      'GET /logs/apiLogs': listBody([apiRecord]),
      'GET /logs/apiLogs/5/content': { body: { data: { request: null, response: '{"data":[]}' } } },
    });
    renderPage('/transactionRecords/apiTransactionRecords');
    fireEvent.click(await screen.findByText('23 Nov 2026 14:03:05 UTC'));
    expect(
      await screen.findByText('Orders list · 23 Nov 2026 14:03:05 UTC', { selector: 'h2' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/api/orders?page=2')).toBeInTheDocument();
    expect((await screen.findByLabelText('Response')).textContent).toBe('{\n  "data": []\n}');
  });
});
