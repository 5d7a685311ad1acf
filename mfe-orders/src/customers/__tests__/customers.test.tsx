import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import type { CustomerDetailDto, CustomerDto } from '@syncdesk/contracts';
import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { DOCS_SCOPES, renderPage, sessionUser } from '../../invoices/__tests__/render-docs-page';
import { CUSTOMER_SEARCH_HIDDEN_TEXT, EMPTY_CUSTOMERS_TEXT } from '../CustomerListPage';

const JANE: CustomerDto = {
  id: 5,
  store_id: 11,
  name: 'Jane Buyer',
  email: 'jane@example.test',
  phone: null,
  channel_id: 3,
  channel_name: 'Acme Shopify',
  channel_customer_id: null,
  orders_count: 3,
  total_spent: [
    { currency: 'GBP', amount: '120.50', orders_count: 2 },
    { currency: 'EUR', amount: '30.00', orders_count: 1 },
  ],
  first_order_at: '2026-09-01T08:00:00.000Z',
  last_order_at: '2026-11-20T09:15:00.000Z',
  created_at: '2026-09-01T08:00:00.000Z',
  updated_at: '2026-11-20T09:15:00.000Z',
};

const DETAIL: CustomerDetailDto = {
  ...JANE,
  channels: [{ id: 3, name: 'Acme Shopify', orders_count: 3 }],
  shipping_address: {
    name: 'Jane Buyer',
    company: null,
    line1: '1 High Street',
    line2: null,
    city: 'Leeds',
    region: null,
    postcode: 'LS1 1AA',
    country: 'GB',
    phone: null,
  },
  invoice_address: null,
  recent_orders: [],
};

const ORDER = {
  id: 900,
  order_number: '#1042',
  channel_id: 3,
  channel_name: 'Acme Shopify',
  status: 'Shipped',
  sync_status: 2,
  payment_status: 'Paid',
  currency: 'GBP',
  total: '60.25',
  total_order_items: 2,
  order_date: '2026-11-20T09:15:00.000Z',
};

describe('Customers', () => {
  it('lists customers with their orders and what they spent per currency, and searches by name or e-mail', async () => {
    const api = stubFetch({ 'GET /customers/:storeId': listBody([JANE]) });
    renderPage('/customers/11');
    const row = (await screen.findByText('Jane Buyer')).closest('tr') as HTMLElement;
    expect(within(row).getByText('£120.50 · €30.00')).toBeInTheDocument();
    expect(within(row).getByText('20 Nov 2026 09:15:00 UTC')).toBeInTheDocument();
    const search = screen.getByLabelText('Search by name or e-mail');
    fireEvent.change(search, { target: { value: 'jane' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const calls = api.calls('GET', '/customers/11');
      expect(calls[calls.length - 1]?.query.get('search')).toBe('jane');
    });
  });

  it('offers a role under data protection no search the server would refuse, and says why', async () => {
    stubFetch({ 'GET /customers/:storeId': listBody([JANE]) });
    renderPage('/customers/11', sessionUser({ scope: [...DOCS_SCOPES, 'data_protection'] }));
    expect(await screen.findByText('Jane Buyer')).toBeInTheDocument();
    expect(screen.getByText(CUSTOMER_SEARCH_HIDDEN_TEXT)).toBeInTheDocument();
    expect(screen.queryByLabelText('Search by name or e-mail')).not.toBeInTheDocument();
  });

  it('says where customers come from when there are none', async () => {
    stubFetch({ 'GET /customers/:storeId': listBody([]) });
    renderPage('/customers/11');
    expect(await screen.findByText(EMPTY_CUSTOMERS_TEXT)).toBeInTheDocument();
  });

  it('shows the customer, their address and their orders, each linking to the order', async () => {
    stubFetch({
      'GET /customers/:storeId/:customerId': { body: { data: DETAIL } },
      'GET /customers/:storeId/:customerId/orders': listBody([ORDER]),
    });
    renderPage('/customers/11/5');
    expect(await screen.findByText('Jane Buyer', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText('1 High Street')).toBeInTheDocument();
    expect(screen.getByText('LS1 1AA', { exact: false })).toBeInTheDocument();
    const order = (await screen.findByText('#1042')).closest('tr') as HTMLElement;
    expect(within(order).getByText('Shipped')).toBeInTheDocument();
    expect(within(order).getByText('£60.25')).toBeInTheDocument();
    fireEvent.click(within(order).getByText('#1042'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders/11/900'));
  });
});
