import { JOB_NAMES } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { JobScheduler } from '../../jobs/job-scheduler';
import type { SyncStateService } from '../sync/sync-state.service';
import type { ChannelWebhookReceipts } from './channel-webhook-receipt.model';
import { shopifySignatureMatches } from './shopify-webhook-signature';

/** One delivery as it reached us: the channel named in the path, the raw body, the headers. */
export interface ShopifyDelivery {
  channelUuid: string;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface ChannelWebhookOutcome {
  /** A `channels.get_orders` job was queued for the order. */
  queued: boolean;
  /** The same webhook id was received before (a provider retry). */
  duplicate: boolean;
}

/** The sync state's part in a delivery: the announced change counts as lag until it is imported. */
export type UnimportedChanges = Pick<SyncStateService, 'noteUnimported'>;

export interface ChannelWebhookService {
  receiveShopify(delivery: ShopifyDelivery, syncState?: UnimportedChanges): Promise<ChannelWebhookOutcome>;
}

export interface ChannelWebhookDependencies {
  models: Pick<Models, 'Channel'>;
  receipts: ChannelWebhookReceipts;
  jobs: JobScheduler;
  /** The OAuth app's client secret for a channel type (`OAUTH_PROVIDERS_JSON`), or null when none. */
  appSecret(type: string): string | null;
}

const header = (headers: ShopifyDelivery['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The shop a channel is connected to, as Shopify names it in `X-Shopify-Shop-Domain`: the host of
 * its Shop URL (`acme.myshopify.com`; a simulator's `127.0.0.1:4010`, port included, so two shops on
 * one machine stay apart). URL parsing lower-cases it and drops a default port.
 */
function shopHostOf(settings: Record<string, unknown>): string | null {
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

/** Topics whose body is the whole order, kept so the download can import it without a call. */
const ORDER_BODY_TOPICS = new Set(['orders/create', 'orders/updated']);

/**
 * A channel's own webhooks, received on a public route: the signature is the only authority. An
 * order webhook lands in the channel's inbox with its body (the whole order) and queues a
 * `channels.get_orders` run, so the answer goes back at once. That run imports the body as is
 * unless it is older than what we hold (delivery order is not guaranteed) or unusable, in which
 * case it fetches the order; polling stays the safety net for a webhook that never came.
 */
export function createChannelWebhookService(deps: ChannelWebhookDependencies): ChannelWebhookService {
  return {
    async receiveShopify({ channelUuid, rawBody, headers }, syncState) {
      // The signature first: without the app's secret nobody learns which channel ids exist.
      const secret = deps.appSecret('shopify');
      if (!secret || !shopifySignatureMatches(rawBody, header(headers, 'x-shopify-hmac-sha256'), secret)) {
        throw new AppError('unauthenticated', 'The webhook signature is not valid.');
      }
      const channel = await deps.models.Channel.findOne({
        where: { uuid: channelUuid, type: 'shopify', kind: 'channel' },
      });
      if (!channel || !channel.is_active) throw AppError.notFound();
      // Signed by our app, but for another shop than this channel's: a subscription pointed here by
      // mistake, or a delivery captured from one shop and re-posted to another's channel (the
      // signature covers the body only). Shopify always names the shop, so a delivery that does
      // not is refused too, not waved through.
      const shopHost = shopHostOf(channel.settings ?? {});
      const domain = header(headers, 'x-shopify-shop-domain')?.trim().toLowerCase();
      if (!shopHost || !domain || domain !== shopHost) throw AppError.notFound();

      const topic = header(headers, 'x-shopify-topic') ?? '';
      const order = topic.startsWith('orders/') ? orderOf(rawBody) : null;
      if (!order) return { queued: false, duplicate: false };
      const queue = async (fromInbox: boolean) => {
        await syncState?.noteUnimported(channel.id, order.updatedAt ?? new Date());
        // From the inbox: a burst of webhooks is one download of all their orders (the channel's
        // get_orders budget is 10 calls per 30 s), the other runs find the inbox empty.
        await deps.jobs.enqueue(
          JOB_NAMES.getOrders,
          fromInbox
            ? { channelId: channel.id, fromWebhooks: true }
            : { channelId: channel.id, remoteOrderIds: [order.id] },
        );
      };
      const webhookId = header(headers, 'x-shopify-webhook-id')?.trim().slice(0, 100);
      if (!webhookId) {
        await queue(false);
        return { queued: true, duplicate: false };
      }
      const receipt = { channelId: channel.id, webhookId, topic, remoteId: order.id };
      const body = ORDER_BODY_TOPICS.has(topic) ? rawBody.toString('utf8') : null;
      if (!(await deps.receipts.claim({ ...receipt, body }))) return { queued: false, duplicate: true };
      try {
        await queue(true);
      } catch (error) {
        // Not queued: forget the receipt so Shopify's retry of this delivery is taken.
        await deps.receipts.release(receipt);
        throw error;
      }
      return { queued: true, duplicate: false };
    },
  };
}
