import type { NormalisedOrderInput } from '@syncdesk/contracts';
import type {
  ChannelCapability,
  ChannelConnector,
  ChannelListingInput,
  ConnectorContext,
  FulfilmentPush,
  ListingsPage,
  OrdersPage,
  StockLevel,
  StockPushOptions,
  StockPushOutcome,
  TokenGrant,
} from '../../connector';
import { ConnectorError } from '../../connector';
import { connectorError, shopifyErrorsText, transportFailure, userErrorsFailure } from './shopify-errors';
import {
  createShopifyGraphql,
  gidOf,
  legacyIdOf,
  type GraphqlError,
  type ShopifyGraphql,
} from './shopify-graphql';
import {
  normaliseGraphqlOrder,
  shopifyOrderFromWebhook,
  type GraphqlLineItem,
  type GraphqlOrder,
} from './shopify-order.mapper';
import { readJsonLines } from './shopify-jsonl';
import {
  ORDERS_QUERY,
  ORDER_NODES_QUERY,
  ORDER_LINES_QUERY,
  LOCATIONS_QUERY,
  INVENTORY_ITEMS_BY_SKU_QUERY,
  SET_QUANTITIES_MUTATION,
  LEVELS_QUERY,
  FULFILLMENT_ORDERS_QUERY,
  FULFILLMENT_CREATE_MUTATION,
  TRACKING_UPDATE_MUTATION,
  WEBHOOK_CREATE_MUTATION,
  WEBHOOKS_QUERY,
  WEBHOOK_DELETE_MUTATION,
  VARIANTS_QUERY,
  VARIANTS_COUNT_QUERY,
  BULK_RUN_MUTATION,
  BULK_VARIANTS,
  BULK_STATUS_QUERY,
} from './shopify-queries';

/** The order topics that make an import happen at once (polling stays the safety net). */
export const SHOPIFY_ORDER_TOPICS = ['orders/create', 'orders/updated'] as const;
/** What we subscribe to (GraphQL `WebhookSubscriptionTopic`s). */
export const SHOPIFY_WEBHOOK_TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'ORDERS_CANCELLED',
  'APP_UNINSTALLED',
  'PRODUCTS_UPDATE',
] as const;

/**
 * Orders per page. A query's requested cost counts every `first` multiplied through: an order with
 * its money, addresses and 5 line items asks about 44 points, so 20 orders (about 880) stay under Shopify's
 * 1,000-point cap for one query (a page of 250 would be refused as MAX_COST_EXCEEDED).
 */
const ORDERS_PER_PAGE = 20;
/** Shopify takes at most 250 quantities in one `inventorySetQuantities`. */
const QUANTITIES_PER_CALL = 250;
/** SKUs looked up in one productVariants search (the search string stays short). */
const SKUS_PER_LOOKUP = 50;
const VARIANTS_PER_PAGE = 100;
/** Listings handed over per page of a bulk download. */
const LISTINGS_PER_PAGE = 250;
/** From this many variants a download is one bulk operation rather than pages of queries. */
const BULK_FROM_VARIANTS = 2_000;
/** A stale compare-and-swap is read and pushed again at most this many times in a row. */
const MAX_STALE_ROUNDS = 3;

const CAPABILITIES: ReadonlySet<ChannelCapability> = new Set<ChannelCapability>([
  'listOrders',
  'getOrders',
  'pushStock',
  'pushFulfilment',
  'refreshToken',
  'webhooks',
  'listProducts',
]);

interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}
interface Connection<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
interface FulfillmentOrderNode {
  id: string;
  status: string;
  assignedLocation: { location: { id: string } | null } | null;
  lineItems: { nodes: { id: string; remainingQuantity: number; lineItem: { id: string } }[] };
}
interface FulfillmentNode {
  id: string;
  status: string;
  trackingInfo: { number: string | null }[];
}
interface VariantNode {
  id: string;
  sku: string | null;
  barcode: string | null;
  price: string | null;
  title: string;
  inventoryQuantity: number | null;
  product: { id: string; title: string } | null;
  inventoryItem: { id: string } | null;
}

