import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

import {
  FULFILMENT_MESSAGES,
  type ActivityDto,
  type FulfilmentDto,
  type OrderDetailDto,
} from '@syncdesk/contracts';
import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';
import { listenerCount, serverEmits } from '@syncdesk/web-kit/testing/fake-socket';

import { buttonByText, findModal, queryButtonByText, renderPage, sessionUser } from './render-orders-page';
import { orderDetail } from './order-fixtures';

jest.mock(
  'socket.io-client',
  () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule,
);

const KIT_LINE = {
  id: 71,
  remote_id: 'l1',
  product_sku: 'GIFT',
  matched_sku: 'GIFT-SET',
  product_id: 40,
  title: 'Gift set',
  quantity: 2,
  price: '15',
  tax_total: '5',
  discount_total: null,
  total_price: '30',
  kit_items: [
    { product_id: 31, sku: 'MUG-RED', quantity: 2 },
    { product_id: 32, sku: 'LID-1', quantity: 1 },
  ],
  options: [{ option_name: 'Gift wrap', option_value: 'Gold' }],
};
const PLAIN_LINE = {
  ...KIT_LINE,
  id: 72,
  remote_id: 'l2',
  product_sku: 'TEE-M',
  matched_sku: null,
  product_id: null,
  title: 'T-shirt',
  quantity: 3,
  price: '10',
  tax_total: null,
  total_price: '30',
  kit_items: null,
  options: [],
};
const FAILED_FULFILMENT: FulfilmentDto = {
  id: 91,
  uuid: 'f1f1f1f1-0000-4000-8000-000000000091',
  order_id: 501,
  courier: 'Royal Mail',
  shipping_method: 'Royal Mail 48',
  shipping_tracking_code: 'RM123456789GB',
  sync_status: 3,
  lines: [{ order_item_id: 71, quantity: 2 }],
  created_at: '2026-11-23T09:00:00Z',
  updated_at: '2026-11-23T09:00:00Z',
};
const ACTIVITY: ActivityDto = {
  id: 1,
  created_at: '2026-11-22T14:05:00Z',
  source: 'system',
  source_name: 'Shopify connector',
  via: 'import',
  event: 'order.created',
  subject_type: 'order',
  subject_id: 501,
  old: null,
  new: { order_number: 'SH-1001' },
};

/** The page header (title and actions), where the order's own actions are. */
const findHeader = async () =>
  (await screen.findByText('Order SH-1001', { selector: 'h2' })).parentElement?.parentElement as HTMLElement;
/** Opens the header's sync-status menu and answers the labels it offers. */
const openSyncMenu = async () => {
  fireEvent.click(buttonByText('Change sync status', await findHeader()));
  const menu = (await screen.findByRole('menu')) as HTMLElement;
  return {
    menu,
    labels: [...menu.querySelectorAll('.ant-dropdown-menu-title-content')].map((item) => item.textContent),
  };
};
const popoverTitled = async (title: string) =>
  (await screen.findByText(title)).closest('.ant-popover') as HTMLElement;

function stubOrder(order: OrderDetailDto) {
  return stubFetch({
    'GET /orders/:storeId/:orderId': { body: { data: order } },
    'GET /orders/:storeId/:orderId/fulfillments': {
      body: {
        data: order.fulfillments.map((fulfilment) => ({
          ...fulfilment,
          order_id: order.id,
          updated_at: fulfilment.created_at,
        })),
        meta: {
          total: order.fulfillments.length,
          lines: [
            {
              order_item_id: 71,
              product_sku: 'GIFT',
              title: 'Gift set',
              ordered: 2,
              fulfilled: 2,
              remaining: 0,
            },
            {
              order_item_id: 72,
              product_sku: 'TEE-M',
              title: 'T-shirt',
              ordered: 3,
              fulfilled: 0,
              remaining: 3,
            },
          ],
        },
      },
    },
    'GET /activities/order/:id': listBody([ACTIVITY]),
  });
}

const ORDER = orderDetail({
  currency: 'EUR',
  total: '64.5',
  items: [KIT_LINE, PLAIN_LINE],
  fulfillments: [FAILED_FULFILMENT],
  customer: { name: 'J*** D**', email: 'j***@e***', phone: null, remote_id: null },
  plugin_orders: [
    {
      id: 5,
      plugin_id: 8,
      name: 'Acme ShipBob',
      remote_id: 'SB-77',
      sync_status: 3,
      synced_at: '2026-11-23T10:00:00Z',
    },
  ],
  webhook_orders: [
    { id: 6, webhook_id: 9, name: 'ERP feed', remote_id: null, sync_status: 1, synced_at: null },
  ],
});

