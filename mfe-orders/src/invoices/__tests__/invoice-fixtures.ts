import type {
  AccountingAccountDto,
  AccountingTaxTypeDto,
  InvoiceChannelDto,
  InvoiceDetailDto,
  InvoiceDto,
} from '@syncdesk/contracts';

export const XERO: InvoiceChannelDto = { id: 8, name: 'Acme Xero', type: 'xero', is_active: true };

export const ACCOUNTS: AccountingAccountDto[] = [
  { code: '200', name: 'Sales', type: 'REVENUE' },
  { code: '260', name: 'Other revenue', type: 'REVENUE' },
];

export const TAX_TYPES: AccountingTaxTypeDto[] = [
  { code: 'OUTPUT2', name: '20% (VAT on income)', rate: '20.00' },
  { code: 'ZERORATEDOUTPUT', name: 'Zero rated income', rate: '0.00' },
];

const invoice = (overrides: Partial<InvoiceDto>): InvoiceDto => ({
  id: 51,
  uuid: 'inv-51',
  store_id: 11,
  channel_id: XERO.id,
  channel_name: XERO.name,
  channel_type: 'xero',
  invoice_number: 'INV-000051',
  order_reference: null,
  customer_name: 'Jane Buyer',
  customer_email: 'jane@example.test',
  invoice_date: '2026-11-20',
  currency: 'GBP',
  status: 'authorised',
  sync_status: 'pending',
  synced_at: null,
  total_invoice_lines: 2,
  subtotal: '100.00',
  discount_total: '0.00',
  tax_total: '20.00',
  total: '120.00',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const PENDING = invoice({});
export const SYNCED = invoice({
  id: 52,
  uuid: 'inv-52',
  invoice_number: 'INV-000052',
  sync_status: 'synced',
});
export const IN_PROGRESS = invoice({
  id: 53,
  uuid: 'inv-53',
  invoice_number: 'INV-000053',
  sync_status: 'in_progress',
});

export const DETAIL: InvoiceDetailDto = {
  ...invoice({ subtotal: '33.34', discount_total: '0.50', tax_total: '6.67', total: '40.01' }),
  lines: [
    {
      id: 1,
      position: 1,
      sku: 'MUG-RED',
      product_nominal_code: '200',
      description: 'Red mug',
      quantity: '3',
      tax_type: 'OUTPUT2',
      tax_total: '6.67',
      discount_total: '0.50',
      unit_price: '11.2800',
      price: '33.34',
    },
  ],
};
