import { fireEvent, screen, waitFor } from '@testing-library/react';

import { liveTotals } from '../invoice-form-values';
import { listBody, stubFetch, validationError } from '@syncdesk/web-kit/testing';

import { buttonByText, renderPage } from './render-docs-page';
import { ACCOUNTS, DETAIL, TAX_TYPES, XERO } from './invoice-fixtures';

/** Picks an option of the Select labelled `label` (earlier dropdowns stay in the DOM: the last match is this one). */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = (await screen.findAllByTitle(option)).filter((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function stubReference() {
  // Patterns are tried in order and the last match wins: the detail before `channels`.
  return stubFetch({
    'GET /invoices/:storeId/:invoiceId': { body: { data: DETAIL } },
    'GET /invoices/:storeId/channels': { body: { data: [XERO] } },
    'GET /stores/:storeId/accounts': { body: { data: ACCOUNTS } },
    'GET /stores/:storeId/taxTypes': { body: { data: TAX_TYPES } },
    'GET /products/:storeId': listBody([]),
    'GET /activities/invoice/:id': listBody([]),
  });
}

async function fillTwoLines() {
  await screen.findByText('Line 1');
  type('Customer', 'Jane Buyer');
  type('Description, line 1', 'Red mug');
  type('Quantity, line 1', '3');
  type('Unit price, line 1', '11.28');
  type('Discount, line 1', '0.50');
  await choose('Tax type, line 1', '20% (VAT on income)');
  fireEvent.click(buttonByText('Add line'));
  await screen.findByText('Line 2');
  type('Description, line 2', 'Gift wrap');
  type('Unit price, line 2', '4.995');
  await choose('Tax type, line 2', '20% (VAT on income)');
}

describe('Creating an invoice', () => {
  it('shows prices and totals live to the penny, maps the server’s line errors, and sends what the seller saw', async () => {
    const api = stubReference();
    const discountError = 'The discount may not be greater than the line amount (5.00).';
    api.on('POST /invoices/:storeId/create', () => {
      // First answer: a 422 on the second line; the next one creates the invoice.
      api.on('POST /invoices/:storeId/create', { status: 201, body: { data: DETAIL } });
      return validationError({ 'lines.1.discount_total': [discountError] });
    });
    renderPage('/invoices/11/create');
    await fillTwoLines();

    // 3 × 11.28 − 0.50 = 33.34; 4.995 rounds half-up to 5.00; tax suggested at 20%: 6.67 + 1.00.
    await waitFor(() => expect(screen.getByTestId('invoice-total')).toHaveTextContent('£46.01'));
    expect(screen.getByTestId('invoice-subtotal')).toHaveTextContent('£38.34');
    expect(screen.getByTestId('invoice-discount')).toHaveTextContent('£0.50');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('£7.67');
    expect(screen.getByLabelText('Price, line 1')).toHaveTextContent('£33.34');

    fireEvent.click(buttonByText('Create invoice'));
    expect(
      await screen.findByText(discountError, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();

    fireEvent.click(buttonByText('Create invoice'));
    await waitFor(() => expect(api.calls('POST', '/invoices/11/create')).toHaveLength(2));
    const body = api.calls('POST', '/invoices/11/create')[1]?.body as {
      channel_id: number;
      lines: unknown[];
    };
    expect(body.channel_id).toBe(XERO.id);
    expect(body.lines).toEqual([
      expect.objectContaining({
        quantity: '3',
        unit_price: '11.28',
        discount_total: '0.50',
        tax_total: '6.67',
        tax_type: 'OUTPUT2',
        price: '33.34',
      }),
      expect.objectContaining({ quantity: '1', unit_price: '4.995', tax_total: '1.00', price: '5.00' }),
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/invoices/11/51'));
  });

  it('checks each line with the contracts’ rules before sending', async () => {
    const api = stubReference();
    renderPage('/invoices/11/create');
    await screen.findByText('Line 1');
    type('Quantity, line 1', '1.23456');
    fireEvent.click(buttonByText('Create invoice'));
    expect(await screen.findByText('The quantity may have at most 4 decimal places.')).toBeInTheDocument();
    expect(await screen.findByText('The description field is required.')).toBeInTheDocument();
    expect(api.calls('POST', '/invoices/11/create')).toHaveLength(0);
  });
});

describe('live totals', () => {
  it('treat an amount still being typed as nothing yet', () => {
    expect(liveTotals([{ quantity: '2', unit_price: '1.', discount_total: '' }]).total).toBe('0.00');
    expect(liveTotals([{ quantity: '0.1', unit_price: '0.2', tax_total: '0.01' }])).toEqual({
      subtotal: '0.02',
      discount_total: '0.00',
      tax_total: '0.01',
      total: '0.03',
    });
  });
});
