import { screen, within } from '@testing-library/react';

import { listBody, stubFetch } from '@syncdesk/web-kit/testing';

import { renderPage } from './render-docs-page';
import { DETAIL } from './invoice-fixtures';

describe('Invoice detail', () => {
  it('shows the lines with a 4-place unit price, the totals in GBP and the activity', async () => {
    stubFetch({
      'GET /invoices/:storeId/:invoiceId': { body: { data: DETAIL } },
      'GET /activities/invoice/:id': listBody([
        {
          id: 9,
          created_at: '2026-11-20T10:00:00.000Z',
          source: 'user',
          source_name: 'Olivia Owner',
          via: 'web',
          event: 'invoice.created',
          subject_type: 'invoice',
          subject_id: 51,
          old: null,
          new: { invoice_number: 'INV-000051', total: '40.01' },
        },
      ]),
    });
    renderPage('/invoices/11/51');
    expect(await screen.findByText('Invoice INV-000051')).toBeInTheDocument();
    const line = screen.getByText('Red mug').closest('tr') as HTMLElement;
    expect(within(line).getByText('£11.28')).toBeInTheDocument();
    expect(within(line).getByText('£33.34')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('£40.01');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('£6.67');
    expect(await screen.findByText(/Olivia Owner/)).toBeInTheDocument();
  });
});
