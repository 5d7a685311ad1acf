import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { buttonByText, choose, renderPage, sessionUser } from '../../invoices/__tests__/render-docs-page';
import { EMPTY_CONFIRMATION_ORDERS_TEXT } from '../ConfirmationOrderListPage';
import { deadlineText, durationText } from '../deadline-text';
import { ORDER } from './confirmation-order-fixtures';

const OVERDUE = {
  ...ORDER,
  id: 32,
  uuid: '6c1d0b5f-7e1a-4e9f-8b62-2a3b4c5d6e7f',
  purchase_order_number: 'PO-OLD',
  acknowledge_by: '2020-01-01T00:00:00.000Z',
};
const SENT = {
  ...ORDER,
  id: 33,
  uuid: 'x-33',
  purchase_order_number: 'PO-SENT',
  acknowledge_sync_status: 'processing' as const,
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Confirmation orders list', () => {
  it('lists each order with its status, acknowledgement and the time left (or overdue)', async () => {
    stubFetch({ 'GET /confirmationOrders/:storeId': listBody([ORDER, OVERDUE, SENT]) });
    renderPage('/confirmationOrders/11');

    const open = await rowOf('PO-7A1');
    expect(within(open).getByText('Amazon Vendor UK')).toBeInTheDocument();
    expect(within(open).getByText('Placed')).toBeInTheDocument();
    expect(within(open).getByText('Pending')).toBeInTheDocument();
    expect(within(open).getByText('20 Nov 2026 09:15:00 UTC')).toBeInTheDocument();
    expect(within(open).getByText(/left$/)).toBeInTheDocument();
    expect(within(await rowOf('PO-OLD')).getByText(/^Overdue by/)).toBeInTheDocument();
    expect(within(await rowOf('PO-SENT')).queryByText(/left$|^Overdue/)).toBeNull();
    fireEvent.click(screen.getByText('PO-7A1'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/confirmationOrders/11/31'),
    );
  });

  it('filters by acknowledgement and exports a date range', async () => {
    const api = stubFetch({
      'GET /confirmationOrders/:storeId': listBody([ORDER]),
      'POST /confirmationOrders/:storeId/export/:format': {
        status: 202,
        body: { message: 'Export started.', data: null },
      },
    });
    renderPage('/confirmationOrders/11');
    await rowOf('PO-7A1');
    await choose('Filter by acknowledgement', 'Failed');
    await waitFor(() => {
      const calls = api.calls('GET', '/confirmationOrders/11');
      expect(calls[calls.length - 1]?.query.get('acknowledge_sync_status[in]')).toBe('failed');
    });
    fireEvent.click(buttonByText('Export'));
    fireEvent.click(await screen.findByText('CSV'));
    await waitFor(() => expect(api.calls('POST', '/confirmationOrders/11/export/csv')).toHaveLength(1));
    expect(
      api.calls('POST', '/confirmationOrders/11/export/csv')[0]?.query.get('acknowledge_sync_status[in]'),
    ).toBe('failed');
  });

  it('says where confirmation orders come from when there are none', async () => {
    stubFetch({ 'GET /confirmationOrders/:storeId': listBody([]) });
    renderPage('/confirmationOrders/11');
    expect(await screen.findByText(EMPTY_CONFIRMATION_ORDERS_TEXT)).toBeInTheDocument();
  });

  it('asks which store when the user has several and has not used one yet', async () => {
    // The tests above opened store 11, which made it this user's current store.
    window.localStorage.clear();
    stubFetch({});
    renderPage(
      '/confirmationOrders',
      sessionUser({
        stores: [
          { id: 11, name: 'Acme Web' },
          { id: 12, name: 'Acme Trade' },
        ],
      }),
    );
    fireEvent.click(await screen.findByText('Acme Trade'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/confirmationOrders/12'));
  });
});

describe('deadline text', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it('gives the two largest units left, or how long ago it passed, and nothing once sent', () => {
    expect(deadlineText('2026-11-26T13:30:00Z', 'pending', now)).toEqual({
      text: '2 days 3 hours left',
      overdue: false,
    });
    expect(deadlineText('2026-11-24T09:15:00Z', 'failed', now)).toEqual({
      text: 'Overdue by 45 minutes',
      overdue: true,
    });
    expect(deadlineText('2026-11-24T10:00:30Z', 'pending', now)?.text).toBe('less than a minute left');
    expect(deadlineText('2026-11-26T13:30:00Z', 'processing', now)).toBeNull();
    expect(deadlineText(null, 'pending', now)).toBeNull();
    expect(durationText(86_400 + 120)).toBe('1 day');
  });
});
