import { createHmac, randomUUID } from 'node:crypto';
import type { ShopifyWebhook } from '../shopify-rest.types';
import { ShopRefusal, type OrderEvent } from './shop-state';
import { shopifyTime } from './simulator-time';

/** Topics the simulator can deliver (the ones the order sync subscribes to). */
export const WEBHOOK_TOPICS = new Set(['orders/create', 'orders/updated']);

export interface Delivery {
  webhookId: string;
  subscriptionId: number;
  topic: string;
  address: string;
  orderId: number;
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

  subscribe(input: { topic?: unknown; address?: unknown; format?: unknown }): ShopifyWebhook {
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
      fields: [],
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

  /** Called for every order change; delivery runs in the background. */
  onOrderEvent = (event: OrderEvent): void => {
    if (this.closed) return;
    const body = JSON.stringify(event.order);
    for (const subscription of this.subscriptions) {
      if (subscription.topic !== event.topic) continue;
      const delivery: Delivery = {
        webhookId: randomUUID(),
        subscriptionId: subscription.id,
        topic: event.topic,
        address: subscription.address,
        orderId: event.order.id,
        attempts: 0,
        lastStatus: null,
        state: 'pending',
      };
      this.deliveries.push(delivery);
      this.track(this.attempt(delivery, body));
    }
  };

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
    const signature = createHmac('sha256', this.options.clientSecret).update(body, 'utf8').digest('base64');
    try {
      const response = await fetch(delivery.address, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': delivery.topic,
          'x-shopify-hmac-sha256': signature,
          'x-shopify-shop-domain': this.options.shopDomain(),
          'x-shopify-webhook-id': delivery.webhookId,
          'x-shopify-api-version': this.options.apiVersion,
          'x-shopify-triggered-at': new Date(this.options.now()).toISOString(),
        },
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
