import {
  normalisedOrderSchema,
  type NormalisedOrder,
  type NormalisedOrderLine,
  type OrderAddress,
} from '@syncdesk/contracts';

/**
 * Validation of one incoming order. Connectors hand over orders that are already clean (trimmed
 * text, decimal strings, ISO dates), and zod spent ~40 µs on each; `fastNormalise` checks that
 * plain shape by hand and builds exactly what `normalisedOrderSchema` would (same values, same key
 * order: the content hash is taken over it). Anything it is not sure of — a value to trim, a
 * number to round, a missing field, anything invalid — goes to zod, which stays the definition
 * and the one source of error messages. The test `normalise-order.test.ts` holds the two equal.
 */

export type NormaliseOutcome =
  { ok: true; order: NormalisedOrder } | { ok: false; issues: { path: PropertyKey[]; message: string }[] };

export function normaliseOrder(input: unknown): NormaliseOutcome {
  const fast = fastNormalise(input);
  if (fast) return { ok: true, order: fast };
  const parsed = normalisedOrderSchema.safeParse(input);
  return parsed.success ? { ok: true, order: parsed.data } : { ok: false, issues: parsed.error.issues };
}

const ORDER_STATUSES = new Set([
  'Unpaid',
  'Unshipped',
  'PartiallyShipped',
  'Shipped',
  'Cancelled',
  'Refunded',
  'Unfulfillable',
]);
const PAYMENT_STATUSES = new Set([
  'Pending',
  'Authorized',
  'PartiallyPaid',
  'Paid',
  'PartiallyRefunded',
  'Refunded',
  'Voided',
  'Blank',
]);
const DECIMAL = /^-?\d{1,12}(\.\d{1,4})?$/;
const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;
/** Whitespace `String.prototype.trim` would remove, at either end. */
const EDGE_SPACE = /^[\s\uFEFF\xA0]|[\s\uFEFF\xA0]$/;

/** Thrown (and caught in `fastNormalise`) when the slow path must decide. */
const UNSURE = Symbol('unsure');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Text that is already trimmed and within `max`; anything else is for zod. */
function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string' || value.length > max || EDGE_SPACE.test(value)) throw UNSURE;
  return value;
}

/** `optionalText`: absent, null or '' → null. */
function optionalText(value: unknown, max: number): string | null {
  if (value === undefined || value === null || value === '') return null;
  return cleanText(value, max);
}

/** `identifier`: a clean non-empty string, or a whole number kept as its text. */
function identifier(value: unknown, max: number): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw UNSURE;
    const text = String(value);
    if (text.length > max) throw UNSURE;
    return text;
  }
  const text = cleanText(value, max);
  if (text === '') throw UNSURE;
  return text;
}

/** A decimal string as zod keeps it; numbers are rounded by zod (one place does that). */
function decimal(value: unknown): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) throw UNSURE;
  return value;
}

function optionalDecimal(value: unknown): string | null {
  return value === undefined || value === null ? null : decimal(value);
}

function address(value: unknown): OrderAddress | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) throw UNSURE;
  const country = value.country;
  if (country !== undefined && country !== null && (typeof country !== 'string' || !COUNTRY.test(country)))
    throw UNSURE;
  return {
    name: optionalText(value.name, 190),
    company: optionalText(value.company, 190),
    line1: optionalText(value.line1, 255),
    line2: optionalText(value.line2, 255),
    city: optionalText(value.city, 120),
    region: optionalText(value.region, 120),
    postcode: optionalText(value.postcode, 40),
    country: (country as string | null | undefined) ?? null,
    phone: optionalText(value.phone, 60),
  };
}

function line(value: unknown): NormalisedOrderLine {
  if (!isRecord(value)) throw UNSURE;
  const quantity = value.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000)
    throw UNSURE;
  const options = value.options;
  let cleanOptions: NormalisedOrderLine['options'];
  if (options === undefined) cleanOptions = [];
  else if (!Array.isArray(options) || options.length > 100) throw UNSURE;
  else
    cleanOptions = options.map((option: unknown) => {
      if (!isRecord(option)) throw UNSURE;
      return {
        option_name: cleanText(option.option_name, 190),
        option_value: cleanText(option.option_value, 500),
      };
    });
  const result = {} as NormalisedOrderLine;
  // zod keeps `remote_id` only when the input has the key (absent stays absent, null stays null).
  if ('remote_id' in value) {
    const remoteId = value.remote_id;
    result.remote_id = remoteId === undefined || remoteId === null ? remoteId : identifier(remoteId, 120);
  }
  result.sku = optionalText(value.sku, 190);
  result.title = optionalText(value.title, 255);
  result.quantity = quantity;
  result.price = optionalDecimal(value.price);
  result.tax_total = optionalDecimal(value.tax_total);
  result.discount_total = optionalDecimal(value.discount_total);
  result.total_price = optionalDecimal(value.total_price);
  result.options = cleanOptions;
  return result;
}

/** The order as `normalisedOrderSchema` would give it, or null when zod has to decide. */
export function fastNormalise(input: unknown): NormalisedOrder | null {
  try {
    if (!isRecord(input)) return null;
    const status = input.status;
    if (typeof status !== 'string' || !ORDER_STATUSES.has(status)) return null;
    const payment = input.payment_status === undefined ? 'Blank' : input.payment_status;
    if (typeof payment !== 'string' || !PAYMENT_STATUSES.has(payment)) return null;
    const currency = input.currency;
    if (typeof currency !== 'string' || !CURRENCY.test(currency)) return null;
    const rawDate = input.order_date;
    let orderDate: Date;
    if (rawDate instanceof Date) orderDate = rawDate;
    else if (typeof rawDate === 'string' && rawDate !== '' && !EDGE_SPACE.test(rawDate))
      orderDate = new Date(rawDate);
    else return null;
    if (Number.isNaN(orderDate.getTime())) return null;

    const rawCustomer = input.customer;
    let customer: NormalisedOrder['customer'];
    if (rawCustomer === undefined) customer = { name: null, email: null, phone: null, remote_id: null };
    else if (!isRecord(rawCustomer)) return null;
    else
      customer = {
        name: optionalText(rawCustomer.name, 190),
        email: optionalText(rawCustomer.email, 190),
        phone: optionalText(rawCustomer.phone, 60),
        remote_id: optionalText(rawCustomer.remote_id, 190),
      };

    const tags = input.tags;
    let cleanTags: string[];
    if (tags === undefined) cleanTags = [];
    else if (!Array.isArray(tags) || tags.length > 100) return null;
    else cleanTags = tags.map((tag: unknown) => cleanText(tag, 100));

    const lines = input.lines;
    if (!Array.isArray(lines) || lines.length < 1 || lines.length > 1000) return null;

    return {
      remote_id: identifier(input.remote_id, 190),
      order_number: identifier(input.order_number, 150),
      status: status as NormalisedOrder['status'],
      payment_status: payment as NormalisedOrder['payment_status'],
      currency,
      subtotal: optionalDecimal(input.subtotal),
      shipping_total: optionalDecimal(input.shipping_total),
      tax_total: optionalDecimal(input.tax_total),
      discount_total: optionalDecimal(input.discount_total),
      total: decimal(input.total),
      order_date: orderDate,
      customer,
      shipping_address: address(input.shipping_address),
      invoice_address: address(input.invoice_address),
      shipping_method: optionalText(input.shipping_method, 190),
      tags: cleanTags,
      order_type: optionalText(input.order_type, 40),
      lines: lines.map(line),
    };
  } catch {
    // UNSURE, or an input that throws when read (a getter, a proxy): zod decides and says why.
    return null;
  }
}
