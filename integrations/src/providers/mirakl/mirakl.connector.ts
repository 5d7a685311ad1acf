import { type NormalisedOrderInput, type RateLimit } from '@syncdesk/contracts';
import {
  ConnectorError,
  type ChannelCapability,
  type ChannelConnector,
  type ConnectorContext,
  type FulfilmentPush,
  type ListingsPage,
  type OrdersPage,
  type StockLevel,
  type StockPushOutcome,
} from '../../connector';
import { MIRAKL_PROVIDER, malformed, miraklErrorOf, transportErrorOf } from './mirakl-errors';
import { toNormalisedOrder } from './mirakl-order.mapper';
import type {
  MiraklCarrierList,
  MiraklOrder,
  MiraklOrderList,
  MiraklStockImportStatus,
} from './mirakl-order.types';
import { isExportedOffer, toListing } from './mirakl-offer.mapper';
import type { MiraklOfferExportRequest, MiraklOfferExportStatus } from './mirakl-offer.types';
import { rejectedLinesOf, stockFileOf } from './mirakl-stock-file';

/**
 * Mirakl's own limits, stricter than the catalogue's defaults (seller OpenAPI "Call Frequency"):
 * STO01 at most once a minute, STO02 at most every 15 s, OF53 at most every 10 s, and OR11 polled
 * at most once a minute (`orders_poll`: the first page of an order download; the pages after it
 * belong to the same poll). Whoever opens the connection merges them with the catalogue's
 * (`openConnection(..., { extraLimits })`), the stricter winning; the order download's schedule
 * reads `orders_poll` too, so the recurring job never runs more often than the budget allows.
 */
export const MIRAKL_OPERATION_LIMITS: Readonly<Record<string, RateLimit>> = {
  update_stock: { calls: 1, periodSeconds: 60 },
  stock_import_status: { calls: 1, periodSeconds: 15 },
  orders_poll: { calls: 1, periodSeconds: 60 },
  product_export_status: { calls: 1, periodSeconds: 10 },
};

/** Budget operations of each call (spec §9 names where one fits). */
const OPERATION = {
  ordersPoll: 'orders_poll',
  listOrders: 'get_orders',
  productExport: 'get_products',
  productExportStatus: 'product_export_status',
  productChunk: 'get_products',
  accept: 'accept_order',
  carriers: 'other',
  fulfilment: 'update_fulfillment',
  stockImport: 'update_stock',
  stockStatus: 'stock_import_status',
  stockReport: 'other',
} as const;

export interface MiraklConnectorOptions {
  /** Wait between STO02 polls; by default the STO02 budget's pace (Mirakl allows one every 15 s). */
  statusPollMs?: number;
  /** How long a stock import may take before the push is reported as not finished. */
  statusTimeoutMs?: number;
  /** OR11 `max` (Mirakl's maximum is 100). */
  pageSize?: number;
  /**
   * Orders of the previous page read again on the next one: OR11 pages by offset, and an order
   * leaving the filtered set while we page shifts the rest back; re-reading a few avoids skipping one.
   */
  pageOverlap?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** How long the product download waits between two OF53 polls (Mirakl recommends once a minute). */
  exportPollMs?: number;
  /** OF52 `items_per_chunk`: offers per OF54 file, so per page of the product download. */
  offersPerChunk?: number;
}

const TERMINAL_IMPORT = new Set(['COMPLETE', 'FAILED']);
/** Error kinds of a request Mirakl refused as such (400/409/422 with or without a code). */
const REFUSALS = new Set(['invalid_state', 'validation']);
/** States in which OR24 has already happened: shipping again is a success, not an error. */
const SHIPPED_STATES = new Set(['SHIPPED', 'TO_COLLECT', 'RECEIVED', 'CLOSED']);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A download's position: the next offset, the fixed end of its update window, the newest change seen. */
interface ListCursor {
  offset: number;
  end: string | null;
  newest: string | null;
}

const encodeCursor = (cursor: ListCursor) => `${cursor.offset}|${cursor.end ?? ''}|${cursor.newest ?? ''}`;

