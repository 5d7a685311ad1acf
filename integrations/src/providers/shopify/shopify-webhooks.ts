import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { headerOf, type InboundDelivery, type ProviderWebhooks } from '../../webhooks/provider-webhooks';
import { parseShopifyCompliance } from './shopify-compliance';

/**
 * Shopify signs a webhook with `X-Shopify-Hmac-Sha256`: base64 of HMAC-SHA256 over the body's raw
 * bytes, keyed with the app's client secret (channel-apis §6b). Compared in constant time, so the
 * answer's timing tells nothing about how much of a forged signature was right.
 */
export function shopifySignatureMatches(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The shop a channel is connected to, as Shopify names it in `X-Shopify-Shop-Domain`: the host of
 * its Shop URL (`acme.myshopify.com`; a simulator's `127.0.0.1:4010`, port included, so two shops on
 * one machine stay apart). URL parsing lower-cases it and drops a default port.
 */
export function shopHostOf(settings: Record<string, unknown>): string | null {
  const raw = typeof settings.shop_url === 'string' ? settings.shop_url.trim() : '';
  try {
    return raw ? new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`).host : null;
  } catch {
    return null;
  }
}

/** The order an `orders/*` payload is (its body is the order): its id and when it changed. */
function orderOf(rawBody: Buffer): { id: string; updatedAt: Date | null } | null {
  try {
    const order = JSON.parse(rawBody.toString('utf8')) as { id?: unknown; updated_at?: unknown } | null;
    const id = order?.id;
    if (typeof id !== 'number' && (typeof id !== 'string' || id === '')) return null;
    const updatedAt = typeof order?.updated_at === 'string' ? new Date(order.updated_at) : null;
    return { id: String(id), updatedAt: updatedAt && !Number.isNaN(updatedAt.getTime()) ? updatedAt : null };
  } catch {
    return null;
  }
}

/**
 * The delivery's id as Shopify sends it on every retry (`X-Shopify-Webhook-Id`); without one, a
 * digest of the body, which a retry repeats too.
 */
export function shopifyDeliveryIdOf(delivery: InboundDelivery): string {
  const given = headerOf(delivery, 'x-shopify-webhook-id')?.trim().slice(0, 100);
  return given || `sha256:${createHash('sha256').update(delivery.rawBody).digest('hex').slice(0, 64)}`;
}

/** Topics whose body is the whole order, kept so the download can import it without a call. */
const ORDER_BODY_TOPICS = new Set(['orders/create', 'orders/updated']);

export const shopifyWebhooks: ProviderWebhooks = {
  accountOf: shopHostOf,
  parseCompliance: (delivery) => parseShopifyCompliance(delivery, shopifyDeliveryIdOf(delivery)),

  verify: (delivery: InboundDelivery, appSecret: string) =>
    shopifySignatureMatches(delivery.rawBody, headerOf(delivery, 'x-shopify-hmac-sha256'), appSecret),

  parse(delivery, connection) {
    // Signed by our app, but for another shop than this channel's: a subscription pointed here by
    // mistake, or a delivery captured from one shop and re-posted to another's channel (the
    // signature covers the body only). Shopify always names the shop, so a delivery that does
    // not is refused too, not waved through.
    const shopHost = shopHostOf(connection.settings);
    const domain = headerOf(delivery, 'x-shopify-shop-domain')?.trim().toLowerCase();
    if (!shopHost || !domain || domain !== shopHost) return { kind: 'other_connection' };
    const topic = headerOf(delivery, 'x-shopify-topic') ?? '';
    if (topic === 'app/uninstalled')
      return { kind: 'uninstalled', topic, deliveryId: shopifyDeliveryIdOf(delivery) };
    const order = topic.startsWith('orders/') ? orderOf(delivery.rawBody) : null;
    if (!order) return { kind: 'ignored', topic };
    return {
      kind: 'order',
      topic,
      remoteId: order.id,
      updatedAt: order.updatedAt,
      deliveryId: headerOf(delivery, 'x-shopify-webhook-id')?.trim().slice(0, 100) || null,
      body: ORDER_BODY_TOPICS.has(topic) ? delivery.rawBody.toString('utf8') : null,
    };
  },
};
