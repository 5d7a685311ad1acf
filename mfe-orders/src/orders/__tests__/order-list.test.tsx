import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

import dayjs from 'dayjs';

import { listDayRange } from '@syncdesk/web-kit';
import { EMPTY_ORDERS_TEXT } from '../OrderListPage';
import { useOrderListMemory } from '../order-list.store';
import {
  buttonByText,
  choose,
  findModal,
  queryButtonByText,
  renderPage,
  sessionUser,
} from './render-orders-page';
import { countsBody, EURO_SYNCED, FAILED, orderDetail, PENDING } from './order-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const tick = (row: HTMLElement) =>
  fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLElement);
const listCalls = (api: ReturnType<typeof stubFetch>) => api.calls('GET', '/orders/11');
const lastListQuery = (api: ReturnType<typeof stubFetch>) => listCalls(api).at(-1)?.query;
const selectionBar = () => screen.getByRole('region', { name: 'Selection' });

function stubOrders(rows = [PENDING, EURO_SYNCED, FAILED]) {
  return stubFetch({
    'GET /orders/:storeId': listBody(rows, 120),
    'GET /orders/:storeId/getOrderCountGroupByStatus': countsBody({ 0: 80, 2: 37, 7: 3 }),
    // 'Select all N' as the server counts it at that moment, with the last order's id.
    'GET /orders/:storeId/selection': { body: { data: { count: 120, up_to_id: 600 } } },
    'GET /stores/:storeId/channels': listBody([
      { id: 5, name: 'Acme Shopify' },
      { id: 6, name: 'Acme Amazon' },
    ]),
  });
}

beforeEach(() => {
  localStorage.clear();
  useOrderListMemory.setState({ byStore: {} });
});

