import type { NormalisedOrderInput } from '@syncdesk/contracts';
import type {
  ChannelCapability,
  ChannelConnector,
  ConnectorContext,
  FulfilmentPush,
  OrdersPage,
  StockLevel,
  StockPushOutcome,
  TokenGrant,
} from '../../connector';
import { ConnectorError } from '../../connector';
import { createShopifyApi, nextPageInfo } from './shopify-api';
import { connectorError, shopifyErrorsText, transportFailure } from './shopify-errors';
import { normaliseShopifyOrder, shopifyOrderFromWebhook } from './shopify-order.mapper';
import type {
  ShopifyAccessTokenGrant,
  ShopifyFulfillment,
  ShopifyFulfillmentOrder,
  ShopifyLocation,
  ShopifyOrder,
  ShopifyProduct,
  ShopifyWebhook,
} from './shopify-rest.types';

/** The largest page Shopify's REST API gives (channel-apis §1). */
const MAX_PAGE = 250;
/** The order topics that make an import happen at once (polling stays the safety net). */
export const SHOPIFY_ORDER_TOPICS = ['orders/create', 'orders/updated'] as const;

const CAPABILITIES: ReadonlySet<ChannelCapability> = new Set<ChannelCapability>([
  'listOrders',
  'getOrders',
  'pushStock',
  'pushFulfilment',
  'refreshToken',
  'webhooks',
]);

export interface ShopifyConnectorOptions {
  /** Orders per page (at most 250); tests use small pages to exercise the cursor. */
  pageSize?: number;
}

const idOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Shopify (Admin REST). Shopify has no "accept order" step for a merchant app (only fulfilment
 * services accept requests), so `acceptOrder` is left out.
 */
