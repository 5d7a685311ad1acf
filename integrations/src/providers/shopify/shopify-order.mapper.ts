import type { NormalisedOrderInput } from '@syncdesk/contracts';
import type { ChannelOrderInput } from '../../connector';
import type { ShopifyAddress, ShopifyFinancialStatus, ShopifyOrder } from './shopify-rest.types';

type OrderStatus = NormalisedOrderInput['status'];
type PaymentStatus = NonNullable<NormalisedOrderInput['payment_status']>;

const PAYMENT: Record<ShopifyFinancialStatus, PaymentStatus> = {
  pending: 'Pending',
  authorized: 'Authorized',
  partially_paid: 'PartiallyPaid',
  paid: 'Paid',
  partially_refunded: 'PartiallyRefunded',
  refunded: 'Refunded',
  voided: 'Voided',
};

/** One status from Shopify's three (cancelled, financial, fulfilment); cancellation wins. */
export function orderStatusOf(
  order: Pick<ShopifyOrder, 'cancelled_at' | 'financial_status' | 'fulfillment_status'>,
): OrderStatus {
  if (order.cancelled_at || order.financial_status === 'voided') return 'Cancelled';
  if (order.financial_status === 'refunded') return 'Refunded';
  if (order.fulfillment_status === 'fulfilled') return 'Shipped';
  if (order.fulfillment_status === 'partial') return 'PartiallyShipped';
  if (order.financial_status === 'pending') return 'Unpaid';
  return 'Unshipped';
}

const sum = (values: (string | number | null | undefined)[]) =>
  values.reduce<number>((total, value) => total + (Number(value) || 0), 0);

function addressOf(address: ShopifyAddress | null): NormalisedOrderInput['shipping_address'] {
  if (!address) return null;
  const name = address.name ?? ([address.first_name, address.last_name].filter(Boolean).join(' ') || null);
  return {
    name,
    company: address.company,
    line1: address.address1,
    line2: address.address2,
    city: address.city,
    region: address.province,
    postcode: address.zip,
    country: address.country_code,
    phone: address.phone,
  };
}

