import type { NormalisedOrderInput } from '@syncdesk/contracts';
import type { MiraklAddress, MiraklOrder, MiraklOrderState, MiraklTax } from './mirakl-order.types';

type OrderStatus = NormalisedOrderInput['status'];
type PaymentStatus = NonNullable<NormalisedOrderInput['payment_status']>;

/**
 * THE table from Mirakl's order states to ours, kept in one place. Mirakl debits the customer only
 * after the seller accepts, so an order waiting for acceptance or for the debit is still Unpaid
 * (and the engine must not ship it); SHIPPING is the first state in which the seller is expected
 * to ship. Refused and cancelled orders are both Cancelled for us.
 */
export const MIRAKL_STATUS_TABLE: Readonly<
  Record<MiraklOrderState, { status: OrderStatus; payment: PaymentStatus }>
> = {
  STAGING: { status: 'Unpaid', payment: 'Pending' },
  WAITING_ACCEPTANCE: { status: 'Unpaid', payment: 'Pending' },
  WAITING_DEBIT: { status: 'Unpaid', payment: 'Pending' },
  WAITING_DEBIT_PAYMENT: { status: 'Unpaid', payment: 'Pending' },
  SHIPPING: { status: 'Unshipped', payment: 'Paid' },
  SHIPPED: { status: 'Shipped', payment: 'Paid' },
  TO_COLLECT: { status: 'Shipped', payment: 'Paid' },
  RECEIVED: { status: 'Shipped', payment: 'Paid' },
  CLOSED: { status: 'Shipped', payment: 'Paid' },
  REFUSED: { status: 'Cancelled', payment: 'Voided' },
  CANCELED: { status: 'Cancelled', payment: 'Voided' },
};

/** A state Mirakl adds later is imported as waiting (never shippable) rather than refused. */
const UNKNOWN_STATE = { status: 'Unpaid', payment: 'Blank' } as const;

export function miraklStatusOf(state: string): { status: OrderStatus; payment: PaymentStatus } {
  return MIRAKL_STATUS_TABLE[state as MiraklOrderState] ?? UNKNOWN_STATE;
}

/** Mirakl sends ISO 3166-1 alpha-3; we keep alpha-2. The countries Mirakl operators sell to most. */
const ALPHA3_TO_ALPHA2: Readonly<Record<string, string>> = {
  AUT: 'AT',
  BEL: 'BE',
  BGR: 'BG',
  CAN: 'CA',
  CHE: 'CH',
  CYP: 'CY',
  CZE: 'CZ',
  DEU: 'DE',
  DNK: 'DK',
  ESP: 'ES',
  EST: 'EE',
  FIN: 'FI',
  FRA: 'FR',
  GBR: 'GB',
  GRC: 'GR',
  HRV: 'HR',
  HUN: 'HU',
  IRL: 'IE',
  ISL: 'IS',
  ITA: 'IT',
  LTU: 'LT',
  LUX: 'LU',
  LVA: 'LV',
  MCO: 'MC',
  MLT: 'MT',
  NLD: 'NL',
  NOR: 'NO',
  POL: 'PL',
  PRT: 'PT',
  ROU: 'RO',
  SVK: 'SK',
  SVN: 'SI',
  SWE: 'SE',
  USA: 'US',
  AUS: 'AU',
  NZL: 'NZ',
  JPN: 'JP',
  MEX: 'MX',
  BRA: 'BR',
  TUR: 'TR',
  UKR: 'UA',
  ISR: 'IL',
  ARE: 'AE',
  SAU: 'SA',
  ZAF: 'ZA',
};

function countryOf(code: string | null | undefined): string | null {
  if (!code) return null;
  const upper = code.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) return upper;
  return ALPHA3_TO_ALPHA2[upper] ?? null;
}

const joinName = (...parts: (string | null | undefined)[]) =>
  parts.filter((part) => part && part.trim()).join(' ') || null;

function addressOf(address: MiraklAddress | null | undefined): NormalisedOrderInput['shipping_address'] {
  if (!address) return null;
  return {
    name: joinName(address.firstname, address.lastname),
    company: address.company ?? null,
    line1: address.street_1 ?? null,
    line2: address.street_2 ?? null,
    city: address.city ?? null,
    region: address.state ?? null,
    postcode: address.zip_code ?? null,
    country: countryOf(address.country_iso_code),
    phone: address.phone ?? null,
  };
}

const taxSum = (taxes: MiraklTax[] | undefined) =>
  (taxes ?? []).reduce((sum, tax) => sum + (Number.isFinite(tax.amount) ? tax.amount : 0), 0);

/** One OR11 order as the import service takes it. */
export function toNormalisedOrder(order: MiraklOrder): NormalisedOrderInput {
  const { status, payment } = miraklStatusOf(order.order_state);
  const lines = [...(order.order_lines ?? [])].sort((a, b) => a.order_line_index - b.order_line_index);
  const taxTotal = lines.reduce((sum, line) => sum + taxSum(line.taxes) + taxSum(line.shipping_taxes), 0);
  return {
    remote_id: order.order_id,
    order_number: order.commercial_id || order.order_id,
    status,
    payment_status: payment,
    currency: order.currency_iso_code,
    subtotal: order.price,
    shipping_total: order.shipping_price,
    tax_total: lines.some((line) => line.taxes?.length || line.shipping_taxes?.length) ? taxTotal : null,
    total: order.total_price,
    order_date: order.created_date,
    customer: {
      name: joinName(order.customer?.firstname, order.customer?.lastname),
      email: order.customer_notification_email ?? null,
      phone: order.customer?.shipping_address?.phone ?? null,
      remote_id: order.customer?.customer_id ?? null,
    },
    shipping_address: addressOf(order.customer?.shipping_address),
    invoice_address: addressOf(order.customer?.billing_address),
    shipping_method: order.shipping_type_label || order.shipping_type_code || null,
    lines: lines.map((line) => ({
      remote_id: line.order_line_id,
      sku: line.offer_sku,
      title: line.product_title,
      quantity: line.quantity,
      price: line.price_unit,
      tax_total: line.taxes?.length ? taxSum(line.taxes) : null,
      total_price: line.price,
    })),
  };
}