export function createShopifyConnector(
  context: ConnectorContext,
  options: ShopifyConnectorOptions = {},
): ChannelConnector {
  const { connection } = context;
  const api = createShopifyApi(context);
  const pageSize = Math.min(MAX_PAGE, Math.max(1, options.pageSize ?? MAX_PAGE));
  let locationId: number | null = null;
  let inventoryItems: Map<string, number> | null = null;

  async function ordersPage(searchParams: Record<string, string | number>): Promise<OrdersPage> {
    const { body, link } = await api.get<{ orders?: ShopifyOrder[] }>(
      'get_orders',
      'orders',
      searchParams,
      'the order list',
    );
    if (!Array.isArray(body.orders)) {
      throw connectorError('malformed', "Shopify's order list has no orders", 200, 'malformed_response');
    }
    let newest: number | null = null;
    for (const order of body.orders) {
      const updated = Date.parse(order.updated_at);
      if (!Number.isNaN(updated) && (newest === null || updated > newest)) newest = updated;
    }
    return {
      orders: body.orders.map(normaliseShopifyOrder),
      next: nextPageInfo(link),
      watermark: newest === null ? null : new Date(newest),
    };
  }

  /** The location stock is set at: the channel's chosen one, else the shop's first active one. */
  async function stockLocation(): Promise<number> {
    if (locationId !== null) return locationId;
    const chosen = idOf(connection.settings.location_id) ?? idOf(connection.settings.default_location);
    if (chosen !== null) return (locationId = chosen);
    const { body } = await api.get<{ locations?: ShopifyLocation[] }>(
      'update_stock',
      'locations',
      {},
      'the shop locations',
    );
    const first = (body.locations ?? []).find((location) => location.active) ?? body.locations?.[0];
    if (!first)
      throw connectorError(
        'validation',
        'The Shopify shop has no location to hold stock',
        200,
        'no_location',
      );
    return (locationId = first.id);
  }

  /** SKU → inventory item, read once per connector from the shop's products (REST has no SKU lookup). */
  async function inventoryItemsBySku(): Promise<Map<string, number>> {
    if (inventoryItems) return inventoryItems;
    const found = new Map<string, number>();
    let params: Record<string, string | number> = { limit: MAX_PAGE, fields: 'id,variants' };
    for (;;) {
      const { body, link } = await api.get<{ products?: ShopifyProduct[] }>(
        'get_products',
        'products',
        params,
        'the product list',
      );
      for (const product of body.products ?? []) {
        for (const variant of product.variants ?? []) {
          if (variant.sku && !found.has(variant.sku)) found.set(variant.sku, variant.inventory_item_id);
        }
      }
      const pageInfo = nextPageInfo(link);
      if (!pageInfo) break;
      params = { limit: MAX_PAGE, page_info: pageInfo, fields: 'id,variants' };
    }
    return (inventoryItems = found);
  }

  async function pushStock(levels: StockLevel[]): Promise<StockPushOutcome> {
    const outcome: StockPushOutcome = { accepted: [], rejected: [] };
    if (levels.length === 0) return outcome;
    const location = await stockLocation();
    const lookup = levels.some((level) => !idOf(level.remoteId)) ? await inventoryItemsBySku() : null;
    for (const level of levels) {
      const item = idOf(level.remoteId) ?? lookup?.get(level.sku) ?? null;
      if (item === null) {
        outcome.rejected.push({
          sku: level.sku,
          reason: `Shopify has no product variant with SKU ${level.sku}`,
          errorCode: 'unknown_sku',
        });
        continue;
      }
      try {
        await api.post(
          'update_stock',
          'inventory_levels/set',
          { location_id: location, inventory_item_id: item, available: level.quantity },
          `the stock of ${level.sku}`,
        );
        outcome.accepted.push(level.sku);
      } catch (error) {
        // A refusal of this one SKU (422: item not stocked at the location …) leaves the others to go.
        if (error instanceof ConnectorError && (error.kind === 'validation' || error.kind === 'not_found')) {
          outcome.rejected.push({
            sku: level.sku,
            reason: error.message,
            errorCode: error.details.code ?? undefined,
          });
          continue;
        }
        throw error;
      }
    }
    return outcome;
  }

  async function pushFulfilment(push: FulfilmentPush): Promise<{ remoteId: string | null }> {
    const orderId = idOf(push.orderRemoteId);
    if (orderId === null) {
      throw connectorError(
        'validation',
        `"${push.orderRemoteId}" is not a Shopify order id`,
        null,
        'bad_order_id',
      );
    }
    const { body } = await api.get<{ fulfillment_orders?: ShopifyFulfillmentOrder[] }>(
      'update_fulfillment',
      `orders/${orderId}/fulfillment_orders`,
      {},
      `the fulfilment orders of order ${orderId}`,
    );
    const open = (body.fulfillment_orders ?? []).filter(
      (fulfillmentOrder) => fulfillmentOrder.status === 'open' || fulfillmentOrder.status === 'in_progress',
    );
    if (open.length === 0) {
      const landed = await earlierSend(orderId, push);
      if (landed) return landed;
      throw connectorError(
        'invalid_state',
        `Shopify order ${orderId} has nothing left to fulfil (already fulfilled, cancelled or on hold)`,
        null,
        'no_open_fulfillment_order',
      );
    }
    let groups: ReturnType<typeof wholeOrders> | ReturnType<typeof byLine>;
    try {
      groups = push.lines.length === 0 ? wholeOrders(open) : byLine(open, push.lines, orderId);
    } catch (error) {
      const landed =
        error instanceof ConnectorError && error.details.code === 'line_not_fulfillable'
          ? await earlierSend(orderId, push)
          : null;
      if (landed) return landed;
      throw error;
    }
    const tracking: Record<string, string> = {};
    if (push.trackingCode) tracking.number = push.trackingCode;
    if (push.courier) tracking.company = push.courier;
    if (push.trackingUrl) tracking.url = push.trackingUrl;
    const notify = push.notifyCustomer ?? connection.settings.notify_customer === true;
    const answer = await api.post<{ fulfillment?: ShopifyFulfillment }>(
      'update_fulfillment',
      'fulfillments',
      {
        fulfillment: {
          notify_customer: notify,
          ...(Object.keys(tracking).length ? { tracking_info: tracking } : {}),
          line_items_by_fulfillment_order: groups,
        },
      },
      `the fulfilment of order ${orderId}`,
    );
    return { remoteId: answer.fulfillment?.id ? String(answer.fulfillment.id) : null };
  }

  /**
   * A send again of a fulfilment that already reached the shop: the worker that made it died after
   * Shopify took it and before we wrote that down, so its claim's lease ran out and the fulfilment
   * was sent again (flows/outbound-claims). Shopify has no idempotency key for fulfilments, so the
   * order's own fulfilments answer: one with our tracking number is that earlier send, and counts
   * as done rather than failing "nothing left to fulfil" or making a second one. Only asked when
   * the lines are no longer open, so an ordinary send costs no extra call. Without a tracking
   * number nothing tells ours from another's, and it fails as before (the seller looks).
   */
  async function earlierSend(orderId: number, push: FulfilmentPush): Promise<{ remoteId: string } | null> {
    const trackingCode = push.trackingCode;
    if (!trackingCode) return null;
    const { body } = await api.get<{ fulfillments?: ShopifyFulfillment[] }>(
      'update_fulfillment',
      `orders/${orderId}/fulfillments`,
      {},
      `the fulfilments of order ${orderId}`,
    );
    const found = (body.fulfillments ?? []).find(
      (fulfillment) =>
        fulfillment.status !== 'cancelled' &&
        (fulfillment.tracking_number === trackingCode ||
          (fulfillment.tracking_numbers ?? []).includes(trackingCode)),
    );
    return found ? { remoteId: String(found.id) } : null;
  }

  async function refreshToken(): Promise<TokenGrant> {
    const refresh = connection.credentials.refresh_token;
    if (!refresh) {
      throw connectorError(
        'token_expired',
        'This Shopify token cannot be renewed (it came without a refresh token): connect the channel again',
        null,
        'no_refresh_token',
      );
    }
    if (!context.app) {
      throw connectorError(
        'auth',
        'Shopify is not configured on this server (no app credentials)',
        null,
        'no_app',
      );
    }
    let response: Response;
    try {
      response = await context.http.request('auth', `${api.shopOrigin}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: context.app.clientId,
          client_secret: context.app.clientSecret,
          grant_type: 'refresh_token',
          refresh_token: refresh,
        }).toString(),
      });
    } catch (error) {
      throw transportFailure(error, 'the token renewal');
    }
    const text = await response.text();
    let body: Partial<ShopifyAccessTokenGrant> & { error?: string } = {};
    try {
      body = text ? (JSON.parse(text) as typeof body) : {};
    } catch {
      throw connectorError(
        'malformed',
        "Shopify's answer to the token renewal is not valid JSON",
        response.status,
        'malformed_response',
      );
    }
    if (!response.ok || !body.access_token) {
      const said = shopifyErrorsText(body) ?? `HTTP ${response.status}`;
      const code = body.error ?? 'refresh_failed';
      throw connectorError(
        code === 'invalid_grant' ? 'token_expired' : 'auth',
        `Shopify refused to renew the access token (${said}): connect the channel again`,
        response.status,
        code,
      );
    }
    const credentials: Record<string, string> = { access_token: body.access_token };
    if (body.refresh_token) credentials.refresh_token = body.refresh_token;
    return {
      credentials,
      expiresAt: typeof body.expires_in === 'number' ? new Date(Date.now() + body.expires_in * 1000) : null,
    };
  }

  async function subscribeWebhooks(callbackUrl: string): Promise<{ webhookIds: string[] }> {
    const webhookIds: string[] = [];
    let existing: ShopifyWebhook[] | null = null;
    for (const topic of SHOPIFY_ORDER_TOPICS) {
      try {
        const answer = await api.post<{ webhook?: ShopifyWebhook }>(
          'other',
          'webhooks',
          { webhook: { topic, address: callbackUrl, format: 'json' } },
          `the ${topic} webhook`,
        );
        if (answer.webhook?.id) webhookIds.push(String(answer.webhook.id));
      } catch (error) {
        // Subscribed before (a retried activation): Shopify says the address is taken; keep that one.
        if (!(error instanceof ConnectorError) || error.details.httpStatus !== 422) throw error;
        existing ??=
          (
            await api.get<{ webhooks?: ShopifyWebhook[] }>(
              'other',
              'webhooks',
              { limit: MAX_PAGE },
              'the webhook list',
            )
          ).body.webhooks ?? [];
        const same = existing.find((webhook) => webhook.topic === topic && webhook.address === callbackUrl);
        if (!same) throw error;
        webhookIds.push(String(same.id));
      }
    }
    return { webhookIds };
  }

  async function unsubscribeWebhooks(webhookIds: string[], callbackUrl?: string): Promise<void> {
    const ids = new Set(webhookIds);
    if (callbackUrl) {
      const { body } = await api.get<{ webhooks?: ShopifyWebhook[] }>(
        'other',
        'webhooks',
        { limit: MAX_PAGE },
        'the webhook list',
      );
      for (const webhook of body.webhooks ?? [])
        if (webhook.address === callbackUrl) ids.add(String(webhook.id));
    }
    for (const id of ids) {
      const webhookId = idOf(id);
      if (webhookId === null) continue;
      try {
        await api.delete('other', `webhooks/${webhookId}`, `webhook ${webhookId}`);
      } catch (error) {
        // Already gone (removed in the shop's admin, or the app uninstalled): nothing left to do.
        if (error instanceof ConnectorError && error.kind === 'not_found') continue;
        throw error;
      }
    }
  }

  return {
    provider: 'shopify',
    capabilities: CAPABILITIES,
    listOrders(since, cursor) {
      if (cursor) return ordersPage({ limit: pageSize, page_info: cursor });
      return ordersPage({
        ...(since ? { updated_at_min: since.toISOString() } : {}),
        status: 'any',
        limit: pageSize,
        // Oldest change first, so a page's newest `updated_at` is a safe watermark.
        order: 'updated_at asc',
      });
    },
    async getOrders(remoteIds: string[]): Promise<NormalisedOrderInput[]> {
      const ids = [...new Set(remoteIds.map(idOf).filter((id): id is number => id !== null))];
      const orders: NormalisedOrderInput[] = [];
      for (let start = 0; start < ids.length; start += MAX_PAGE) {
        const chunk = ids.slice(start, start + MAX_PAGE);
        const page = await ordersPage({ ids: chunk.join(','), status: 'any', limit: MAX_PAGE });
        orders.push(...page.orders);
      }
      return orders;
    },
    pushStock,
    pushFulfilment,
    refreshToken,
    orderFromWebhook: shopifyOrderFromWebhook,
    subscribeWebhooks,
    unsubscribeWebhooks,
  };
}

/** Every open fulfilment order in full (Shopify fulfils all of one when its lines are left out). */
function wholeOrders(open: ShopifyFulfillmentOrder[]) {
  return open.map((fulfillmentOrder) => ({ fulfillment_order_id: fulfillmentOrder.id }));
}

/** Our lines (Shopify line item ids) spread over the fulfilment orders that still hold them. */
function byLine(open: ShopifyFulfillmentOrder[], lines: FulfilmentPush['lines'], orderId: number) {
  const groups = new Map<number, { id: number; quantity: number }[]>();
  for (const line of lines) {
    let left = line.quantity;
    for (const fulfillmentOrder of open) {
      for (const item of fulfillmentOrder.line_items) {
        if (left <= 0) break;
        if (String(item.line_item_id) !== line.remoteId || item.fulfillable_quantity <= 0) continue;
        const quantity = Math.min(left, item.fulfillable_quantity);
        const group = groups.get(fulfillmentOrder.id) ?? [];
        group.push({ id: item.id, quantity });
        groups.set(fulfillmentOrder.id, group);
        left -= quantity;
      }
    }
    if (left > 0) {
      throw connectorError(
        'invalid_state',
        `Line ${line.remoteId} of Shopify order ${orderId} has only ${line.quantity - left} of ${line.quantity} left to fulfil`,
        null,
        'line_not_fulfillable',
      );
    }
  }
  return [...groups].map(([fulfillmentOrderId, items]) => ({
    fulfillment_order_id: fulfillmentOrderId,
    fulfillment_order_line_items: items,
  }));
}
