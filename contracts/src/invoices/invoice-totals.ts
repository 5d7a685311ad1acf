import Decimal from 'decimal.js';

/**
 * Exact decimal arithmetic for invoice amounts (decimal.js: arbitrary precision, no binary
 * floating point), rounding half-up to 2 places. The definitions are documented on InvoiceLineDto.
 * Lives in contracts so the create form's live totals and the server's stored totals are the same
 * computation, to the penny.
 */
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
type Exact = InstanceType<typeof Exact>;

const money = (value: Exact) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

export interface LineAmountsInput {
  quantity: string;
  unit_price: string;
  discount_total: string;
  tax_total: string;
}

export interface LineAmounts {
  quantity: string;
  unit_price: string;
  discount_total: string;
  tax_total: string;
  /** Before the discount: round2(quantity × unit_price). */
  gross: string;
  /** round2(quantity × unit_price) − discount_total: negative when the discount is too big. */
  price: string;
}

export function lineAmounts(line: LineAmountsInput): LineAmounts {
  const gross = new Exact(line.quantity).times(line.unit_price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const discount = new Exact(line.discount_total);
  return {
    quantity: new Exact(line.quantity).toFixed(4),
    unit_price: new Exact(line.unit_price).toFixed(4),
    discount_total: money(discount),
    tax_total: money(new Exact(line.tax_total)),
    gross: money(gross),
    price: money(gross.minus(discount)),
  };
}

export interface InvoiceTotals {
  subtotal: string;
  discount_total: string;
  tax_total: string;
  total: string;
}

/** Sums of the lines' price, discount and tax; total = subtotal + tax. */
export function invoiceTotals(
  lines: readonly Pick<LineAmounts, 'price' | 'discount_total' | 'tax_total'>[],
): InvoiceTotals {
  let subtotal = new Exact(0);
  let discount = new Exact(0);
  let tax = new Exact(0);
  for (const line of lines) {
    subtotal = subtotal.plus(line.price);
    discount = discount.plus(line.discount_total);
    tax = tax.plus(line.tax_total);
  }
  return {
    subtotal: money(subtotal),
    discount_total: money(discount),
    tax_total: money(tax),
    total: money(subtotal.plus(tax)),
  };
}

export const isNegative = (value: string) => new Exact(value).isNegative() && !new Exact(value).isZero();
export const isZero = (value: string) => new Exact(value).isZero();
export const sameAmount = (a: string, b: string) => new Exact(a).equals(b);
/** DECIMAL columns come back with the column's scale ("1.5000"); the wire shows it trimmed to 2+ places. */
export const trimDecimal = (value: string, minPlaces = 0) => {
  const exact = new Exact(value);
  return exact.decimalPlaces() < minPlaces ? exact.toFixed(minPlaces) : exact.toFixed();
};

/** The largest amount a DECIMAL(14, 2) column holds. */
export const MAX_AMOUNT = '999999999999.99';
export const exceedsMaxAmount = (value: string) => new Exact(value).abs().greaterThan(MAX_AMOUNT);

/**
 * The tax of a tax-exclusive line price at a tax type's percent rate ("20.00"), half-up to 2
 * places: what the invoice form suggests for a line's tax amount (the seller may change it; the
 * server stores what is sent). Never negative.
 */
export function taxAmount(price: string, ratePercent: string): string {
  const tax = new Exact(price).times(ratePercent).dividedBy(100);
  return money(tax.isNegative() ? new Exact(0) : tax);
}
