import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { PluginOrderDto } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { EMPTY_PLUGIN_ORDERS_TEXT } from '../PluginOrderListPage';
import {
  buttonByText,
  choose,
  findModal,
  queryButtonByText,
  renderPage,
} from '../../orders/__tests__/render-orders-page';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

function pluginOrder(overrides: Partial<PluginOrderDto> = {}): PluginOrderDto {
  return {
    id: 61,
    order_id: 501,
    order_uuid: 'b1b1b1b1-0000-4000-8000-000000000501',
    order_number: 'SH-1001',
    order_remote_id: '8100501',
    channel_id: 5,
    channel_name: 'Acme Shopify',
    plugin_id: 8,
    plugin_name: 'Acme ShipBob',
    remote_id: 'SB-77',
    sync_status: 3,
    synced_at: '2026-11-23T10:00:00Z',
    order_date: '2026-11-22T14:03:05Z',
    order_sync_status: 2,
    customer_name: 'Jane Doe',
    created_at: '2026-11-22T14:05:00Z',
    updated_at: '2026-11-23T10:00:00Z',
    ...overrides,
  };
}

const FAILED = pluginOrder();
const IN_PROGRESS = pluginOrder({
  id: 62,
  order_id: 502,
  order_number: 'SH-1002',
  sync_status: 1,
  remote_id: null,
});
const OTHER_PLUGIN = pluginOrder({
  id: 63,
  order_id: 503,
  order_number: 'SH-1003',
  plugin_id: 9,
  plugin_name: 'Mintsoft',
  sync_status: 2,
});

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const tick = (row: HTMLElement) =>
  fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLElement);
const lastListQuery = (api: ReturnType<typeof stubFetch>) =>
  api.calls('GET', '/plugins/orders/11').at(-1)?.query;

function stubPluginOrders(rows = [FAILED, IN_PROGRESS, OTHER_PLUGIN]) {
  return stubFetch({
    'GET /plugins/orders/:storeId': listBody(rows),
    'GET /stores/:storeId/plugins': listBody([
      { id: 8, name: 'Acme ShipBob' },
      { id: 9, name: 'Mintsoft' },
    ]),
    'PUT /orders/:storeId/bulkUpdatePluginSyncStatus': {
      body: { message: 'The orders will be sent again.', data: { updated: 1, skipped: 0 } },
    },
  });
}

describe('Plugin orders', () => {
  it('lists each order per plugin with its remote id, sync status and UTC times, and filters them', async () => {
    const api = stubPluginOrders();
    renderPage('/plugins/orders/11');

    const failed = await rowOf('SH-1001');
    expect(within(failed).getByText('SB-77')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('23 Nov 2026 10:00:00 UTC')).toBeInTheDocument();
    expect(within(await rowOf('SH-1002')).getByText('Not taken yet')).toBeInTheDocument();
    // A plugin working on an order can not be sent it again.
    expect(queryButtonByText('Resend', await rowOf('SH-1002'))).toBeNull();

    await choose('Filter by plugin', 'Mintsoft');
    await waitFor(() => expect(lastListQuery(api)?.get('plugin_id[eq]')).toBe('9'));
    await choose('Filter by sync status', 'Failed');
    await waitFor(() => expect(lastListQuery(api)?.get('sync_status[eq]')).toBe('3'));
  });

  it('resends one row to its plugin after confirming', async () => {
    const api = stubPluginOrders();
    renderPage('/plugins/orders/11');
    fireEvent.click(buttonByText('Resend', await rowOf('SH-1001')));
    const popover = (await screen.findByText('Send SH-1001 to Acme ShipBob again?')).closest('.ant-popover');
    fireEvent.click(buttonByText('Resend', popover as HTMLElement));
    await waitFor(() => expect(api.calls('PUT', '/orders/11/bulkUpdatePluginSyncStatus')).toHaveLength(1));
    expect(api.calls('PUT', '/orders/11/bulkUpdatePluginSyncStatus')[0]?.body).toEqual({
      order_ids: [501],
      plugin_id: 8,
    });
  });

  it('resends the ticked rows plugin by plugin, leaving out those a plugin is working on', async () => {
    const api = stubPluginOrders();
    renderPage('/plugins/orders/11');
    tick(await rowOf('SH-1001'));
    tick(await rowOf('SH-1002'));
    tick(await rowOf('SH-1003'));
    fireEvent.click(buttonByText('Resend to plugin', screen.getByRole('region', { name: 'Selection' })));
    fireEvent.click(buttonByText('Resend', await findModal('Resend 3 orders to their plugins?')));

    await waitFor(() => expect(api.calls('PUT', '/orders/11/bulkUpdatePluginSyncStatus')).toHaveLength(2));
    expect(api.calls('PUT', '/orders/11/bulkUpdatePluginSyncStatus').map((call) => call.body)).toEqual([
      { order_ids: [501], plugin_id: 8 },
      { order_ids: [503], plugin_id: 9 },
    ]);
    expect(
      await screen.findByText(
        'The orders will be sent again. 1 order skipped: their plugins are working on them.',
      ),
    ).toBeInTheDocument();
  });

  it('says what makes plugin orders appear when there are none', async () => {
    stubPluginOrders([]);
    renderPage('/plugins/orders/11');
    expect(await screen.findByText(EMPTY_PLUGIN_ORDERS_TEXT)).toBeInTheDocument();
  });
});