/** A Shopify order as the import service takes it (with its `updated_at`, see `ChannelOrderInput`). */
export function normaliseShopifyOrder(order: ShopifyOrder): ChannelOrderInput {
  const shipping =
    order.total_shipping_price_set?.shop_money?.amount ??
    sum((order.shipping_lines ?? []).map((line) => line.price));
  const customer = order.customer;
  const customerName = customer
    ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || null
    : (order.shipping_address?.name ?? null);
  return {
    remote_id: String(order.id),
    // `name` ("#1001", or the shop's own prefix) is what the merchant and buyer see; the `#` is
    // Shopify's decoration, and our channel order prefix is added on import.
    order_number: (order.name ?? String(order.order_number)).replace(/^#/, ''),
    status: orderStatusOf(order),
    payment_status: PAYMENT[order.financial_status] ?? 'Blank',
    currency: order.currency,
    subtotal: order.subtotal_price ?? null,
    shipping_total: shipping,
    tax_total: order.total_tax ?? null,
    discount_total: order.total_discounts ?? null,
    total: order.total_price,
    order_date: order.processed_at ?? order.created_at,
    customer: {
      name: customerName,
      email: customer?.email ?? order.email ?? null,
      phone: customer?.phone ?? order.phone ?? null,
      remote_id: customer ? String(customer.id) : null,
    },
    shipping_address: addressOf(order.shipping_address),
    invoice_address: addressOf(order.billing_address),
    shipping_method: order.shipping_lines?.[0]?.title ?? null,
    tags: (order.tags ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    lines: order.line_items.map((line) => ({
      remote_id: String(line.id),
      sku: line.sku,
      title: line.variant_title ? `${line.title} - ${line.variant_title}` : line.title,
      quantity: line.quantity,
      price: line.price,
      tax_total: String(sum(line.tax_lines.map((tax) => tax.price)).toFixed(2)),
      discount_total: line.total_discount ?? null,
      options: (line.properties ?? [])
        .filter((property) => property.name && !property.name.startsWith('_'))
        .map((property) => ({ option_name: property.name, option_value: String(property.value) })),
    })),
    channel_updated_at: order.updated_at ?? null,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An orders/create or orders/updated body (the order as the REST API gives it) as the import takes
 * it, or null when it is not a whole order: no id, no `updated_at` (needed to refuse an older
 * delivery), no line items or a line without its id, quantity and taxes. The import's own
 * validation still checks every value; this only keeps the mapper from reading what is not there.
 */
export function shopifyOrderFromWebhook(topic: string, body: unknown): ChannelOrderInput | null {
  if (topic !== 'orders/create' && topic !== 'orders/updated') return null;
  if (!isRecord(body)) return null;
  if (typeof body.id !== 'number' || !Number.isSafeInteger(body.id)) return null;
  if (typeof body.updated_at !== 'string' || Number.isNaN(new Date(body.updated_at).getTime())) return null;
  if (typeof body.currency !== 'string' || typeof body.financial_status !== 'string') return null;
  if (body.total_price === undefined || body.total_price === null) return null;
  const lines = body.line_items;
  if (!Array.isArray(lines) || lines.length === 0) return null;
  for (const line of lines) {
    if (!isRecord(line) || typeof line.id !== 'number' || typeof line.quantity !== 'number') return null;
    if (!Array.isArray(line.tax_lines) || !line.tax_lines.every(isRecord)) return null;
    if (line.properties !== undefined && line.properties !== null && !Array.isArray(line.properties))
      return null;
  }
  for (const key of ['shipping_address', 'billing_address', 'customer'] as const) {
    if (body[key] !== undefined && body[key] !== null && !isRecord(body[key])) return null;
  }
  if (
    body.shipping_lines !== undefined &&
    body.shipping_lines !== null &&
    !Array.isArray(body.shipping_lines)
  )
    return null;
  if (body.tags !== undefined && body.tags !== null && typeof body.tags !== 'string') return null;
  try {
    return normaliseShopifyOrder(body as unknown as ShopifyOrder);
  } catch {
    return null;
  }
}

/** Money as the GraphQL Admin API gives it; we read the shop's currency amounts. */
interface GraphqlMoneyBag {
  shopMoney: { amount: string; currencyCode?: string };
}

export interface GraphqlMailingAddress {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  zip: string | null;
  countryCodeV2: string | null;
  phone: string | null;
}

export interface GraphqlLineItem {
  id: string;
  sku: string | null;
  title: string;
  variantTitle: string | null;
  quantity: number;
  originalUnitPriceSet: GraphqlMoneyBag;
  totalDiscountSet: GraphqlMoneyBag | null;
}

/** The order fields `ORDER_FIELDS` asks for (shopify.connector.ts). */
export interface GraphqlOrder {
  id: string;
  name: string;
  createdAt: string;
  processedAt: string | null;
  updatedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  currencyCode: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  subtotalPriceSet: GraphqlMoneyBag | null;
  totalShippingPriceSet: GraphqlMoneyBag | null;
  totalTaxSet: GraphqlMoneyBag | null;
  totalDiscountsSet: GraphqlMoneyBag | null;
  totalPriceSet: GraphqlMoneyBag;
  totalRefundedSet?: GraphqlMoneyBag | null;
  customer: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
  } | null;
  shippingAddress: GraphqlMailingAddress | null;
  billingAddress: GraphqlMailingAddress | null;
  shippingLines: { nodes: { title: string }[] };
  lineItems: { nodes: GraphqlLineItem[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/** Shopify's `OrderDisplayFinancialStatus` → our payment status. */
const GRAPHQL_PAYMENT: Record<string, PaymentStatus> = {
  PENDING: 'Pending',
  AUTHORIZED: 'Authorized',
  PARTIALLY_PAID: 'PartiallyPaid',
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'PartiallyRefunded',
  REFUNDED: 'Refunded',
  VOIDED: 'Voided',
  EXPIRED: 'Voided',
};

/**
 * The tag an order carries when Shopify withheld its buyer's name, contact and addresses (the app is
 * not approved for protected customer data): imported anyway, with those fields empty and this note.
 */
export const WITHHELD_CUSTOMER_TAG = 'Shopify withheld the customer details (protected customer data)';

/** One status from the GraphQL order's; a cancellation or full refund at the shop wins (spec's cancellation states). */
export function graphqlOrderStatusOf(
  order: Pick<
    GraphqlOrder,
    | 'cancelledAt'
    | 'displayFinancialStatus'
    | 'displayFulfillmentStatus'
    | 'totalPriceSet'
    | 'totalRefundedSet'
  >,
): OrderStatus {
  if (order.cancelledAt || order.displayFinancialStatus === 'VOIDED') return 'Cancelled';
  const total = Number(order.totalPriceSet?.shopMoney.amount);
  const refunded = Number(order.totalRefundedSet?.shopMoney.amount ?? 0);
  if (order.displayFinancialStatus === 'REFUNDED' || (total > 0 && refunded >= total)) return 'Refunded';
  if (order.displayFulfillmentStatus === 'FULFILLED') return 'Shipped';
  if (order.displayFulfillmentStatus === 'PARTIALLY_FULFILLED') return 'PartiallyShipped';
  if (order.displayFinancialStatus === 'PENDING') return 'Unpaid';
  return 'Unshipped';
}

const amountOf = (money: GraphqlMoneyBag | null | undefined) => money?.shopMoney.amount ?? null;
const numericId = (gid: string) => /(\d+)$/.exec(gid)?.[1] ?? gid;

function graphqlAddressOf(address: GraphqlMailingAddress | null): NormalisedOrderInput['shipping_address'] {
  if (!address) return null;
  return {
    name: address.name ?? ([address.firstName, address.lastName].filter(Boolean).join(' ') || null),
    company: address.company,
    line1: address.address1,
    line2: address.address2,
    city: address.city,
    region: address.province,
    postcode: address.zip,
    country: address.countryCodeV2,
    phone: address.phone,
  };
}

/**
 * A GraphQL order as the import takes it. Ids are the numeric tails of Shopify's global ids, the
 * same ids a webhook (REST JSON) and orders imported before carry, so an order is one row whichever
 * way it came. `withheld`: Shopify answered ACCESS_DENIED for this order's protected customer fields.
 */
export function normaliseGraphqlOrder(order: GraphqlOrder, withheld = false): ChannelOrderInput {
  const customer = order.customer;
  const customerName = customer
    ? [customer.firstName, customer.lastName].filter(Boolean).join(' ') || null
    : (order.shippingAddress?.name ?? null);
  const noBuyer = !customer && !order.email && !order.shippingAddress && !order.billingAddress;
  const tags = [...order.tags];
  if (withheld || noBuyer) tags.push(WITHHELD_CUSTOMER_TAG);
  return {
    remote_id: numericId(order.id),
    order_number: order.name.replace(/^#/, ''),
    status: graphqlOrderStatusOf(order),
    payment_status: GRAPHQL_PAYMENT[order.displayFinancialStatus ?? ''] ?? 'Blank',
    currency: order.currencyCode,
    subtotal: amountOf(order.subtotalPriceSet),
    shipping_total: amountOf(order.totalShippingPriceSet),
    tax_total: amountOf(order.totalTaxSet),
    discount_total: amountOf(order.totalDiscountsSet),
    total: order.totalPriceSet.shopMoney.amount,
    order_date: order.processedAt ?? order.createdAt,
    customer: {
      name: customerName,
      email: customer?.email ?? order.email ?? null,
      phone: customer?.phone ?? order.phone ?? null,
      remote_id: customer ? numericId(customer.id) : null,
    },
    shipping_address: graphqlAddressOf(order.shippingAddress),
    invoice_address: graphqlAddressOf(order.billingAddress),
    shipping_method: order.shippingLines?.nodes[0]?.title ?? null,
    tags,
    lines: order.lineItems.nodes.map((line) => ({
      remote_id: numericId(line.id),
      sku: line.sku,
      title: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
      quantity: line.quantity,
      price: line.originalUnitPriceSet.shopMoney.amount,
      discount_total: amountOf(line.totalDiscountSet),
    })),
    channel_updated_at: order.updatedAt,
  };
}