describe('Order detail', () => {
  it('shows lines with kit items and options, totals in the order’s currency, customer, fulfilments, plugins and activity', async () => {
    stubOrder(ORDER);
    renderPage('/orders/11/501');

    expect(await screen.findByText('Order SH-1001')).toBeInTheDocument();
    const items = screen.getByLabelText('Order items');
    expect(within(items).getByText('Gift wrap: Gold')).toBeInTheDocument();
    expect(within(items).getByText('MUG-RED')).toBeInTheDocument();
    expect(within(items).getByText('× 4', { exact: false })).toBeInTheDocument();
    expect(within(items).getByText('Not matched')).toBeInTheDocument();
    expect(within(items).getAllByText('€30.00')).toHaveLength(2);
    expect(screen.getByText('€64.50')).toBeInTheDocument();
    // Masked for a data-protection role by the server: shown exactly as given.
    expect(screen.getByText('J*** D**')).toBeInTheDocument();
    expect(screen.getByText('LS1 1AA GB')).toBeInTheDocument();

    const fulfilments = await screen.findByLabelText('Fulfilments');
    expect(within(fulfilments).getByText('RM123456789GB')).toBeInTheDocument();
    expect(within(fulfilments).getByText('2 × GIFT-SET')).toBeInTheDocument();
    expect(within(fulfilments).getByText('Failed')).toBeInTheDocument();

    const plugins = screen.getByLabelText('Plugins');
    expect(within(plugins).getByText('SB-77')).toBeInTheDocument();
    expect(buttonByText('Resend', plugins)).toBeInTheDocument();
    expect(within(screen.getByLabelText('Webhooks')).getByText('ERP feed')).toBeInTheDocument();

    expect(await screen.findByText('via import', { exact: false })).toBeInTheDocument();
  });

  it('offers the sync-status moves allowed from the order’s status, confirmed first', async () => {
    const api = stubOrder(ORDER);
    api.on('POST /orders/:storeId/updateSyncStatus', {
      body: { message: 'Updated.', data: { updated: 1, skipped: 0 } },
    });
    renderPage('/orders/11/501');

    // Pending: hold or exclude; nothing to resend or cancel.
    const { menu, labels } = await openSyncMenu();
    expect(labels).toEqual(['Put on hold', 'Exclude']);
    fireEvent.click(within(menu).getByText('Exclude'));
    const dialog = await findModal('Exclude: SH-1001?');
    expect(within(dialog).getByText('Its sync status becomes excluded.')).toBeInTheDocument();
    expect(api.calls('POST', '/orders/11/updateSyncStatus')).toHaveLength(0);
    fireEvent.click(buttonByText('Exclude', dialog));
    await waitFor(() => expect(api.calls('POST', '/orders/11/updateSyncStatus')).toHaveLength(1));
    expect(api.calls('POST', '/orders/11/updateSyncStatus')[0]?.body).toEqual({
      action_type: 'order',
      status: 6,
      order_ids: [501],
    });
    await waitFor(() => expect(api.calls('GET', '/orders/11/501').length).toBeGreaterThan(1));
  });

  it('resends an excluded order, forced when asked', async () => {
    const api = stubOrder({ ...ORDER, sync_status: 6 });
    api.on('PUT /orders/:storeId/:orderId/resendTheExcludedOrder', {
      body: { message: 'The orders will be sent again.', data: { updated: 1, skipped: 0 } },
    });
    renderPage('/orders/11/501');
    const { menu, labels } = await openSyncMenu();
    expect(labels).toEqual(['Resend']);
    fireEvent.click(within(menu).getByText('Resend'));
    const dialog = await findModal('Resend SH-1001?');
    fireEvent.click(within(dialog).getByText('Force resend', { exact: false }));
    fireEvent.click(buttonByText('Resend', dialog));
    await waitFor(() => expect(api.calls('PUT', '/orders/11/501/resendTheExcludedOrder')).toHaveLength(1));
    expect(api.calls('PUT', '/orders/11/501/resendTheExcludedOrder')[0]?.query.get('force_resend')).toBe('1');
  });

  it('moves a click-and-collect order one pickup step on', async () => {
    const api = stubOrder({
      ...ORDER,
      order_type: 'pickup',
      pickup: {
        order_id: 501,
        pickup_status: 'awaiting',
        pickup_sync_status: 0,
        next_action: 'Mark as Ready For Pickup',
      },
    });
    api.on('PUT /orders/:storeId/:orderId/sendPickupOrder', {
      body: { message: 'The pickup status of the order was updated.', data: {} },
    });
    renderPage('/orders/11/501');
    fireEvent.click(buttonByText('Mark as Ready For Pickup', await findHeader()));
    fireEvent.click(
      buttonByText('Mark as Ready For Pickup', await popoverTitled('Mark as Ready For Pickup: SH-1001?')),
    );
    await waitFor(() => expect(api.calls('PUT', '/orders/11/501/sendPickupOrder')).toHaveLength(1));
    expect(api.calls('PUT', '/orders/11/501/sendPickupOrder')[0]?.body).toEqual({
      action: 'Mark as Ready For Pickup',
    });
  });

  it('creates a partial fulfilment of the lines left, with the server’s field messages under the fields', async () => {
    const api = stubOrder(ORDER);
    let attempts = 0;
    api.on('POST /orders/:storeId/:orderId/fulfillments', () => {
      attempts += 1;
      return attempts === 1
        ? validationError({
            courier: [
              'Choose a courier: the channel has no courier mapping for the shipping method Royal Mail 48.',
            ],
          })
        : { status: 201, body: { data: { ...FAILED_FULFILMENT, id: 92, sync_status: 0 } } };
    });
    renderPage('/orders/11/501');
    const card = (await screen.findByText('Fulfilments', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    );
    fireEvent.click(buttonByText('Create fulfilment', card as HTMLElement));
    const dialog = await findModal('Create fulfilment for SH-1001');
    // The kit line is fulfilled already: only the T-shirts are left.
    expect(within(dialog).queryByText('GIFT')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Quantity of TEE-M to fulfil'), {
      target: { value: '2' },
    });
    fireEvent.change(within(dialog).getByLabelText('Tracking code'), { target: { value: 'TRK-1' } });
    fireEvent.click(buttonByText('Create fulfilment', dialog));

    expect(
      await within(dialog).findByText(
        'Choose a courier: the channel has no courier mapping for the shipping method Royal Mail 48.',
      ),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Courier'), { target: { value: 'DPD' } });
    fireEvent.click(buttonByText('Create fulfilment', dialog));
    await waitFor(() => expect(attempts).toBe(2));
    expect(api.calls('POST', '/orders/11/501/fulfillments')[1]?.body).toEqual({
      courier: 'DPD',
      shipping_method: 'Royal Mail 48',
      shipping_tracking_code: 'TRK-1',
      lines: [{ order_item_id: 72, quantity: 2 }],
    });
    expect(await screen.findByText('The fulfilment was created.')).toBeInTheDocument();
  });

  it('says whether the courier may be left empty: the mapped courier by name, or a refusal before sending', async () => {
    const api = stubOrder(ORDER);
    api.on(`GET /stores/11/channels/${ORDER.channel_id}/courierMappings`, {
      body: {
        data: [
          {
            id: 1,
            store_id: 11,
            channel_id: ORDER.channel_id,
            shipping_method: 'DPD Next Day',
            channel_courier_id: 3,
            channel_courier: { id: 3, name: 'DPD', custom_name: 'DPD UK' },
            service_code: null,
            created_at: '2026-11-01T00:00:00Z',
            updated_at: '2026-11-01T00:00:00Z',
          },
        ],
        meta: { total: 1 },
      },
    });
    renderPage('/orders/11/501');
    const card = (await screen.findByText('Fulfilments', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    );
    fireEvent.click(buttonByText('Create fulfilment', card as HTMLElement));
    const dialog = await findModal('Create fulfilment for SH-1001');

    // Royal Mail 48 has no mapping: the help says so instead of promising one.
    expect(
      await within(dialog).findByText(
        'Enter the courier: the channel has no courier mapping for Royal Mail 48.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Leave empty/)).toBeNull();
    fireEvent.click(buttonByText('Create fulfilment', dialog));
    expect(
      await within(dialog).findByText(FULFILMENT_MESSAGES.courierRequired('Royal Mail 48')),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/orders/11/501/fulfillments')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Shipping method'), { target: { value: 'DPD Next Day' } });
    expect(
      await within(dialog).findByText('Leave empty to use DPD UK, the channel’s courier for DPD Next Day.'),
    ).toBeInTheDocument();
  });

  it('resends a failed fulfilment, and refetches when the order changes elsewhere', async () => {
    const api = stubOrder(ORDER);
    api.on('POST /orders/fulfillment/notSynced', {
      body: { message: 'The fulfilments will be sent again.', data: { updated: 1, skipped: 0 } },
    });
    renderPage('/orders/11/501');
    const fulfilments = await screen.findByLabelText('Fulfilments');
    fireEvent.click(buttonByText('Resend', fulfilments));
    fireEvent.click(
      buttonByText('Resend', await popoverTitled('Send this fulfilment to the channel again?')),
    );
    await waitFor(() => expect(api.calls('POST', '/orders/fulfillment/notSynced')).toHaveLength(1));
    expect(api.calls('POST', '/orders/fulfillment/notSynced')[0]?.body).toEqual({
      order_fulfillment_ids: [91],
    });

    await waitFor(() => expect(listenerCount('orders:changed')).toBeGreaterThan(0));
    api.on('GET /orders/:storeId/:orderId', { body: { data: { ...ORDER, status: 'Shipped' } } });
    act(() => serverEmits('orders:changed', { storeId: 11, orderIds: [501] }));
    expect(await screen.findByText('Shipped')).toBeInTheDocument();
  });

  it('shows no actions to someone who may only read orders', async () => {
    stubOrder(ORDER);
    renderPage('/orders/11/501', sessionUser({ scope: ['orders.read'] }));
    await screen.findByText('Order SH-1001');
    expect(queryButtonByText('Change sync status')).toBeNull();
    expect(queryButtonByText('Create fulfilment')).toBeNull();
    expect(queryButtonByText('Resend')).toBeNull();
  });
});
