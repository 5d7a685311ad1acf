import { createHmac, randomUUID } from 'node:crypto';
import type { ShopifyWebhook } from './shop-resources';
import { ShopRefusal, type ShopEvent } from './shop-state';
import { shopifyTime } from './simulator-time';

/** Topics an app can subscribe to here (through `webhookSubscriptionCreate` or REST `webhooks.json`). */
export const WEBHOOK_TOPICS = new Set([
  'orders/create',
  'orders/updated',
  'orders/cancelled',
  'orders/fulfilled',
  'products/create',
  'products/update',
  'products/delete',
  'inventory_levels/update',
  'app/uninstalled',
  'bulk_operations/finish',
]);

/**
 * The mandatory privacy (compliance) topics: never subscribed through the API, only delivered to
 * the addresses in the app's configuration.
 */
export const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

export interface Delivery {
  webhookId: string;
  subscriptionId: number;
  topic: string;
  address: string;
  /** The order the delivery is about; null for other topics. */
  orderId: number | null;
  /** The delivered body, exactly as signed. */
  body: string;
  attempts: number;
  /** The last answer's status; null when the address could not be reached. */
  lastStatus: number | null;
  state: 'pending' | 'delivered' | 'failed';
}

export interface WebhookDeliveryOptions {
  clientSecret: string;
  /** `X-Shopify-Shop-Domain` of each delivery. */
  shopDomain: () => string;
  apiVersion: string;
  /** Waits before each retry of a failed delivery; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  now: () => number;
}

/**
 * Webhook subscriptions (`webhooks.json`) and their delivery: each order change is POSTed to every
 * address subscribed to its topic, signed with the app's secret (`X-Shopify-Hmac-Sha256`, base64 of
 * HMAC-SHA256 of the raw body), and a failed delivery is tried again with the same
 * `X-Shopify-Webhook-Id`, so the receiver can tell a retry from a new event.
 */
export class WebhookDelivery {
  readonly subscriptions: ShopifyWebhook[] = [];
  readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly options: WebhookDeliveryOptions,
    private readonly newId: () => number,
  ) {}

  subscribe(input: {
    topic?: unknown;
    address?: unknown;
    format?: unknown;
    fields?: string[];
  }): ShopifyWebhook {
    const topic = typeof input.topic === 'string' ? input.topic : '';
    const address = typeof input.address === 'string' ? input.address : '';
    if (!WEBHOOK_TOPICS.has(topic)) throw new ShopRefusal(422, { topic: ['Invalid topic specified.'] });
    if (!/^https?:\/\/\S+$/.test(address)) throw new ShopRefusal(422, { address: ['is invalid'] });
    if (input.format !== undefined && input.format !== 'json') {
      throw new ShopRefusal(422, { format: ['is not included in the list'] });
    }
    if (this.subscriptions.some((s) => s.topic === topic && s.address === address)) {
      throw new ShopRefusal(422, { address: ['for this topic has already been taken'] });
    }
    const at = shopifyTime(this.options.now());
    const webhook: ShopifyWebhook = {
      id: this.newId(),
      address,
      topic,
      created_at: at,
      updated_at: at,
      format: 'json',
      fields: input.fields ?? [],
      metafield_namespaces: [],
      api_version: this.options.apiVersion,
    };
    this.subscriptions.push(webhook);
    return webhook;
  }

  unsubscribe(id: number): void {
    const index = this.subscriptions.findIndex((subscription) => subscription.id === id);
    if (index < 0) throw new ShopRefusal(404, 'Not Found');
    this.subscriptions.splice(index, 1);
  }

  /** Called for every change at the shop; delivery runs in the background. */
  onOrderEvent = (event: ShopEvent): void => {
    const payload = 'order' in event ? event.order : 'product' in event ? event.product : event.level;
    this.publish(event.topic, payload, 'order' in event ? event.order.id : null);
  };

  /** Delivers `payload` to every subscription to `topic`; returns the deliveries started. */
  publish(topic: string, payload: unknown, orderId: number | null = null): Delivery[] {
    if (this.closed) return [];
    const started: Delivery[] = [];
    for (const subscription of this.subscriptions) {
      if (subscription.topic !== topic) continue;
      started.push(this.send(topic, subscription.address, payload, subscription.id, orderId));
    }
    return started;
  }

  /** One delivery to an address from the app's configuration (compliance topics, app/uninstalled). */
  sendToAppAddress(topic: string, address: string, payload: unknown): Delivery | null {
    if (this.closed) return null;
    return this.send(topic, address, payload, 0, null);
  }

  private send(
    topic: string,
    address: string,
    payload: unknown,
    subscriptionId: number,
    orderId: number | null,
  ): Delivery {
    const body = JSON.stringify(payload);
    const delivery: Delivery = {
      webhookId: randomUUID(),
      subscriptionId,
      topic,
      address,
      orderId,
      body,
      attempts: 0,
      lastStatus: null,
      state: 'pending',
    };
    this.deliveries.push(delivery);
    this.track(this.attempt(delivery, body));
    return delivery;
  }

  /** Settles once nothing is being delivered (uninstall: the last deliveries go before tokens do). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Stops retries and waits for deliveries under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async attempt(delivery: Delivery, body: string): Promise<void> {
    delivery.attempts += 1;
    const signature = shopifySignature(body, this.options.clientSecret);
    try {
      const response = await fetch(delivery.address, {
        method: 'POST',
        headers: shopifyWebhookHeaders({
          topic: delivery.topic,
          signature,
          shopDomain: this.options.shopDomain(),
          webhookId: delivery.webhookId,
          apiVersion: this.options.apiVersion,
          triggeredAt: new Date(this.options.now()).toISOString(),
        }),
        body,
        // Shopify gives a receiver about five seconds before it counts the delivery as failed.
        signal: AbortSignal.timeout(5000),
      });
      delivery.lastStatus = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) {
        delivery.state = 'delivered';
        return;
      }
    } catch {
      delivery.lastStatus = null;
    }
    const delay = this.options.retryDelaysMs[delivery.attempts - 1];
    if (delay === undefined || this.closed) {
      delivery.state = 'failed';
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(this.attempt(delivery, body));
    }, delay);
    this.timers.add(timer);
  }
}

/** The headers of a delivery, as Shopify sends them (lower case, as Node hands them on). */
export function shopifyWebhookHeaders(delivery: {
  topic: string;
  signature: string;
  shopDomain: string;
  webhookId: string;
  apiVersion: string;
  triggeredAt: string;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-shopify-topic': delivery.topic,
    'x-shopify-hmac-sha256': delivery.signature,
    'x-shopify-shop-domain': delivery.shopDomain,
    'x-shopify-webhook-id': delivery.webhookId,
    'x-shopify-api-version': delivery.apiVersion,
    'x-shopify-triggered-at': delivery.triggeredAt,
  };
}

/** base64 of HMAC-SHA256 of the raw body with the app's client secret. */
export function shopifySignature(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}