describe('Orders list', () => {
  it('shows the spec columns: status tags, money in the order’s currency, UTC dates, and counts per sync status', async () => {
    stubOrders();
    renderPage('/orders/11');

    const pending = await rowOf('SH-1001');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Unshipped')).toBeInTheDocument();
    expect(within(pending).getByText('Awaiting send')).toBeInTheDocument();
    expect(within(pending).getByText('£1,234.50')).toBeInTheDocument();
    expect(within(pending).getByText('22 Nov 2026 14:03:05 UTC')).toBeInTheDocument();
    expect(within(pending).getByText('jane@example.test')).toBeInTheDocument();
    expect(within(pending).getByText('Not sent')).toBeInTheDocument();

    const euro = await rowOf('AMZ-2002');
    expect(within(euro).getByText('€20.00')).toBeInTheDocument();
    expect(within(euro).getByText('Yes')).toBeInTheDocument();
    expect(within(euro).getByText('Acme Amazon')).toBeInTheDocument();

    const failed = await rowOf('SH-1003');
    expect(within(failed).getByLabelText('No product matches the SKU NOPE-1.')).toBeInTheDocument();

    const tabs = screen.getByRole('tablist');
    await waitFor(() => expect(within(tabs).getByText('120')).toBeInTheDocument());
    expect(within(tabs).getByText('80')).toBeInTheDocument();
    expect(within(tabs).getByText('37')).toBeInTheDocument();
    expect(screen.getByText('Acme Web')).toBeInTheDocument();
  });

  it('is compact: one-line rows, a sticky header, the first column fixed, Items, Total and Payment early', async () => {
    stubOrders();
    const view = renderPage('/orders/11');
    const pending = await rowOf('SH-1001');
    const table = pending.closest('.ant-table') as HTMLElement;
    expect(table).toHaveClass('ant-table-small');
    // antd's sticky header: a holder kept below the shell's top bar.
    expect(table.querySelector('.ant-table-sticky-holder')).toHaveStyle({ top: '56px' });
    const headers = () =>
      [...table.querySelectorAll('.ant-table-sticky-holder thead th')].map((cell) => cell.textContent);
    expect(headers().slice(1, 7)).toEqual(['Order', 'Sync status', 'Customer', 'Items', 'Total', 'Payment']);
    const cells = pending.querySelectorAll('td');
    // The ticks and the order number stay in view while the table scrolls sideways.
    expect(cells[0]).toHaveClass('ant-table-cell-fix-start');
    expect(cells[1]).toHaveClass('ant-table-cell-fix-start');
    expect(cells[2]).not.toHaveClass('ant-table-cell-fix-start');
    // The customer's name and e-mail share one line.
    expect(within(cells[3] as HTMLElement).getByText('jane@example.test').parentElement).toHaveStyle({
      whiteSpace: 'nowrap',
    });

    // Columns chosen are remembered under `dc-columns`, and the first one chosen is the fixed one.
    fireEvent.click(screen.getByLabelText('Column settings'));
    const columnList = await screen.findByLabelText('Columns');
    fireEvent.click(within(columnList).getByLabelText('Sync status'));
    fireEvent.click(screen.getByLabelText('Move Customer up'));
    fireEvent.click(screen.getByLabelText('Move Customer up'));
    expect(JSON.parse(localStorage.getItem('dc-columns') ?? '{}')['orders.orders']).toMatchObject({
      hidden: ['sync_status'],
    });
    view.unmount();
    renderPage('/orders/11');
    const again = await rowOf('SH-1001');
    const headersAgain = [
      ...(again.closest('.ant-table') as HTMLElement).querySelectorAll('.ant-table-sticky-holder thead th'),
    ].map((cell) => cell.textContent);
    expect(headersAgain.slice(1, 4)).toEqual(['Customer', 'Order', 'Items']);
    expect(again.querySelectorAll('td')[1]).toHaveClass('ant-table-cell-fix-start');
    expect(within(again.querySelectorAll('td')[1] as HTMLElement).getByText('Jane Doe')).toBeInTheDocument();
  });

  it('says where orders come from when the store has none', async () => {
    stubFetch({
      'GET /orders/:storeId': listBody([]),
      'GET /orders/:storeId/getOrderCountGroupByStatus': countsBody({}),
      'GET /stores/:storeId/channels': listBody([]),
    });
    renderPage('/orders/11');
    expect(await screen.findByText(EMPTY_ORDERS_TEXT)).toBeInTheDocument();
  });

  it('offers only the moves the transition table allows for the ticked orders, and confirms before changing', async () => {
    const api = stubOrders();
    api.on('POST /orders/:storeId/updateSyncStatus', {
      body: { message: 'The sync status of the orders was updated.', data: { updated: 1, skipped: 0 } },
    });
    renderPage('/orders/11');

    tick(await rowOf('SH-1001'));
    expect(buttonByText('Put on hold', selectionBar())).toBeInTheDocument();
    expect(buttonByText('Exclude', selectionBar())).toBeInTheDocument();
    expect(queryButtonByText('Resend', selectionBar())).toBeNull();
    expect(queryButtonByText('Cancel', selectionBar())).toBeNull();

    // A synced order may only be cancelled: nothing is common to both.
    tick(await rowOf('AMZ-2002'));
    expect(queryButtonByText('Put on hold', selectionBar())).toBeNull();
    expect(
      within(selectionBar()).getByText('No sync status change is allowed for all of the selected orders.'),
    ).toBeInTheDocument();
    tick(await rowOf('AMZ-2002'));

    const before = listCalls(api).length;
    fireEvent.click(buttonByText('Put on hold', selectionBar()));
    const dialog = await findModal('Put on hold: 1 order?');
    expect(within(dialog).getByText('Their sync status becomes on hold.')).toBeInTheDocument();
    expect(api.calls('POST', '/orders/11/updateSyncStatus')).toHaveLength(0);
    fireEvent.click(buttonByText('Put on hold', dialog));

    await waitFor(() => expect(api.calls('POST', '/orders/11/updateSyncStatus')).toHaveLength(1));
    expect(api.calls('POST', '/orders/11/updateSyncStatus')[0]?.body).toEqual({
      action_type: 'order',
      status: 3,
      order_ids: [501],
    });
    expect(await screen.findByText('1 order set to on hold.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(before));
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
  });

  it('changes all orders of a sync-status tab with the list’s filters', async () => {
    const api = stubOrders();
    api.on('POST /orders/:storeId/updateSyncStatus', {
      body: { message: 'Updated.', data: { updated: 118, skipped: 2 } },
    });
    renderPage('/orders/11');
    await rowOf('SH-1001');

    fireEvent.click(await screen.findByText('Failed', { selector: '.ant-tabs-tab *' }));
    await waitFor(() => expect(lastListQuery(api)?.get('sync_status[eq]')).toBe('7'));
    // The tabs split by sync status: their counts never narrow to the open tab.
    for (const call of api.calls('GET', '/orders/11/getOrderCountGroupByStatus')) {
      expect(call.query.get('sync_status[eq]')).toBeNull();
    }
    tick(await rowOf('SH-1003'));
    fireEvent.click(buttonByText('Select all 120', selectionBar()));
    expect(await within(selectionBar()).findByText('120 selected')).toBeInTheDocument();
    // Failed orders may be resent, held or excluded, never cancelled.
    expect(buttonByText('Resend', selectionBar())).toBeInTheDocument();
    expect(queryButtonByText('Cancel', selectionBar())).toBeNull();

    fireEvent.click(buttonByText('Exclude', selectionBar()));
    fireEvent.click(buttonByText('Exclude', await findModal('Exclude: 120 orders?')));
    await waitFor(() => expect(api.calls('POST', '/orders/11/updateSyncStatus')).toHaveLength(1));
    const call = api.calls('POST', '/orders/11/updateSyncStatus')[0];
    expect(call?.body).toEqual({ action_type: 'order', status: 6, all: true, up_to_id: 600 });
    expect(call?.query.get('sync_status[eq]')).toBe('7');
    expect(call?.query.get('page')).toBeNull();
    expect(
      await screen.findByText(
        '118 orders set to excluded. 2 orders skipped: their sync status does not allow it.',
      ),
    ).toBeInTheDocument();
  });

  it('resolves “all but these” into the ids that may move, counting the others as skipped', async () => {
    const api = stubOrders();
    api.on('POST /orders/:storeId/updateSyncStatus', {
      body: { message: 'Updated.', data: { updated: 1, skipped: 0 } },
    });
    renderPage('/orders/11');
    tick(await rowOf('SH-1001'));
    fireEvent.click(buttonByText('Select all 120', selectionBar()));
    expect(await within(selectionBar()).findByText('120 selected')).toBeInTheDocument();
    tick(await rowOf('SH-1003'));
    // Several sync statuses on 'All': any move one of them may make is offered.
    expect(buttonByText('Cancel', selectionBar())).toBeInTheDocument();

    fireEvent.click(buttonByText('Put on hold', selectionBar()));
    const dialog = await findModal('Put on hold: 119 orders?');
    expect(within(dialog).getByText(/counted as skipped/)).toBeInTheDocument();
    fireEvent.click(buttonByText('Put on hold', dialog));
    await waitFor(() => expect(api.calls('POST', '/orders/11/updateSyncStatus')).toHaveLength(1));
    // The synced order may not be held; the failed one was unticked.
    expect(api.calls('POST', '/orders/11/updateSyncStatus')[0]?.body).toEqual({
      action_type: 'order',
      status: 3,
      order_ids: [501],
    });
    expect(
      await screen.findByText(
        '1 order set to on hold. 1 order skipped: their sync status does not allow it.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps “Select all N” to the orders there were when chosen, while live orders arrive', async () => {
    const api = stubOrders();
    api.on('POST /orders/:storeId/updateSyncStatus', {
      body: { message: 'Updated.', data: { updated: 117, skipped: 2 } },
    });
    renderPage('/orders/11');
    await waitFor(() => expect(listenerCount('orders:changed')).toBeGreaterThan(0));
    fireEvent.click(await screen.findByText('Failed', { selector: '.ant-tabs-tab *' }));
    await waitFor(() => expect(lastListQuery(api)?.get('sync_status[eq]')).toBe('7'));
    tick(await rowOf('SH-1003'));
    fireEvent.click(buttonByText('Select all 120', selectionBar()));
    expect(await within(selectionBar()).findByText('120 selected')).toBeInTheDocument();
    // The set is read with the list's filters at the moment of choosing.
    expect(api.calls('GET', '/orders/11/selection')[0]?.query.get('sync_status[eq]')).toBe('7');

    // A new failed order arrives: the list grows to 121, the choice does not.
    const NEW = { ...FAILED, id: 601, order_number: 'SH-NEW-1' };
    api.on('GET /orders/:storeId', listBody([NEW, FAILED], 121));
    act(() => serverEmits('orders:changed', { storeId: 11, orderIds: [601] }));
    const arrived = await rowOf('SH-NEW-1');
    expect(within(selectionBar()).getByText('120 selected')).toBeInTheDocument();
    expect(within(selectionBar()).getByText('1 more since you chose: not included.')).toBeInTheDocument();
    expect(arrived.querySelector('input[type="checkbox"]')).not.toBeChecked();
    expect((await rowOf('SH-1003')).querySelector('input[type="checkbox"]')).toBeChecked();

    fireEvent.click(buttonByText('Exclude', selectionBar()));
    fireEvent.click(buttonByText('Exclude', await findModal('Exclude: 120 orders?')));
    await waitFor(() => expect(api.calls('POST', '/orders/11/updateSyncStatus')).toHaveLength(1));
    expect(api.calls('POST', '/orders/11/updateSyncStatus')[0]?.body).toMatchObject({
      all: true,
      up_to_id: 600,
    });
    // One of the 120 left the failed tab meanwhile: the result accounts for every order chosen.
    expect(
      await screen.findByText(
        '117 orders set to excluded. 2 orders skipped: their sync status does not allow it. 1 order of the 120 chosen no longer matches the filters: left as it is.',
      ),
    ).toBeInTheDocument();
  });

  it('sends its filters and search in the list query string, and the counts follow them', async () => {
    const api = stubOrders();
    renderPage('/orders/11');
    await rowOf('SH-1001');

    await choose('Filter by order status', 'Partially shipped');
    await waitFor(() => expect(lastListQuery(api)?.get('status[eq]')).toBe('PartiallyShipped'));
    await choose('Filter by channel', 'Acme Amazon');
    await waitFor(() => expect(lastListQuery(api)?.get('channel_id[eq]')).toBe('6'));
    await choose('Filter by payment status', 'Voided');
    await waitFor(() => expect(lastListQuery(api)?.get('payment_status[eq]')).toBe('Voided'));
    const search = screen.getByLabelText('Search by order number, customer or SKU');
    fireEvent.change(search, { target: { value: 'SH-10' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastListQuery(api)?.get('search')).toBe('SH-10'));
    await waitFor(() =>
      expect(api.calls('GET', '/orders/11/getOrderCountGroupByStatus').at(-1)?.query.get('search')).toBe(
        'SH-10',
      ),
    );
    const counts = api.calls('GET', '/orders/11/getOrderCountGroupByStatus').at(-1)?.query;
    expect(counts?.get('channel_id[eq]')).toBe('6');
    expect(counts?.get('page')).toBeNull();
  });

  it('turns a picked day range into whole UTC days in the list convention', () => {
    expect(listDayRange([dayjs('2026-11-01'), dayjs('2026-11-22')])).toEqual({
      startDate: '2026-11-01 00:00:00',
      endDate: '2026-11-22 23:59:59',
    });
    expect(listDayRange([dayjs('2026-11-01'), null])).toBeNull();
  });

  it('refreshes in place when orders of the store change, keeping filters, page, sort and ticks', async () => {
    const api = stubOrders();
    renderPage('/orders/11');
    await rowOf('SH-1001');
    await waitFor(() => expect(listenerCount('orders:changed')).toBeGreaterThan(0));

    fireEvent.click(await screen.findByText('Pending', { selector: '.ant-tabs-tab *' }));
    await waitFor(() => expect(lastListQuery(api)?.get('sync_status[eq]')).toBe('0'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastListQuery(api)?.get('page')).toBe('2'));
    tick(await rowOf('SH-1001'));

    const NEW = { ...PENDING, id: 999, order_number: 'SH-NEW-1' };
    api.on('GET /orders/:storeId', listBody([NEW, PENDING], 121));
    const countCalls = api.calls('GET', '/orders/11/getOrderCountGroupByStatus').length;
    act(() => {
      // Another store's orders mean nothing here; a burst of this store's reloads once.
      serverEmits('orders:changed', { storeId: 12, orderIds: [1] });
      serverEmits('orders:changed', { storeId: 11, orderIds: [999] });
      serverEmits('orders:changed', { storeId: 11, orderIds: [1000] });
    });

    expect(await screen.findByText('SH-NEW-1')).toBeInTheDocument();
    const query = lastListQuery(api);
    expect(query?.get('sync_status[eq]')).toBe('0');
    expect(query?.get('page')).toBe('2');
    expect(api.calls('GET', '/orders/11/getOrderCountGroupByStatus')).toHaveLength(countCalls + 1);
    expect(within(selectionBar()).getByText('1 selected')).toBeInTheDocument();
  });

  it('finds the list as it was left after opening an order and going back', async () => {
    const api = stubOrders();
    // Exact paths: a `/orders/:storeId/:orderId` pattern would also answer the counts call.
    api.on('GET /orders/11/501', { body: { data: orderDetail() } });
    api.on('GET /orders/11/501/fulfillments', { body: { data: [], meta: { total: 0, lines: [] } } });
    api.on('GET /activities/order/:id', listBody([]));
    renderPage('/orders/11');
    await rowOf('SH-1001');
    fireEvent.click(await screen.findByText('Pending', { selector: '.ant-tabs-tab *' }));
    await waitFor(() => expect(lastListQuery(api)?.get('sync_status[eq]')).toBe('0'));

    fireEvent.click(await screen.findByText('SH-1001', { selector: 'a' }));
    await screen.findByText('Order SH-1001');
    fireEvent.click(buttonByText('Back to orders'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/11$/));
    await rowOf('SH-1001');
    expect(lastListQuery(api)?.get('sync_status[eq]')).toBe('0');
  });

  it('hides the bulk changes from someone who may only read orders', async () => {
    stubOrders();
    renderPage('/orders/11', sessionUser({ scope: ['orders.read'] }));
    const row = await rowOf('SH-1001');
    expect(row.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('asks which store when the user has several, and opens the only one directly', async () => {
    stubOrders();
    renderPage(
      '/orders',
      sessionUser({
        stores: [
          { id: 11, name: 'Acme Web' },
          { id: 12, name: 'Acme Wholesale' },
        ],
      }),
    );
    fireEvent.click(await screen.findByText('Acme Wholesale'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/12'));
  });
});