function decodeCursor(text: string): ListCursor {
  const [offset, end, newest] = text.split('|');
  const value = Number.parseInt(offset ?? '', 10);
  return {
    offset: Number.isFinite(value) && value >= 0 ? value : 0,
    end: end || null,
    newest: newest || null,
  };
}

function orderStatesOf(settings: Record<string, unknown>): string[] {
  const value = settings.order_statuses;
  const states = Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value.split(',')
      : ['SHIPPING'];
  const wanted = new Set(states.map((state) => state.trim()).filter(Boolean));
  // "Accept orders automatically" needs to see the orders waiting for acceptance, whatever the
  // download list says: the get_orders job accepts them from what we hand over.
  if (settings.auto_confirmation === true) wanted.add('WAITING_ACCEPTANCE');
  return [...wanted];
}

const normaliseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function createMiraklConnector(
  context: ConnectorContext,
  options: MiraklConnectorOptions = {},
): ChannelConnector {
  const { connection, http } = context;
  // As often as the STO02 budget allows (Mirakl: every 15 s; an operator's limits may say otherwise).
  const statusLimit = http.limitOf?.(OPERATION.stockStatus);
  const statusPollMs =
    options.statusPollMs ?? (statusLimit ? (statusLimit.periodSeconds * 1000) / statusLimit.calls : 15_000);
  const statusTimeoutMs = options.statusTimeoutMs ?? 15 * 60_000;
  const pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));
  const pageOverlap = Math.max(0, options.pageOverlap ?? 5);
  const now = options.now ?? (() => new Date());
  const exportPollMs = Math.max(0, options.exportPollMs ?? 60_000);
  const offersPerChunk = Math.max(1, Math.trunc(options.offersPerChunk ?? 10_000));
  const sleep = options.sleep ?? defaultSleep;
  // Orders returned by the current download (id → last update), so an order met on two pages is
  // handed over once, or again only when the second copy is newer.
  let seen = new Map<string, number>();
  let carriers: Promise<MiraklCarrierList['carriers']> | null = null;

  function baseUrl(): string {
    const raw = typeof connection.settings.shop_url === 'string' ? connection.settings.shop_url.trim() : '';
    if (!raw) {
      throw new ConnectorError('validation', 'The channel has no Shop URL. Add it in the channel settings.', {
        provider: MIRAKL_PROVIDER,
        code: 'missing_shop_url',
      });
    }
    // Sellers paste the instance or the API root; both lead to the same `/api`.
    return raw.replace(/\/+$/, '').replace(/\/api$/, '');
  }

  function apiKey(): string {
    const key = connection.credentials.api_key;
    if (!key) {
      throw new ConnectorError('auth', 'The channel has no Mirakl API key. Add it in the channel settings.', {
        provider: MIRAKL_PROVIDER,
        code: 'missing_api_key',
      });
    }
    return key;
  }

  /** One call: the raw key (no "Bearer"), `shop_id` when set, any failure as a ConnectorError. */
  async function call(
    operation: string,
    path: string,
    what: string,
    query: Record<string, string | undefined> = {},
    init: RequestInit = {},
  ): Promise<Response> {
    const url = new URL(`${baseUrl()}/api${path}`);
    const shopId = connection.settings.shop_id;
    if (shopId !== undefined && shopId !== null && String(shopId).trim() !== '') {
      url.searchParams.set('shop_id', String(shopId).trim());
    }
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers = new Headers(init.headers);
    headers.set('authorization', apiKey());
    headers.set('accept', 'application/json');
    let response: Response;
    try {
      response = await http.request(operation, url, { ...init, headers });
    } catch (error) {
      throw transportErrorOf(error, what);
    }
    if (!response.ok) throw await miraklErrorOf(response, what);
    return response;
  }

  async function json<T>(response: Response, what: string, valid: (body: unknown) => boolean): Promise<T> {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw malformed(what, response.status);
    }
    if (!valid(body)) throw malformed(what, response.status);
    return body as T;
  }

  const isOrderList = (body: unknown) =>
    !!body &&
    Array.isArray((body as MiraklOrderList).orders) &&
    typeof (body as MiraklOrderList).total_count === 'number';

  async function ordersPage(
    query: Record<string, string | undefined>,
    what: string,
    operation: string = OPERATION.listOrders,
  ): Promise<MiraklOrderList> {
    const response = await call(operation, '/orders', what, query);
    return json<MiraklOrderList>(response, what, isOrderList);
  }

  function mapOrders(orders: MiraklOrder[]): NormalisedOrderInput[] {
    return orders.map((order) => {
      try {
        return toNormalisedOrder(order);
      } catch {
        throw malformed('reading an order', 200);
      }
    });
  }

  async function listOrders(since: Date | null, cursorText: string | null): Promise<OrdersPage> {
    const what = 'downloading orders';
    if (cursorText === null) seen = new Map();
    // The window's end is fixed for the whole download: an order changed while we page falls out
    // of it (and is caught by the next download) instead of shifting pages under us.
    const cursor = cursorText
      ? decodeCursor(cursorText)
      : { offset: 0, end: now().toISOString(), newest: null };
    const page = await ordersPage(
      {
        start_update_date: since ? since.toISOString() : undefined,
        end_update_date: since && cursor.end ? cursor.end : undefined,
        order_state_codes: orderStatesOf(connection.settings).join(',') || undefined,
        sort: 'dateCreated',
        order: 'asc',
        max: String(pageSize),
        offset: String(cursor.offset),
      },
      what,
      // The first page starts a poll, which Mirakl allows once a minute; its next pages are that poll.
      cursorText === null ? OPERATION.ordersPoll : OPERATION.listOrders,
    );

    // Mirakl subtracts a delta from start_update_date, so pages repeat orders we imported before;
    // the import writes nothing for those. Within this download each order goes over once.
    const newestOnPage = new Map<string, MiraklOrder>();
    for (const order of page.orders) {
      const kept = newestOnPage.get(order.order_id);
      if (!kept || Date.parse(order.last_updated_date) > Date.parse(kept.last_updated_date)) {
        newestOnPage.set(order.order_id, order);
      }
    }
    const fresh: MiraklOrder[] = [];
    let newest = cursor.newest ? Date.parse(cursor.newest) : Number.NEGATIVE_INFINITY;
    for (const order of newestOnPage.values()) {
      const updated = Date.parse(order.last_updated_date);
      if (Number.isFinite(updated)) newest = Math.max(newest, updated);
      const before = seen.get(order.order_id);
      if (before !== undefined && !(updated > before)) continue;
      seen.set(order.order_id, updated);
      fresh.push(order);
    }

    const newestIso = Number.isFinite(newest) ? new Date(newest).toISOString() : null;
    const last = page.orders.length === 0 || cursor.offset + page.orders.length >= page.total_count;
    const overlap = Math.min(pageOverlap, Math.floor(page.orders.length / 2));
    return {
      orders: mapOrders(fresh),
      awaitingAcceptance: fresh
        .filter((order) => order.order_state === 'WAITING_ACCEPTANCE')
        .map((order) => order.order_id),
      next: last
        ? null
        : encodeCursor({
            offset: cursor.offset + page.orders.length - overlap,
            end: cursor.end,
            newest: newestIso,
          }),
      // Pages follow creation order, not update order: only the whole download's newest change is
      // a safe watermark, so intermediate pages give none (a crash re-reads from the old one).
      watermark: last && newestIso ? new Date(newestIso) : null,
    };
  }

  async function rawOrders(remoteIds: string[]): Promise<MiraklOrder[]> {
    const found: MiraklOrder[] = [];
    for (let start = 0; start < remoteIds.length; start += 100) {
      const ids = remoteIds.slice(start, start + 100);
      const page = await ordersPage({ order_ids: ids.join(','), max: '100', offset: '0' }, 'reading orders');
      found.push(...page.orders);
    }
    return found;
  }

  async function getOrders(remoteIds: string[]): Promise<NormalisedOrderInput[]> {
    if (!remoteIds.length) return [];
    return mapOrders(await rawOrders([...new Set(remoteIds)]));
  }

  async function acceptOrder(orderRemoteId: string, lineRemoteIds: string[]): Promise<void> {
    let lineIds = lineRemoteIds;
    if (!lineIds.length) {
      const [order] = await rawOrders([orderRemoteId]);
      if (!order) {
        throw new ConnectorError('not_found', `Mirakl has no order ${orderRemoteId}.`, {
          provider: MIRAKL_PROVIDER,
          httpStatus: 404,
          code: 'ORDER_NOT_FOUND',
        });
      }
      lineIds = order.order_lines.map((line) => line.order_line_id);
    }
    await call(
      OPERATION.accept,
      `/orders/${encodeURIComponent(orderRemoteId)}/accept`,
      'accepting the order',
      {},
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_lines: lineIds.map((id) => ({ id, accepted: true })) }),
      },
    );
  }

  /** The operator's registered carriers (SH21), read once per connector. */
  function registeredCarriers(): Promise<MiraklCarrierList['carriers']> {
    carriers ??= call(OPERATION.carriers, '/shipping/carriers', 'reading the carriers')
      .then((response) =>
        json<MiraklCarrierList>(response, 'reading the carriers', (body) =>
          Array.isArray((body as MiraklCarrierList | null)?.carriers),
        ),
      )
      .then((body) => body.carriers)
      .catch((error: unknown) => {
        carriers = null;
        // An instance without SH21 for this key: every courier goes as a free carrier name.
        if (error instanceof ConnectorError && (error.kind === 'not_found' || error.kind === 'validation'))
          return [];
        throw error;
      });
    return carriers;
  }

  async function trackingBody(fulfilment: FulfilmentPush): Promise<Record<string, string>> {
    const body: Record<string, string> = {};
    if (fulfilment.trackingCode) body.tracking_number = fulfilment.trackingCode;
    if (fulfilment.courier) {
      const wanted = normaliseName(fulfilment.courier);
      const carrier = (await registeredCarriers()).find(
        (candidate) => normaliseName(candidate.code) === wanted || normaliseName(candidate.label) === wanted,
      );
      // A registered carrier is named by its code (Mirakl builds the tracking link); any other
      // needs its name and our link (OR23).
      if (carrier) body.carrier_code = carrier.code;
      else {
        body.carrier_name = fulfilment.courier;
        if (fulfilment.trackingUrl) body.carrier_url = fulfilment.trackingUrl;
      }
    }
    return body;
  }

  async function pushFulfilment(fulfilment: FulfilmentPush): Promise<{ remoteId: string | null }> {
    const orderPath = `/orders/${encodeURIComponent(fulfilment.orderRemoteId)}`;
    const tracking = await trackingBody(fulfilment);
    if (Object.keys(tracking).length) {
      await call(
        OPERATION.fulfilment,
        `${orderPath}/tracking`,
        'sending the tracking',
        {},
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(tracking),
        },
      );
    }
    // OR24 ships the whole order (Mirakl has no per-line ship in this flow).
    try {
      await call(OPERATION.fulfilment, `${orderPath}/ship`, 'confirming the shipment', {}, { method: 'PUT' });
    } catch (error) {
      // A retry after a lost answer finds the order shipped already: that is the outcome we wanted.
      // OR24 documents only its 204 ("validate the shipment of an order in the SHIPPING status"), no
      // error code for "already shipped"; so any refusal of the request itself (a 4xx other than
      // auth, not found or rate limit) is checked against the order's state as OR11 reports it.
      if (!(error instanceof ConnectorError) || !REFUSALS.has(error.kind)) throw error;
      const [order] = await rawOrders([fulfilment.orderRemoteId]);
      if (!order || !SHIPPED_STATES.has(order.order_state)) throw error;
    }
    return { remoteId: null };
  }

  /**
   * Where a product download is: the export asked for (its tracking id), then, once Mirakl made it,
   * the chunk files and the next one to read. Kept by the job between pages, so it must be small
   * and self-contained.
   */
  interface ExportCursor {
    tracking: string;
    urls?: string[];
    index?: number;
  }

  const encodeExport = (cursor: ExportCursor) => JSON.stringify(cursor);
  function decodeExport(text: string): ExportCursor {
    try {
      const value = JSON.parse(text) as Partial<ExportCursor>;
      if (typeof value.tracking === 'string' && value.tracking) {
        return {
          tracking: value.tracking,
          ...(Array.isArray(value.urls) ? { urls: value.urls.map(String) } : {}),
          ...(typeof value.index === 'number' ? { index: value.index } : {}),
        };
      }
    } catch {
      // fall through: a cursor of another version starts the download again
    }
    throw new ConnectorError(
      'validation',
      'The product download position could not be read; start it again.',
      {
        provider: MIRAKL_PROVIDER,
        code: 'invalid_cursor',
      },
    );
  }

  /** OF54: one chunk file. The key goes only to the operator's own host, never to a storage URL. */
  async function readChunk(url: string): Promise<ListingsPage['listings']> {
    const what = 'downloading the offers file';
    const target = new URL(url, `${baseUrl()}/`);
    const headers = new Headers({ accept: 'application/json' });
    if (target.origin === new URL(baseUrl()).origin) headers.set('authorization', apiKey());
    let response: Response;
    try {
      response = await http.request(OPERATION.productChunk, target, { headers });
    } catch (error) {
      throw transportErrorOf(error, what);
    }
    if (!response.ok) throw await miraklErrorOf(response, what);
    const body = await json<unknown>(response, what, (value) => Array.isArray(value));
    return (body as unknown[])
      .filter(isExportedOffer)
      .filter((offer) => offer.deleted !== true)
      .map(toListing);
  }

  /**
   * The shop's offers, through the asynchronous export (OF52 → OF53 → OF54). Why not the others:
   * OF51 is deprecated ("please use APIs OF52, OF53, and OF54 instead") and OF21 is documented for
   * "each shop's offers page view", not for copying a catalogue. The first call asks for a full
   * export (inactive offers included: an offer out of stock is inactive, and it is the one whose
   * stock we most need to push); then each call polls OF53 (Mirakl: at most every 10 s, once a minute
   * recommended) until the export is ready, answering "still running" with the wait; then each call
   * reads one chunk file, so a page is never more than `offersPerChunk` offers.
   */
  async function listProducts(cursorText: string | null): Promise<ListingsPage> {
    if (cursorText === null) {
      const body: MiraklOfferExportRequest = {
        export_type: 'application/json',
        include_inactive_offers: true,
        items_per_chunk: offersPerChunk,
      };
      const what = 'asking for the offers export';
      const created = await json<{ tracking_id: string }>(
        await call(
          OPERATION.productExport,
          '/offers/export/async',
          what,
          {},
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        ),
        what,
        (value) => typeof (value as { tracking_id?: unknown } | null)?.tracking_id === 'string',
      );
      return {
        listings: [],
        next: encodeExport({ tracking: created.tracking_id }),
        retryAfterMs: exportPollMs,
      };
    }
    const cursor = decodeExport(cursorText);
    if (!cursor.urls) {
      const what = 'checking the offers export';
      const status = await json<MiraklOfferExportStatus>(
        await call(
          OPERATION.productExportStatus,
          `/offers/export/async/status/${encodeURIComponent(cursor.tracking)}`,
          what,
        ),
        what,
        (value) => typeof (value as { status?: unknown } | null)?.status === 'string',
      );
      if (status.status === 'FAILED') {
        // The export itself is over: polling it again cannot help, a new download must ask anew.
        throw new ConnectorError(
          'invalid_state',
          `Mirakl could not export the offers${status.error?.detail ? `: ${status.error.detail}` : '.'}`,
          { provider: MIRAKL_PROVIDER, code: status.error?.code ?? 'offer_export_failed' },
        );
      }
      if (status.status !== 'COMPLETED') {
        return { listings: [], next: cursorText, retryAfterMs: exportPollMs };
      }
      const urls = (status.urls ?? []).map(String);
      if (urls.length === 0) return { listings: [], next: null };
      return readChunkAt({ tracking: cursor.tracking, urls, index: 0 });
    }
    return readChunkAt({ tracking: cursor.tracking, urls: cursor.urls, index: cursor.index ?? 0 });
  }

  /**
   * One chunk as a page. A chunk left empty (every offer in it deleted) is skipped to the next: an
   * empty page with a cursor would read as "still running" and make the job wait for nothing.
   */
  async function readChunkAt(cursor: Required<ExportCursor>): Promise<ListingsPage> {
    for (let index = cursor.index; index < cursor.urls.length; index += 1) {
      const listings = await readChunk(cursor.urls[index]!);
      const following = index + 1;
      const next = following < cursor.urls.length ? encodeExport({ ...cursor, index: following }) : null;
      if (listings.length > 0 || next === null) return { listings, next };
    }
    return { listings: [], next: null };
  }

  const isImportStatus = (body: unknown) =>
    !!body && typeof (body as MiraklStockImportStatus).status === 'string';

  async function pushStock(levels: StockLevel[]): Promise<StockPushOutcome> {
    // One file for every pending SKU (STO01 is allowed once a minute); the last value of a SKU wins.
    const latest = new Map<string, number>();
    for (const level of levels) latest.set(level.sku, level.quantity);
    if (!latest.size) return { accepted: [], rejected: [] };
    const rows = [...latest].map(([sku, quantity]) => ({ sku, quantity }));

    const form = new FormData();
    form.append('file', new Blob([stockFileOf(rows)], { type: 'text/csv' }), 'stock.csv');
    const created = await json<{ import_id: string | number }>(
      await call(
        OPERATION.stockImport,
        '/offers/stock/imports',
        'sending the stock file',
        {},
        {
          method: 'POST',
          body: form,
        },
      ),
      'sending the stock file',
      (body) => !!body && ['string', 'number'].includes(typeof (body as { import_id?: unknown }).import_id),
    );
    const importId = String(created.import_id);

    const started = Date.now();
    let status: MiraklStockImportStatus;
    for (;;) {
      await sleep(statusPollMs);
      status = await json<MiraklStockImportStatus>(
        await call(
          OPERATION.stockStatus,
          `/offers/stock/imports/${encodeURIComponent(importId)}/status`,
          'checking the stock import',
        ),
        'checking the stock import',
        isImportStatus,
      );
      if (TERMINAL_IMPORT.has(status.status)) break;
      if (Date.now() - started > statusTimeoutMs) {
        throw new ConnectorError(
          'timeout',
          `Mirakl had not finished stock import ${importId} after ${Math.round(statusTimeoutMs / 60_000)} minutes.`,
          { provider: MIRAKL_PROVIDER, code: 'import_not_finished' },
        );
      }
    }

    let rejected: StockPushOutcome['rejected'] = [];
    if (status.has_error_report || (status.lines_in_error ?? 0) > 0) {
      const report = await call(
        OPERATION.stockReport,
        `/offers/stock/imports/${encodeURIComponent(importId)}/error_report`,
        'reading the stock import errors',
      );
      const read = rejectedLinesOf(await report.text(), rows);
      rejected = read.rejected.map((line) => ({
        sku: line.sku,
        reason: line.reason,
        errorCode: 'stock_line_rejected',
      }));
      // A report line we cannot trace to a SKU we sent, or fewer lines than STO02 counted in error:
      // some SKU was refused and we cannot tell which, so none of the others is claimed accepted.
      const untraced =
        read.untraced + Math.max(0, (status.lines_in_error ?? 0) - read.rejected.length - read.untraced);
      if (untraced > 0) {
        const named = new Set(rejected.map((line) => line.sku));
        for (const row of rows) {
          if (named.has(row.sku)) continue;
          rejected.push({
            sku: row.sku,
            reason: `Mirakl refused ${untraced} line(s) of stock import ${importId} that its error report does not name; this SKU may be one of them.`,
            errorCode: 'stock_report_untraced',
          });
        }
      }
    } else if (status.status === 'FAILED') {
      rejected = rows.map((row) => ({
        sku: row.sku,
        reason: `Mirakl could not process stock import ${importId}.`,
        errorCode: 'stock_import_failed',
      }));
    }
    const refused = new Set(rejected.map((line) => line.sku));
    return { accepted: rows.map((row) => row.sku).filter((sku) => !refused.has(sku)), rejected };
  }

  const capabilities: ReadonlySet<ChannelCapability> = new Set<ChannelCapability>([
    'listOrders',
    'getOrders',
    'pushStock',
    'pushFulfilment',
    'acceptOrder',
    'listProducts',
  ]);

  return {
    provider: MIRAKL_PROVIDER,
    capabilities,
    listOrders,
    getOrders,
    pushStock,
    pushFulfilment,
    acceptOrder,
    listProducts,
  };
}
