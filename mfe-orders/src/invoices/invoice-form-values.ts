import {
  invoiceTotals,
  lineAmounts,
  type CreateInvoiceInput,
  type InvoiceTotals,
  type LineAmounts,
} from '@syncdesk/contracts';

/** A line as the form holds it: amounts as the seller typed them (strings, never floats). */
export interface InvoiceLineValues {
  sku?: string | null;
  product_nominal_code?: string | null;
  description?: string;
  quantity?: string;
  tax_type?: string | null;
  tax_total?: string;
  discount_total?: string;
  unit_price?: string;
}

export interface InvoiceFormValues {
  channel_id?: number;
  customer_name?: string;
  customer_email?: string;
  invoice_number?: string;
  order_reference?: string;
  /** `YYYY-MM-DD`. */
  invoice_date?: string;
  currency?: string;
  status?: 'draft' | 'authorised';
  lines?: InvoiceLineValues[];
}

export const EMPTY_LINE: InvoiceLineValues = {
  sku: null,
  product_nominal_code: null,
  description: '',
  quantity: '1',
  tax_type: null,
  tax_total: '0.00',
  discount_total: '0.00',
  unit_price: '',
};

const DECIMAL = /^\d{1,10}(\.\d+)?$/;

/** What the seller typed, when it is a plain non-negative decimal; '0' while it is not (yet). */
export function decimalOrZero(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return DECIMAL.test(text) ? text : '0';
}

/** A line's amounts as the server will compute them (contracts' lineAmounts), from what is typed so far. */
export function liveLineAmounts(line: InvoiceLineValues | undefined): LineAmounts {
  return lineAmounts({
    quantity: decimalOrZero(line?.quantity),
    unit_price: decimalOrZero(line?.unit_price),
    discount_total: decimalOrZero(line?.discount_total),
    tax_total: decimalOrZero(line?.tax_total),
  });
}

/** The invoice's totals, live, to the penny the server will store. */
export function liveTotals(lines: readonly (InvoiceLineValues | undefined)[] | undefined): InvoiceTotals {
  return invoiceTotals((lines ?? []).map(liveLineAmounts));
}

const trimmed = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

/** The body of `POST invoices/{storeId}/create`, each line with the price the seller saw. */
export function invoiceInput(values: InvoiceFormValues): CreateInvoiceInput {
  return {
    channel_id: values.channel_id as number,
    customer_name: (values.customer_name ?? '').trim(),
    customer_email: trimmed(values.customer_email),
    invoice_number: trimmed(values.invoice_number),
    order_reference: trimmed(values.order_reference),
    invoice_date: values.invoice_date ?? '',
    currency: (values.currency ?? '').trim(),
    status: values.status ?? 'authorised',
    lines: (values.lines ?? []).map((line) => ({
      sku: trimmed(line.sku),
      product_nominal_code: trimmed(line.product_nominal_code),
      description: (line.description ?? '').trim(),
      quantity: (line.quantity ?? '').trim(),
      tax_type: (line.tax_type ?? '').trim(),
      tax_total: trimmed(line.tax_total) ?? '0',
      discount_total: trimmed(line.discount_total) ?? '0',
      unit_price: (line.unit_price ?? '').trim(),
      ...shownPrice(line),
    })),
  };
}

/**
 * The price the seller saw, sent so the server confirms it (a mismatch is a 422 on `price`); left
 * out while an amount is still invalid, where the amount's own message says what is wrong.
 */
function shownPrice(line: InvoiceLineValues): { price?: string } {
  const typed = [line.quantity, line.unit_price, line.discount_total ?? '0'];
  if (!typed.every((value) => DECIMAL.test((value ?? '').trim()))) return {};
  const { price } = liveLineAmounts(line);
  return price.startsWith('-') ? {} : { price };
}
