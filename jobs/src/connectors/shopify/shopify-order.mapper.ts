import type { NormalisedOrderInput } from '@syncdesk/contracts';
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

/** A Shopify order as the import service takes it. */
export function normaliseShopifyOrder(order: ShopifyOrder): NormalisedOrderInput {
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
  };
}