/** The cursors we hand out: a page of orders (the search is repeated with it), a download's position. */
type OrdersCursor = { after: string; query: string | null };
type ProductsCursor =
  | { mode: 'pages'; after: string | null; currency: string | null }
  | { mode: 'bulk'; id: string; line: number; currency: string | null };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function decode<T>(cursor: string, what: string): T {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as T;
  } catch {
    throw connectorError('validation', `"${cursor}" is not a cursor of ${what}`, null, 'bad_cursor');
  }
}

export interface ShopifyConnectorOptions {
  /** Orders per page (the query's cost grows with it); tests use small pages to exercise the cursor. */
  pageSize?: number;
  /** Variants from which a product download is a bulk operation (tests lower it). */
  bulkFromVariants?: number;
  /** Shopify served another version than the one asked (it fell forward): tell the administrators. */
  onVersionMismatch?: (served: string, asked: string) => void;
}

/** Quotes a value for Shopify's search syntax. */
const searchValue = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Shopify on the GraphQL Admin API. Shopify has no "accept order" step for a merchant app (only
 * fulfilment services accept requests), so `acceptOrder` is left out.
 */
export function createShopifyConnector(
  context: ConnectorContext,
  options: ShopifyConnectorOptions = {},
): ChannelConnector {
  const { connection } = context;
  const api: ShopifyGraphql = createShopifyGraphql(context, {
    onVersionMismatch: options.onVersionMismatch,
  });
  const pageSize = Math.min(50, Math.max(1, options.pageSize ?? ORDERS_PER_PAGE));
  const bulkFrom = options.bulkFromVariants ?? BULK_FROM_VARIANTS;
  let locationId: string | null = null;

  /** An ACCESS_DENIED on a field inside one order: Shopify withholds protected customer data. */
  const withheldField = (error: GraphqlError) =>
    error.extensions?.code === 'ACCESS_DENIED' && (error.path?.length ?? 0) > 2;

  /** Orders as the import takes them, with the lines beyond the first page read in full. */
  async function normalise(
    orders: (GraphqlOrder | null)[],
    errors: GraphqlError[],
    indexAt: number,
  ): Promise<NormalisedOrderInput[]> {
    const withheld = new Set(errors.filter(withheldField).map((error) => Number(error.path?.[indexAt])));
    const result: NormalisedOrderInput[] = [];
    for (const [index, order] of orders.entries()) {
      if (!order || !order.id) continue;
      let lines = order.lineItems;
      const all: GraphqlLineItem[] = [...lines.nodes];
      while (lines.pageInfo.hasNextPage) {
        const { data } = await api.request<{ order: { lineItems: Connection<GraphqlLineItem> } | null }>(
          'get_orders',
          `the lines of order ${order.name}`,
          ORDER_LINES_QUERY,
          { id: order.id, after: lines.pageInfo.endCursor },
        );
        if (!data.order) break;
        lines = data.order.lineItems;
        all.push(...lines.nodes);
      }
      result.push(
        normaliseGraphqlOrder({ ...order, lineItems: { ...lines, nodes: all } }, withheld.has(index)),
      );
    }
    return result;
  }

  async function ordersPage(cursor: OrdersCursor | null, search: string | null): Promise<OrdersPage> {
    const { data, errors } = await api.request<{ orders: Connection<GraphqlOrder> }>(
      'get_orders',
      'the order list',
      ORDERS_QUERY,
      { first: pageSize, after: cursor?.after ?? null, query: cursor ? cursor.query : search },
      { partial: withheldField },
    );
    if (!data.orders || !Array.isArray(data.orders.nodes)) {
      throw connectorError('malformed', "Shopify's order list has no orders", 200, 'malformed_response');
    }
    let newest: number | null = null;
    for (const order of data.orders.nodes) {
      const updated = Date.parse(order?.updatedAt ?? '');
      if (!Number.isNaN(updated) && (newest === null || updated > newest)) newest = updated;
    }
    const { hasNextPage, endCursor } = data.orders.pageInfo;
    return {
      orders: await normalise(data.orders.nodes, errors, 2),
      next:
        hasNextPage && endCursor
          ? encode({ after: endCursor, query: cursor ? cursor.query : search } satisfies OrdersCursor)
          : null,
      watermark: newest === null ? null : new Date(newest),
    };
  }

  async function getOrders(remoteIds: string[]): Promise<NormalisedOrderInput[]> {
    const ids = [
      ...new Set(remoteIds.map((id) => legacyIdOf(String(id))).filter((id): id is string => !!id)),
    ];
    const orders: NormalisedOrderInput[] = [];
    for (let start = 0; start < ids.length; start += pageSize) {
      const chunk = ids.slice(start, start + pageSize).map((id) => gidOf('Order', id));
      const { data, errors } = await api.request<{ nodes: (GraphqlOrder | null)[] }>(
        'get_orders',
        'the named orders',
        ORDER_NODES_QUERY,
        { ids: chunk },
        { partial: withheldField },
      );
      orders.push(...(await normalise(data.nodes ?? [], errors, 1)));
    }
    return orders;
  }

  /** The location stock is set at: the channel's chosen one, else the shop's first active one. */
  async function stockLocation(): Promise<string> {
    if (locationId !== null) return locationId;
    const chosen = connection.settings.location_id ?? connection.settings.default_location;
    if ((typeof chosen === 'string' && chosen.trim()) || typeof chosen === 'number') {
      return (locationId = gidOf('Location', String(chosen).trim()));
    }
    const { data } = await api.request<{ locations: { nodes: { id: string; isActive: boolean }[] } }>(
      'update_stock',
      'the shop locations',
      LOCATIONS_QUERY,
    );
    const first = data.locations.nodes.find((location) => location.isActive) ?? data.locations.nodes[0];
    if (!first)
      throw connectorError(
        'validation',
        'The Shopify shop has no location to hold stock',
        200,
        'no_location',
      );
    return (locationId = first.id);
  }

  /** SKU → inventory item for the SKUs a push names without one, one search per 50 SKUs. */
  async function inventoryItemsBySku(skus: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let start = 0; start < skus.length; start += SKUS_PER_LOOKUP) {
      const chunk = skus.slice(start, start + SKUS_PER_LOOKUP);
      const { data } = await api.request<{
        inventoryItems: { nodes: { id: string; sku: string | null }[] };
      }>('get_products', 'the inventory items of the pushed SKUs', INVENTORY_ITEMS_BY_SKU_QUERY, {
        // Twice the SKUs: a loose match may bring a few more items than asked.
        first: SKUS_PER_LOOKUP * 2,
        query: chunk.map((sku) => `sku:${searchValue(sku)}`).join(' OR '),
      });
      for (const item of data.inventoryItems.nodes) {
        // Shopify's search matches loosely; only the exact SKU counts.
        if (item.sku && chunk.includes(item.sku) && !found.has(item.sku)) found.set(item.sku, item.id);
      }
    }
    return found;
  }

  /** What the shop has available now for these items at the location. */
  async function availableNow(items: string[], location: string): Promise<Map<string, number>> {
    const { data } = await api.request<{
      nodes: ({
        id: string;
        inventoryLevel: { quantities: { name: string; quantity: number }[] } | null;
      } | null)[];
    }>('update_stock', 'the stock at the shop', LEVELS_QUERY, { ids: items, locationId: location });
    const result = new Map<string, number>();
    for (const node of data.nodes) {
      const available = node?.inventoryLevel?.quantities.find((quantity) => quantity.name === 'available');
      if (node && available) result.set(node.id, available.quantity);
    }
    return result;
  }

  async function pushStock(
    levels: StockLevel[],
    pushOptions: StockPushOptions = {},
  ): Promise<StockPushOutcome> {
    const outcome: StockPushOutcome = { accepted: [], rejected: [], channelHad: [] };
    if (levels.length === 0) return outcome;
    const location = await stockLocation();
    const unknown = levels.filter((level) => !level.remoteId).map((level) => level.sku);
    const lookup =
      unknown.length > 0 ? await inventoryItemsBySku([...new Set(unknown)]) : new Map<string, string>();
    const items: { sku: string; item: string; quantity: number; from: number | null }[] = [];
    for (const level of levels) {
      const item = level.remoteId ? gidOf('InventoryItem', level.remoteId) : lookup.get(level.sku);
      if (!item) {
        outcome.rejected.push({
          sku: level.sku,
          reason: `Shopify has no product variant with SKU ${level.sku}`,
          errorCode: 'unknown_sku',
        });
        continue;
      }
      items.push({ sku: level.sku, item, quantity: level.quantity, from: level.lastKnownQuantity ?? null });
    }
    // Shopify refuses an item twice in one call: the last level given for an item is the one that stands.
    const last = new Map(items.map((entry) => [entry.item, entry]));
    for (const entry of items) if (last.get(entry.item) !== entry) outcome.accepted.push(entry.sku);
    items.splice(0, items.length, ...last.values());
    const reference =
      pushOptions.reference ?? `gid://syncdesk/StockPush/${connection.id}-${Date.now().toString(36)}`;
    for (let start = 0; start < items.length; start += QUANTITIES_PER_CALL) {
      await setQuantities(items.slice(start, start + QUANTITIES_PER_CALL), location, reference, outcome);
    }
    if (outcome.channelHad?.length === 0) delete outcome.channelHad;
    return outcome;
  }

  /**
   * One `inventorySetQuantities` of up to 250 items, compare-and-swap on what we last knew. A stale
   * figure (someone changed the stock at the shop) is read, reported, and the push made again from
   * it: our quantity is still the one that should stand, and no update is lost.
   */
  async function setQuantities(
    batch: { sku: string; item: string; quantity: number; from: number | null }[],
    location: string,
    reference: string,
    outcome: StockPushOutcome,
  ): Promise<void> {
    let pending = batch;
    for (let round = 0; pending.length > 0; round += 1) {
      const { data } = await api.request<{
        inventorySetQuantities: { userErrors: UserError[] } | null;
      }>('update_stock', `the stock of ${pending.length} SKU(s)`, SET_QUANTITIES_MUTATION, {
        input: {
          name: 'available',
          reason: 'correction',
          referenceDocumentUri: reference,
          quantities: pending.map((entry) => ({
            inventoryItemId: entry.item,
            locationId: location,
            quantity: entry.quantity,
            changeFromQuantity: entry.from,
          })),
        },
      });
      const userErrors = data.inventorySetQuantities?.userErrors ?? [];
      if (userErrors.length === 0) {
        outcome.accepted.push(...pending.map((entry) => entry.sku));
        return;
      }
      // The mutation is all or nothing: find which entries each error names (field: input.quantities.N…).
      const indexOf = (error: UserError) => {
        const at = error.field?.indexOf('quantities') ?? -1;
        const index = at >= 0 ? Number(error.field?.[at + 1]) : Number.NaN;
        return Number.isInteger(index) && index >= 0 && index < pending.length ? index : null;
      };
      const stale = userErrors.filter((error) => error.code === 'CHANGE_FROM_QUANTITY_STALE');
      const refused = new Map<number, UserError>();
      for (const error of userErrors) {
        if (error.code === 'CHANGE_FROM_QUANTITY_STALE') continue;
        const index = indexOf(error);
        if (index === null) {
          // An error of the whole input: nothing in this batch went through.
          const failure = userErrorsFailure(userErrors, 'the stock update');
          for (const entry of pending)
            outcome.rejected.push({
              sku: entry.sku,
              reason: failure.message,
              errorCode: failure.details.code ?? undefined,
            });
          return;
        }
        refused.set(index, error);
      }
      for (const [index, error] of refused) {
        const entry = pending[index]!;
        outcome.rejected.push({
          sku: entry.sku,
          reason: `Shopify refused the stock of ${entry.sku}: ${error.message}`,
          errorCode: String(error.code ?? 'user_error').toLowerCase(),
        });
      }
      let next = pending.filter((_, index) => !refused.has(index));
      if (stale.length > 0) {
        if (round >= MAX_STALE_ROUNDS) {
          for (const entry of next)
            outcome.rejected.push({
              sku: entry.sku,
              reason: `The stock of ${entry.sku} kept changing at Shopify while we set it; it is sent again next time`,
              errorCode: 'change_from_quantity_stale',
            });
          return;
        }
        const staleIndexes = new Set(stale.map(indexOf).filter((index): index is number => index !== null));
        // Without an index Shopify did not say which: read them all (one call either way).
        const reread =
          staleIndexes.size > 0 ? next.filter((entry) => staleIndexes.has(pending.indexOf(entry))) : next;
        const now = await availableNow(
          reread.map((entry) => entry.item),
          location,
        );
        next = next.map((entry) => {
          if (!reread.includes(entry)) return entry;
          const had = now.get(entry.item) ?? null;
          if (had !== null) outcome.channelHad!.push({ sku: entry.sku, quantity: had });
          return { ...entry, from: had };
        });
      }
      pending = next;
    }
  }

  async function pushFulfilment(push: FulfilmentPush): Promise<{ remoteId: string | null }> {
    const orderId = legacyIdOf(String(push.orderRemoteId));
    if (orderId === null) {
      throw connectorError(
        'validation',
        `"${push.orderRemoteId}" is not a Shopify order id`,
        null,
        'bad_order_id',
      );
    }
    const tracking: Record<string, string> = {};
    if (push.trackingCode) tracking.number = push.trackingCode;
    if (push.courier) tracking.company = push.courier;
    if (push.trackingUrl) tracking.url = push.trackingUrl;
    const notify = push.notifyCustomer ?? connection.settings.notify_customer === true;
    if (push.fulfilmentRemoteId) return updateTracking(push.fulfilmentRemoteId, tracking, notify);

    const { data } = await api.request<{
      order: {
        fulfillmentOrders: { nodes: FulfillmentOrderNode[] };
        fulfillments: FulfillmentNode[];
      } | null;
    }>('update_fulfillment', `the fulfilment orders of order ${orderId}`, FULFILLMENT_ORDERS_QUERY, {
      id: gidOf('Order', orderId),
    });
    if (!data.order) {
      throw connectorError('not_found', `Shopify could not find order ${orderId}`, 200, 'not_found');
    }
    const earlier = () => earlierSend(data.order!.fulfillments, push);
    const open = data.order.fulfillmentOrders.nodes.filter(
      (fulfillmentOrder) => fulfillmentOrder.status === 'OPEN' || fulfillmentOrder.status === 'IN_PROGRESS',
    );
    if (open.length === 0) {
      const landed = earlier();
      if (landed) return landed;
      throw connectorError(
        'invalid_state',
        `Shopify order ${orderId} has nothing left to fulfil (already fulfilled, cancelled or on hold)`,
        200,
        'no_open_fulfillment_order',
      );
    }
    let groups: {
      fulfillmentOrderId: string;
      location: string;
      fulfillmentOrderLineItems?: { id: string; quantity: number }[];
    }[];
    try {
      groups = push.lines.length === 0 ? wholeOrders(open) : byLine(open, push.lines, orderId);
    } catch (error) {
      const landed =
        error instanceof ConnectorError && error.details.code === 'line_not_fulfillable' ? earlier() : null;
      if (landed) return landed;
      throw error;
    }
    // One fulfilment holds fulfilment orders of one location only: a split order is one per location.
    const byLocation = new Map<string, typeof groups>();
    for (const group of groups)
      byLocation.set(group.location, [...(byLocation.get(group.location) ?? []), group]);
    const ids: string[] = [];
    for (const [, sameLocation] of byLocation) {
      const { data: created } = await api.request<{
        fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: UserError[] } | null;
      }>('update_fulfillment', `the fulfilment of order ${orderId}`, FULFILLMENT_CREATE_MUTATION, {
        fulfillment: {
          notifyCustomer: notify,
          ...(Object.keys(tracking).length ? { trackingInfo: tracking } : {}),
          lineItemsByFulfillmentOrder: sameLocation.map(
            ({ fulfillmentOrderId, fulfillmentOrderLineItems }) => ({
              fulfillmentOrderId,
              ...(fulfillmentOrderLineItems ? { fulfillmentOrderLineItems } : {}),
            }),
          ),
        },
      });
      const userErrors = created.fulfillmentCreate?.userErrors ?? [];
      if (userErrors.length > 0) throw userErrorsFailure(userErrors, `the fulfilment of order ${orderId}`);
      const id = legacyIdOf(created.fulfillmentCreate?.fulfillment?.id);
      if (id) ids.push(id);
    }
    return { remoteId: ids.length ? ids.join(',') : null };
  }

  async function updateTracking(
    fulfilmentRemoteId: string,
    tracking: Record<string, string>,
    notify: boolean,
  ): Promise<{ remoteId: string | null }> {
    // A split fulfilment was answered as "id,id": each gets the new tracking.
    const ids = fulfilmentRemoteId
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    for (const id of ids) {
      const { data } = await api.request<{
        fulfillmentTrackingInfoUpdate: { userErrors: UserError[] } | null;
      }>('update_fulfillment', `the tracking of fulfilment ${id}`, TRACKING_UPDATE_MUTATION, {
        fulfillmentId: gidOf('Fulfillment', id),
        trackingInfoInput: tracking,
        notifyCustomer: notify,
      });
      const userErrors = data.fulfillmentTrackingInfoUpdate?.userErrors ?? [];
      if (userErrors.length > 0) throw userErrorsFailure(userErrors, `the tracking of fulfilment ${id}`);
    }
    return { remoteId: ids.join(',') };
  }

  /**
   * A send again of a fulfilment that already reached the shop (the worker died after Shopify took
   * it, flows/outbound-claims): one of the order's fulfilments with our tracking number is that
   * earlier send and counts as done. Without a tracking number nothing tells ours from another's.
   */
  function earlierSend(fulfillments: FulfillmentNode[], push: FulfilmentPush): { remoteId: string } | null {
    const trackingCode = push.trackingCode;
    if (!trackingCode) return null;
    const found = fulfillments.find(
      (fulfillment) =>
        fulfillment.status !== 'CANCELLED' &&
        fulfillment.trackingInfo.some((info) => info.number === trackingCode),
    );
    return found ? ({ remoteId: legacyIdOf(found.id) } as { remoteId: string }) : null;
  }

  /** POST to the shop's token endpoint (refresh, token exchange); answers the new grant. */
  async function tokenRequest(form: Record<string, string>, what: string): Promise<TokenGrant> {
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
          ...form,
        }).toString(),
      });
    } catch (error) {
      throw transportFailure(error, what);
    }
    const text = await response.text();
    let body: { access_token?: string; refresh_token?: string; expires_in?: number; error?: string } = {};
    try {
      body = text ? (JSON.parse(text) as typeof body) : {};
    } catch {
      throw connectorError(
        'malformed',
        `Shopify's answer to ${what} is not valid JSON`,
        response.status,
        'malformed_response',
      );
    }
    if (!response.ok || !body.access_token) {
      const said = shopifyErrorsText(body) ?? `HTTP ${response.status}`;
      const code = body.error ?? 'refresh_failed';
      throw connectorError(
        code === 'invalid_grant' || code === 'invalid_subject_token' ? 'token_expired' : 'auth',
        `Shopify refused ${what} (${said}): connect the channel again`,
        response.status,
        code === 'invalid_subject_token' ? 'invalid_grant' : code,
      );
    }
    const credentials: Record<string, string> = { access_token: body.access_token };
    if (body.refresh_token) credentials.refresh_token = body.refresh_token;
    return {
      credentials,
      expiresAt: typeof body.expires_in === 'number' ? new Date(Date.now() + body.expires_in * 1000) : null,
    };
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
    return tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh }, 'to renew the access token');
  }

  /** A non-expiring offline token exchanged for an expiring one (Shopify's migration, retryable for 7 days). */
  async function migrateToken(): Promise<TokenGrant> {
    const token = connection.credentials.access_token;
    if (!token)
      throw connectorError(
        'auth',
        'The Shopify channel is not authorised yet: connect it again',
        null,
        'no_token',
      );
    return tokenRequest(
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: token,
        subject_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
        requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
        expiring: '1',
      },
      'to exchange the access token for an expiring one',
    );
  }

  async function subscriptions(): Promise<{ id: string; topic: string; uri: string }[]> {
    const all: { id: string; topic: string; uri: string }[] = [];
    let after: string | null = null;
    do {
      const {
        data,
      }: { data: { webhookSubscriptions: Connection<{ id: string; topic: string; uri: string }> } } =
        await api.request('other', 'the webhook list', WEBHOOKS_QUERY, { after });
      all.push(...data.webhookSubscriptions.nodes);
      after = data.webhookSubscriptions.pageInfo.hasNextPage
        ? data.webhookSubscriptions.pageInfo.endCursor
        : null;
    } while (after);
    return all;
  }

  async function subscribeWebhooks(callbackUrl: string): Promise<{ webhookIds: string[] }> {
    const webhookIds: string[] = [];
    let existing: { id: string; topic: string; uri: string }[] | null = null;
    for (const topic of SHOPIFY_WEBHOOK_TOPICS) {
      const { data } = await api.request<{
        webhookSubscriptionCreate: {
          webhookSubscription: { id: string } | null;
          userErrors: UserError[];
        } | null;
      }>('other', `the ${topic} webhook`, WEBHOOK_CREATE_MUTATION, {
        topic,
        webhookSubscription: { uri: callbackUrl, format: 'JSON' },
      });
      const answer = data.webhookSubscriptionCreate;
      const id = legacyIdOf(answer?.webhookSubscription?.id);
      if (id) {
        webhookIds.push(id);
        continue;
      }
      const userErrors = answer?.userErrors ?? [];
      // Subscribed before (a retried activation): Shopify says the address is taken; keep that one.
      if (!userErrors.some((error) => /taken|already/i.test(error.message)))
        throw userErrorsFailure(userErrors, `the ${topic} webhook`);
      existing ??= await subscriptions();
      const same = existing.find((webhook) => webhook.topic === topic && webhook.uri === callbackUrl);
      if (!same) throw userErrorsFailure(userErrors, `the ${topic} webhook`);
      webhookIds.push(legacyIdOf(same.id) ?? same.id);
    }
    return { webhookIds };
  }

  async function unsubscribeWebhooks(webhookIds: string[], callbackUrl?: string): Promise<void> {
    const ids = new Set(webhookIds.map((id) => gidOf('WebhookSubscription', id)));
    if (callbackUrl)
      for (const webhook of await subscriptions()) if (webhook.uri === callbackUrl) ids.add(webhook.id);
    for (const id of ids) {
      const { data } = await api.request<{
        webhookSubscriptionDelete: { userErrors: UserError[] } | null;
      }>('other', `webhook ${id}`, WEBHOOK_DELETE_MUTATION, { id });
      const userErrors = data.webhookSubscriptionDelete?.userErrors ?? [];
      // Already gone (removed in the shop's admin, or the app uninstalled): nothing left to do.
      if (
        userErrors.length > 0 &&
        !userErrors.some((error) => /not (exist|found)|does not exist/i.test(error.message))
      )
        throw userErrorsFailure(userErrors, `webhook ${id}`);
    }
  }

  const listingOf = (variant: VariantNode, currency: string | null): ChannelListingInput | null => {
    if (!variant.sku || !variant.inventoryItem) return null;
    const price = variant.price === null || variant.price === undefined ? null : Number(variant.price);
    return {
      remoteId: legacyIdOf(variant.inventoryItem.id) ?? variant.inventoryItem.id,
      parentRemoteId: legacyIdOf(variant.product?.id) ?? null,
      sku: variant.sku,
      title:
        variant.product && variant.title && variant.title !== 'Default Title'
          ? `${variant.product.title} - ${variant.title}`
          : (variant.product?.title ?? variant.title),
      barcode: variant.barcode ?? null,
      price: price !== null && Number.isFinite(price) ? price : null,
      currency,
      quantity: variant.inventoryQuantity ?? null,
      extra: { variantId: legacyIdOf(variant.id) },
    };
  };

  /**
   * The shop's variants as listings. A small shop is read in pages of 100; from `bulkFromVariants`
   * on, one bulk operation exports them all and its JSONL file is read line by line (a page of 250
   * at a time, never the whole file): the answer says "still running" (no listings, `next` set)
   * until Shopify has written the file.
   */
  async function listProducts(cursor: string | null): Promise<ListingsPage> {
    let state: ProductsCursor;
    if (cursor) state = decode<ProductsCursor>(cursor, 'the product download');
    else {
      const { data } = await api.request<{
        productVariantsCount: { count: number } | null;
        shop: { currencyCode: string };
      }>('get_products', 'the number of product variants', VARIANTS_COUNT_QUERY);
      const count = data.productVariantsCount?.count ?? 0;
      const currency = data.shop?.currencyCode ?? null;
      if (count < bulkFrom) state = { mode: 'pages', after: null, currency };
      else {
        const { data: started } = await api.request<{
          bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: UserError[] } | null;
        }>('get_products', 'the product export', BULK_RUN_MUTATION, { query: BULK_VARIANTS });
        const operation = started.bulkOperationRunQuery?.bulkOperation;
        if (!operation)
          throw userErrorsFailure(started.bulkOperationRunQuery?.userErrors ?? [], 'the product export');
        return {
          listings: [],
          next: encode({ mode: 'bulk', id: operation.id, line: 0, currency }),
          progress: { done: 0, total: count },
        };
      }
    }
    if (state.mode === 'pages') {
      const { data } = await api.request<{ productVariants: Connection<VariantNode> }>(
        'get_products',
        'the product variants',
        VARIANTS_QUERY,
        { first: VARIANTS_PER_PAGE, after: state.after },
      );
      const { nodes, pageInfo } = data.productVariants;
      return {
        listings: nodes
          .map((variant) => listingOf(variant, state.currency))
          .filter((listing): listing is ChannelListingInput => !!listing),
        next:
          pageInfo.hasNextPage && pageInfo.endCursor
            ? encode({
                mode: 'pages',
                after: pageInfo.endCursor,
                currency: state.currency,
              } satisfies ProductsCursor)
            : null,
      };
    }
    const { data } = await api.request<{
      node: {
        status: string;
        errorCode: string | null;
        objectCount: string | number;
        url: string | null;
      } | null;
    }>('get_products', 'the product export', BULK_STATUS_QUERY, { id: state.id });
    const operation = data.node;
    if (!operation)
      throw connectorError('not_found', 'Shopify no longer knows the product export', 200, 'not_found');
    const total = Number(operation.objectCount) || null;
    if (operation.status === 'CREATED' || operation.status === 'RUNNING') {
      return { listings: [], next: encode(state), progress: { done: 0, total } };
    }
    if (operation.status !== 'COMPLETED') {
      throw connectorError(
        'server',
        `Shopify's product export ended ${operation.status.toLowerCase()}${operation.errorCode ? ` (${operation.errorCode})` : ''}`,
        200,
        `bulk_${operation.status.toLowerCase()}`,
      );
    }
    if (!operation.url) return { listings: [], next: null, progress: { done: 0, total: 0 } };
    // The file is on Shopify's storage (a signed URL), not the Admin API: no API budget of the shop.
    const read = await readJsonLines(context.http, 'other', operation.url, state.line, LISTINGS_PER_PAGE);
    const { lines, more } = read;
    const listings = lines
      .map((line) => listingOf(line as VariantNode, state.currency))
      .filter((listing): listing is ChannelListingInput => !!listing);
    return {
      listings,
      // `line` is the byte offset in the file of the next line to read.
      next: more ? encode({ ...state, line: read.offset } satisfies ProductsCursor) : null,
      progress: { done: 0, total },
    };
  }

  return {
    provider: 'shopify',
    capabilities: CAPABILITIES,
    listOrders(since, cursor) {
      if (cursor) return ordersPage(decode<OrdersCursor>(cursor, 'the order list'), null);
      // Oldest change first (sortKey UPDATED_AT), so a page's newest `updatedAt` is a safe watermark.
      return ordersPage(null, since ? `updated_at:>='${since.toISOString()}'` : null);
    },
    getOrders,
    pushStock,
    pushFulfilment,
    refreshToken,
    migrateToken,
    servedVersion: () => api.servedVersion(),
    orderFromWebhook: shopifyOrderFromWebhook,
    subscribeWebhooks,
    unsubscribeWebhooks,
    listProducts,
  };
}

