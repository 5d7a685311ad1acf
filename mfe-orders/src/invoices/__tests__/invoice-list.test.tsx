import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { buttonByText, findModal, renderPage, sessionUser } from './render-docs-page';
import { EMPTY_INVOICES_TEXT } from '../InvoiceListPage';
import { IN_PROGRESS, PENDING, SYNCED, XERO } from './invoice-fixtures';

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const tick = (row: HTMLElement) =>
  fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLElement);

describe('Invoices list', () => {
  it('shows the spec’s columns: channel, customer, sync status, status, lines, total and invoice date', async () => {
    stubFetch({
      'GET /invoices/:storeId': listBody([PENDING]),
      'GET /invoices/:storeId/channels': { body: { data: [XERO] } },
    });
    renderPage('/invoices/11');
    const row = await rowOf('INV-000051');
    expect(within(row).getByText('Acme Xero')).toBeInTheDocument();
    expect(within(row).getByText('Jane Buyer')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('Authorised')).toBeInTheDocument();
    expect(within(row).getByText('£120.00')).toBeInTheDocument();
    expect(within(row).getByText('20 Nov 2026')).toBeInTheDocument();
  });

  it('changes the sync status of the ticked invoices after confirming, leaving out those that cannot change', async () => {
    const api = stubFetch({
      'GET /invoices/:storeId': listBody([PENDING, SYNCED, IN_PROGRESS]),
      'GET /invoices/:storeId/channels': { body: { data: [XERO] } },
      'PUT /invoices/:storeId/updateSyncStatus': {
        body: { message: 'The sync status of the invoices was updated.', data: { updated: 1 } },
      },
    });
    renderPage('/invoices/11');
    tick(await rowOf('INV-000051'));
    tick(await rowOf('INV-000053'));
    fireEvent.click(buttonByText('Change sync status'));
    fireEvent.click(await screen.findByText('Synced', { selector: '.ant-dropdown-menu-title-content' }));

    const dialog = await findModal('Change sync status');
    expect(within(dialog).getByText('Change the sync status of 1 invoice to Synced?')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 invoice of the chosen cannot change to Synced/)).toBeInTheDocument();
    expect(api.calls('PUT', '/invoices/11/updateSyncStatus')).toHaveLength(0);
    fireEvent.click(buttonByText('Change to Synced', dialog));

    await waitFor(() => expect(api.calls('PUT', '/invoices/11/updateSyncStatus')).toHaveLength(1));
    expect(api.calls('PUT', '/invoices/11/updateSyncStatus')[0]?.body).toEqual({
      invoice_ids: [PENDING.id],
      status: 'synced',
    });
    expect(await screen.findByText('The sync status of the invoices was updated.')).toBeInTheDocument();
  });

  it('after ‘Select all N’ resolves every matching invoice with the list’s filters and sends those that may change', async () => {
    const api = stubFetch({
      'GET /invoices/:storeId': listBody([PENDING, SYNCED, IN_PROGRESS], 3),
      'GET /invoices/:storeId/channels': { body: { data: [XERO] } },
      'PUT /invoices/:storeId/updateSyncStatus': {
        body: { message: 'The sync status of the invoices was updated.', data: { updated: 1 } },
      },
    });
    renderPage('/invoices/11');
    tick(await rowOf('INV-000051'));
    fireEvent.click(buttonByText('Select all 3'));
    fireEvent.click(buttonByText('Change sync status'));
    fireEvent.click(await screen.findByText('Updated', { selector: '.ant-dropdown-menu-title-content' }));

    const dialog = await findModal('Change sync status');
    expect(within(dialog).getByText('Change the sync status of 1 invoice to Updated?')).toBeInTheDocument();
    expect(within(dialog).getByText(/2 invoices of the chosen cannot change to Updated/)).toBeInTheDocument();
    const resolving = api.calls('GET', '/invoices/11').find((call) => call.query.get('per_page') === '500');
    expect(resolving).toBeDefined();
    fireEvent.click(buttonByText('Change to Updated', dialog));
    await waitFor(() =>
      expect(api.calls('PUT', '/invoices/11/updateSyncStatus')[0]?.body).toEqual({
        invoice_ids: [SYNCED.id],
        status: 'updated',
      }),
    );
  });

  it('hides the bulk change and Create from a user who may only read', async () => {
    stubFetch({
      'GET /invoices/:storeId': listBody([]),
      'GET /invoices/:storeId/channels': { body: { data: [XERO] } },
    });
    renderPage('/invoices/11', sessionUser({ scope: ['orders.read'] }));
    expect(await screen.findByText(EMPTY_INVOICES_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Create invoice')).toBeNull();
  });
});
