import {
  headerOf,
  type ComplianceCustomer,
  type ComplianceRequest,
  type InboundDelivery,
} from '../../webhooks/provider-webhooks';

/**
 * Shopify's mandatory privacy webhooks (shopify.dev, "Privacy law compliance"), configured in the
 * app's settings rather than subscribed per shop, so they reach one app-level address:
 * - `customers/data_request` `{shop_id, shop_domain, orders_requested: [id], customer: {id, email,
 *   phone}, data_request: {id}}`: the merchant must be given what we hold about the customer;
 * - `customers/redact` `{shop_id, shop_domain, customer: {…}, orders_to_redact: [id]}`: erase it;
 * - `shop/redact` `{shop_id, shop_domain}`: 48 hours after the app was uninstalled, erase the shop's data.
 */
interface CompliancePayload {
  shop_domain?: unknown;
  customer?: { id?: unknown; email?: unknown; phone?: unknown } | null;
  orders_requested?: unknown;
  orders_to_redact?: unknown;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')
    ? String(value).trim()
    : null;
const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(idOf).filter((id): id is string => id !== null) : [];

function customerOf(payload: CompliancePayload): ComplianceCustomer {
  const customer = payload.customer ?? {};
  return { remoteId: idOf(customer.id), email: textOf(customer.email), phone: textOf(customer.phone) };
}

/** A verified delivery to the app-level address as a privacy request; null when it is none. */
export function parseShopifyCompliance(
  delivery: InboundDelivery,
  deliveryId: string,
): ComplianceRequest | null {
  let payload: CompliancePayload;
  try {
    payload = JSON.parse(delivery.rawBody.toString('utf8')) as CompliancePayload;
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const topic = headerOf(delivery, 'x-shopify-topic')?.trim() ?? '';
  // The body names the shop; the header is the same on Shopify's deliveries and stands in for a body without it.
  const account = (
    textOf(payload.shop_domain) ?? textOf(headerOf(delivery, 'x-shopify-shop-domain'))
  )?.toLowerCase();
  if (!account) return null;
  const common = { topic, account, deliveryId };
  switch (topic) {
    case 'customers/data_request':
      return {
        ...common,
        kind: 'customer_data_request',
        customer: customerOf(payload),
        orderIds: idsOf(payload.orders_requested),
      };
    case 'customers/redact':
      return {
        ...common,
        kind: 'customer_redact',
        customer: customerOf(payload),
        orderIds: idsOf(payload.orders_to_redact),
      };
    case 'shop/redact':
      return { ...common, kind: 'account_redact' };
    default:
      return null;
  }
}