/** Every open fulfilment order in full (Shopify fulfils all of one when its lines are left out). */
function wholeOrders(open: FulfillmentOrderNode[]) {
  return open.map((fulfillmentOrder) => ({
    fulfillmentOrderId: fulfillmentOrder.id,
    location: fulfillmentOrder.assignedLocation?.location?.id ?? '',
  }));
}

/** Our lines (Shopify line item ids) spread over the fulfilment orders that still hold them. */
function byLine(open: FulfillmentOrderNode[], lines: FulfilmentPush['lines'], orderId: string) {
  const groups = new Map<string, { location: string; items: { id: string; quantity: number }[] }>();
  for (const line of lines) {
    let left = line.quantity;
    const lineGid = gidOf('LineItem', line.remoteId);
    for (const fulfillmentOrder of open) {
      for (const item of fulfillmentOrder.lineItems.nodes) {
        if (left <= 0) break;
        if (item.lineItem.id !== lineGid || item.remainingQuantity <= 0) continue;
        const quantity = Math.min(left, item.remainingQuantity);
        const group = groups.get(fulfillmentOrder.id) ?? {
          location: fulfillmentOrder.assignedLocation?.location?.id ?? '',
          items: [],
        };
        group.items.push({ id: item.id, quantity });
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
  return [...groups].map(([fulfillmentOrderId, group]) => ({
    fulfillmentOrderId,
    location: group.location,
    fulfillmentOrderLineItems: group.items,
  }));
}
