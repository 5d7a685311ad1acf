import { act, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';

import type { OrderRuleTraceDto } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/testing';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

import { orderDetail } from '../../orders/__tests__/order-fixtures';
import { renderPage } from '../../orders/__tests__/render-orders-page';

import { NO_RULE_RUN_TEXT, OrderRuleTrace } from '../../orders/OrderRuleTrace';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const TRACE: OrderRuleTraceDto = {
  data: [
    {
      id: 31,
      trigger_type: 'order_imported',
      created_at: '2026-11-23T08:00:00Z',
      changed: true,
      evaluations: [
        {
          rule_id: 1,
          rule_version: 2,
          rule_name: 'EU orders',
          matched: true,
          skipped: null,
          groups: [
            {
              match: 'all',
              held: true,
              conditions: [
                { field: 'shipping_country', operator: 'is', value: 'DE', actual: 'DE', held: true },
              ],
            },
          ],
          actions: [
            { action: 'add_tag', value: 'EU', changed: true, before: '(no tags)', after: 'EU', note: null },
            {
              action: 'update_order_sync_status',
              value: 'on_hold',
              changed: false,
              before: 'Synced',
              after: 'Synced',
              note: 'Synced orders cannot be put on hold.',
            },
          ],
        },
        {
          rule_id: 2,
          rule_version: 1,
          rule_name: 'Big orders',
          matched: false,
          skipped: null,
          groups: [
            {
              match: 'all',
              held: false,
              conditions: [
                { field: 'total_quantity', operator: 'greater_than', value: '10', actual: '3', held: false },
              ],
            },
          ],
          actions: [],
        },
      ],
    },
  ],
};

function renderTrace() {
  return render(
    <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
      <MemoryRouter>
        <OrderRuleTrace storeId="11" orderId="501" version={0} />
      </MemoryRouter>
    </ConfigProvider>,
  );
}

describe('The order’s “why” panel', () => {
  it('shows each rule evaluated, which conditions held and what each action changed', async () => {
    const api = stubFetch({ 'GET /orders/:storeId/:orderId/rule-trace': { body: TRACE } });
    renderTrace();
    const eu = await screen.findByTestId('rule-evaluation-1');
    expect(api.calls('GET', '/orders/11/501/rule-trace')).toHaveLength(1);
    expect(screen.getByText('Order imported')).toBeInTheDocument();
    expect(screen.getByText('23 Nov 2026 08:00:00 UTC')).toBeInTheDocument();
    expect(within(eu).getByText('EU orders')).toBeInTheDocument();
    expect(within(eu).getByText('v2')).toBeInTheDocument();
    expect(within(eu).getByText('Matched')).toBeInTheDocument();
    expect(within(eu).getByText('Shipping country ISO code is DE — order has DE ✓')).toBeInTheDocument();
    expect(within(eu).getByText('Add tag EU: (no tags) → EU')).toBeInTheDocument();
    expect(
      within(eu).getByText('Update order sync status On hold: Synced orders cannot be put on hold.'),
    ).toBeInTheDocument();

    const big = screen.getByTestId('rule-evaluation-2');
    expect(within(big).getByText('Not matched')).toBeInTheDocument();
    expect(within(big).getByText('Total quantity is greater than 10 — order has 3 ✗')).toBeInTheDocument();
  });

  it('says so when no rule has run on the order', async () => {
    stubFetch({ 'GET /orders/:storeId/:orderId/rule-trace': { body: { data: [] } } });
    renderTrace();
    expect(await screen.findByText(NO_RULE_RUN_TEXT)).toBeInTheDocument();
  });

  it('sits on the order detail and refreshes when the order changes', async () => {
    const order = orderDetail({ fulfillments: [] });
    const api = stubFetch({
      'GET /orders/:storeId/:orderId': { body: { data: order } },
      'GET /orders/:storeId/:orderId/fulfillments': { body: { data: [], meta: { total: 0, lines: [] } } },
      'GET /activities/order/:id': listBody([]),
      'GET /orders/:storeId/:orderId/rule-trace': { body: { data: [] } },
    });
    renderPage(`/orders/11/${order.id}`);
    const panel = await screen.findByTestId('order-rule-trace');
    expect(within(panel).getByText('Why this order changed')).toBeInTheDocument();
    expect(await within(panel).findByText(NO_RULE_RUN_TEXT)).toBeInTheDocument();

    await waitFor(() => expect(listenerCount('orders:changed')).toBeGreaterThan(0));
    api.on('GET /orders/:storeId/:orderId/rule-trace', { body: TRACE });
    act(() => serverEmits('orders:changed', { storeId: 11, orderIds: [order.id] }));
    expect(await within(panel).findByText('EU orders')).toBeInTheDocument();
  });
});
