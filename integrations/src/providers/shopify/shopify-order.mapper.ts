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
