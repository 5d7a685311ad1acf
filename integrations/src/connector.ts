import type { NormalisedOrderInput } from '@syncdesk/contracts';
import type { ChannelHttp } from './transport/channel-http';

/**
 * One provider's API as the sync engine sees it. A connector knows the provider's shapes and
 * nothing of our database (flows know our database and nothing of providers; jobs glue the two).
 * A capability the provider lacks is left out of `capabilities` and its method is absent: declared,
 * never faked.
 */
export type ChannelCapability =
  | 'listOrders'
  | 'getOrders'
  | 'pushStock'
  | 'pushFulfilment'
  | 'acceptOrder'
  | 'refreshToken'
  | 'webhooks'
  | 'listProducts';

/**
 * An order as a connector hands it over, with when the channel last changed it where the channel
 * says so (Shopify's `updated_at`). The import ignores the extra key; the get_orders job keeps it
 * on the order's row so that older data (a late webhook) never overwrites newer.
 */
export type ChannelOrderInput = NormalisedOrderInput & { channel_updated_at?: string | null };

/** The channel's change time of an order, when the connector gave a valid one. */
export function channelUpdatedAtOf(order: NormalisedOrderInput): Date | null {
  const value = (order as ChannelOrderInput).channel_updated_at;
  if (typeof value !== 'string' || value === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The connection a connector is built for: a channels row with its credentials decrypted. */
export interface ConnectionInfo {
  id: number;
  uuid: string;
  companyId: number;
  storeId: number;
  kind: 'channel' | 'plugin';
  /** Catalogue slug: `shopify`, `mirakl-decathlon`, `wms`. */
  type: string;
  name: string;
  apiVersion: string | null;
  settings: Record<string, unknown>;
  credentials: Record<string, string>;
  tokenExpiresAt: Date | null;
}

/** One page of orders changed since a watermark. */
export interface OrdersPage {
  orders: NormalisedOrderInput[];
  /** Opaque cursor of the next page; null when this page was the last. */
  next: string | null;
  /**
   * The newest change time this page covers. The engine stores it as the watermark only after the
   * page's orders are stored, so a crash re-reads the page instead of skipping it.
   */
  watermark: Date | null;
  /** Remote ids of this page's orders waiting for the seller to accept them (Mirakl WAITING_ACCEPTANCE). */
  awaitingAcceptance?: string[];
}

export interface StockLevel {
  sku: string;
  /** The channel's own id of the listing (Shopify inventory_item_id), when the connector needs it. */
  remoteId?: string | null;
  quantity: number;
  /**
   * The quantity we last knew the channel to have (the channel product's stored figure), for a
   * channel that sets stock by compare-and-swap (Shopify's `changeFromQuantity`); absent: unknown.
   */
  lastKnownQuantity?: number | null;
}

export interface StockPushOutcome {
  /** SKUs the channel took. */
  accepted: string[];
  /** SKUs it refused, with its reason in its words and its code for the explainer. */
  rejected: { sku: string; reason: string; errorCode?: string }[];
  /**
   * SKUs whose quantity at the channel was not what we last knew (someone changed it there): what
   * the channel had, read before the push was made again from that figure.
   */
  channelHad?: { sku: string; quantity: number }[];
}

/** What a stock push is recorded as on our side, named to the channel where it keeps a history. */
export interface StockPushOptions {
  /** Our stock push record (Shopify's `referenceDocumentUri`: `gid://syncdesk/StockPush/<id>`). */
  reference?: string;
}

export interface FulfilmentPush {
  orderRemoteId: string;
  /** Remote line ids and quantities; all lines when empty. */
  lines: { remoteId: string; quantity: number }[];
  courier: string | null;
  trackingCode: string | null;
  trackingUrl?: string | null;
  shippingMethod?: string | null;
  notifyCustomer?: boolean;
  /** The channel's id of this fulfilment when it was sent before: the push updates its tracking. */
  fulfilmentRemoteId?: string | null;
}

/**
 * One sellable listing at the channel (a Shopify variant, a Mirakl offer), as product download
 * hands it over: the channel's own ids and what the seller sees of it. Matched to our products by
 * SKU when the channel's `auto_match_product` is on.
 */
export interface ChannelListingInput {
  /** The channel's id of the listing: what stock and fulfilment pushes name (Shopify inventory item, Mirakl offer). */
  remoteId: string;
  /** The channel's id of the product the listing belongs to (Shopify product), when it has one. */
  parentRemoteId?: string | null;
  sku: string;
  title: string;
  barcode?: string | null;
  /** In the listing's currency, 2 decimals. */
  price?: number | null;
  currency?: string | null;
  /** What the channel says it has available now (summed over the locations we push to). */
  quantity?: number | null;
  imageUrl?: string | null;
  weightGrams?: number | null;
  /** Provider-specific ids the connector needs again later (Shopify location levels). */
  extra?: Record<string, unknown>;
}

/** One page of a product download; `next` null on the last. */
export interface ListingsPage {
  listings: ChannelListingInput[];
  next: string | null;
  /** How far the download is, when the channel says (a bulk operation's object count). */
  progress?: { done: number; total: number | null };
  /**
   * With `listings` empty and `next` set (the channel is still preparing the export): how long the
   * provider asks us to wait before coming back (Mirakl: poll OF53 once a minute). The job re-queues
   * itself after it instead of holding a worker.
   */
  retryAfterMs?: number;
}

export interface TokenGrant {
  /** The new credential fields to store (access token, refresh token …), merged into the old ones. */
  credentials: Record<string, string>;
  expiresAt: Date | null;
}

export interface ChannelConnector {
  readonly provider: string;
  readonly capabilities: ReadonlySet<ChannelCapability>;
  /** Orders changed since `since` (null: the channel's first download), page by page. */
  listOrders?(since: Date | null, cursor: string | null): Promise<OrdersPage>;
  /** The named orders (a channel webhook said they changed). */
  getOrders?(remoteIds: string[]): Promise<NormalisedOrderInput[]>;
  pushStock?(levels: StockLevel[], options?: StockPushOptions): Promise<StockPushOutcome>;
  /** Answers the channel's id of the fulfilment when it gives one. */
  pushFulfilment?(fulfilment: FulfilmentPush): Promise<{ remoteId: string | null }>;
  /** Accepts the named lines of an order waiting for acceptance (Mirakl OR21). */
  acceptOrder?(orderRemoteId: string, lineRemoteIds: string[]): Promise<void>;
  refreshToken?(): Promise<TokenGrant>;
  /**
   * A token stored without expiry exchanged for an expiring one with a refresh token (Shopify's
   * token exchange; non-expiring offline tokens stop working on 1 January 2027).
   */
  migrateToken?(): Promise<TokenGrant>;
  /** The API version the channel last said it served, when it says (Shopify's `X-Shopify-API-Version`). */
  servedVersion?(): string | null;
  /** Subscribes the channel's own order webhooks to `callbackUrl`; answers the remote ids to keep. */
  subscribeWebhooks?(callbackUrl: string): Promise<{ webhookIds: string[] }>;
  /**
   * The order an order webhook's body is (Shopify's orders/create and orders/updated carry the whole
   * order, as the API gives it), so it can be imported without a call; null when the body is not a
   * usable order (the job then fetches it).
   */
  orderFromWebhook?(topic: string, body: unknown): ChannelOrderInput | null;
  /**
   * The channel's listings, page by page from `cursor` (null: the first). A provider with a bulk
   * export (Shopify's bulk operations) may answer a page saying it is still running (`listings`
   * empty, `next` set): the caller comes back with `next` later.
   */
  listProducts?(cursor: string | null): Promise<ListingsPage>;
  /** Removes the named subscriptions, and any other still pointing at `callbackUrl` (ids lost with an edited row). */
  unsubscribeWebhooks?(webhookIds: string[], callbackUrl?: string): Promise<void>;
}

/** What a (WMS) plugin receives and reports back over its REST contract. */
export interface PluginOrderPush {
  /** Our order id as the plugin's reference. */
  reference: string;
  order: NormalisedOrderInput;
}

export interface PluginShipment {
  /** Our order reference the shipment belongs to. */
  reference: string;
  remoteId: string;
  courier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  lines: { sku: string; quantity: number }[];
  shippedAt: Date;
}

export interface PluginConnector {
  readonly provider: string;
  /** Answers the plugin's id for each order it took, and the ones it refused with its reason. */
  sendOrders(orders: PluginOrderPush[]): Promise<{
    accepted: { reference: string; remoteId: string }[];
    rejected: { reference: string; reason: string; errorCode?: string }[];
  }>;
  /** Shipments since a watermark, page by page (same watermark rule as orders). */
  listShipments(
    since: Date | null,
    cursor: string | null,
  ): Promise<{
    shipments: PluginShipment[];
    next: string | null;
    watermark: Date | null;
  }>;
  /** Stock levels the warehouse holds, by SKU. */
  listStockLevels(cursor: string | null): Promise<{ levels: StockLevel[]; next: string | null }>;
}

/** What a connector is built from. */
export interface ConnectorContext {
  connection: ConnectionInfo;
  http: ChannelHttp;
  /** The OAuth app this deployment connects the type with (`OAUTH_PROVIDERS_JSON`): token refresh, webhook signatures. */
  app?: { clientId: string; clientSecret: string };
}

/**
 * What went wrong, in a form the engine acts on: health counts it, `auth` and `token_expired` raise
 * notifications, `rate_limited` slows the budget, the explainer maps `code` to a cause and a fix.
 */
export type ConnectorErrorKind =
  | 'auth'
  | 'token_expired'
  | 'rate_limited'
  | 'invalid_state'
  | 'not_found'
  | 'validation'
  | 'server'
  | 'timeout'
  | 'network'
  | 'malformed'
  | 'refused_target';

export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorErrorKind,
    message: string,
    readonly details: { provider: string; httpStatus?: number | null; code?: string | null } = {
      provider: 'unknown',
    },
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}
