import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiraklOrder } from '../mirakl-order.types';
import type { CallWindow } from './simulator-limits';
import type { Carrier, OrderBook } from './simulator-orders';
import { SimulatorRefusal } from './simulator-orders';
import {
  INVALID_JSON,
  parseJson,
  readBody,
  sendEmpty,
  sendError,
  sendJson,
  sendText,
} from './simulator-http';
import type { StockBook } from './simulator-stock';
import { OFFER_CHUNK_PATH, type OfferBook } from './simulator-offers';

/** What the seller API routes work on. */
export interface ApiRouteContext {
  orders: OrderBook;
  stock: StockBook;
  carriers: readonly Carrier[];
  shopId: string;
  /** Seconds Mirakl takes off `start_update_date` "to ensure no orders are missed". */
  overlapSeconds: number;
  stockImportWindow: CallWindow;
  statusPollWindow: CallWindow;
  offers: OfferBook;
  /** OF52 in full mode: "Maximum usage: once per day". */
  fullExportWindow: CallWindow;
  /** OF53: "Maximum usage: every 10 seconds". */
  exportStatusWindow: CallWindow;
  now(): number;
}

const tooMany = (response: ServerResponse, message: string, wait: number) =>
  sendError(response, 429, `Too many requests: ${message}`, undefined, { 'retry-after': String(wait) });

/** OF52: asks for an export; answers its tracking id (the same one for a duplicate still pending). */
async function offerExport(
  context: ApiRouteContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const body = parseJson(await readBody(request));
  if (body === INVALID_JSON || (body !== undefined && (typeof body !== 'object' || body === null))) {
    return sendError(response, 400, 'The body is not valid JSON', 'VALIDATION_ERROR');
  }
  const input = (body ?? {}) as Record<string, unknown>;
  const type = input.export_type ?? 'text/csv';
  if (type !== 'application/json' && type !== 'text/csv') {
    return sendError(response, 400, 'export_type must be text/csv or application/json', 'VALIDATION_ERROR');
  }
  if (type !== 'application/json') {
    return sendError(response, 400, 'This simulator exports application/json only', 'VALIDATION_ERROR');
  }
  const perChunk = input.items_per_chunk;
  if (perChunk !== undefined && (!Number.isInteger(perChunk) || (perChunk as number) < 1)) {
    return sendError(
      response,
      400,
      'items_per_chunk must be a whole number of 1 or more',
      'VALIDATION_ERROR',
    );
  }
  const now = context.now();
  // A duplicate of a pending export is answered with it and is not a new export.
  if (!context.offers.pending(input, now) && input.last_request_date === undefined) {
    const wait = context.fullExportWindow.check(now);
    if (wait !== null) return tooMany(response, 'a full offer export is allowed once per day', wait);
  }
  const entry = context.offers.request(input, now);
  sendJson(response, 200, { tracking_id: entry.trackingId });
}

/** OF53: the export's status, with the chunk URLs once COMPLETED. */
function offerExportStatus(
  context: ApiRouteContext,
  trackingId: string,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const entry = context.offers.get(trackingId);
  if (!entry) return sendError(response, 404, `Export ${trackingId} not found`);
  const wait = context.exportStatusWindow.check(context.now());
  if (wait !== null) return tooMany(response, 'poll an export status at most every 10 seconds', wait);
  const base = `http://${request.headers.host ?? 'localhost'}`;
  sendJson(response, 200, context.offers.statusOf(entry, context.now(), base));
}

const MAX_PAGE = 100;
const DEFAULT_PAGE = 10;

function dateParam(url: URL, name: string): number | null | 'invalid' {
  const value = url.searchParams.get(name);
  if (value === null || value === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? 'invalid' : time;
}

function listParam(url: URL, name: string): string[] | null {
  const value = url.searchParams.get(name);
  if (!value) return null;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** OR11: filters, the overlap on start_update_date, offset paging with total_count. */
function listOrders(context: ApiRouteContext, url: URL, response: ServerResponse): void {
  const maxText = url.searchParams.get('max');
  const max = maxText === null ? DEFAULT_PAGE : Number(maxText);
  if (!Number.isInteger(max) || max < 1 || max > MAX_PAGE) {
    return sendError(
      response,
      400,
      `max must be a whole number between 1 and ${MAX_PAGE}`,
      'VALIDATION_ERROR',
    );
  }
  const offsetText = url.searchParams.get('offset');
  const offset = offsetText === null ? 0 : Number(offsetText);
  if (!Number.isInteger(offset) || offset < 0) {
    return sendError(response, 400, 'offset must be a whole number of 0 or more', 'VALIDATION_ERROR');
  }
  const dates = {
    startUpdate: dateParam(url, 'start_update_date'),
    endUpdate: dateParam(url, 'end_update_date'),
    start: dateParam(url, 'start_date'),
    end: dateParam(url, 'end_date'),
  };
  for (const [name, value] of Object.entries(dates)) {
    if (value === 'invalid')
      return sendError(response, 400, `${name} is not an ISO-8601 date`, 'VALIDATION_ERROR');
  }
  const { startUpdate, endUpdate, start, end } = dates as Record<keyof typeof dates, number | null>;
  const ids = listParam(url, 'order_ids');
  const states = listParam(url, 'order_state_codes');
  const after = startUpdate === null ? null : startUpdate - context.overlapSeconds * 1000;

  let found = context.orders.all().filter((order) => {
    const updated = Date.parse(order.last_updated_date);
    const created = Date.parse(order.created_date);
    if (ids && !ids.includes(order.order_id)) return false;
    if (states && !states.includes(order.order_state)) return false;
    if (after !== null && updated < after) return false;
    if (endUpdate !== null && updated > endUpdate) return false;
    if (start !== null && created < start) return false;
    if (end !== null && created > end) return false;
    return true;
  });
  const descending = (url.searchParams.get('order') ?? 'desc').toLowerCase() !== 'asc';
  // Creation order is the order of the book; dateCreated is the only sort this simulator knows.
  if (descending) found = found.reverse();

  const paginate = url.searchParams.get('paginate') !== 'false';
  const page: MiraklOrder[] = paginate ? found.slice(offset, offset + max) : found;
  const headers: Record<string, string> = {};
  if (paginate && offset + max < found.length) {
    const next = new URL(url);
    next.searchParams.set('offset', String(offset + max));
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  sendJson(response, 200, { orders: page, total_count: found.length }, headers);
}

async function stockImport(
  context: ApiRouteContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const wait = context.stockImportWindow.check(context.now());
  if (wait !== null) {
    return sendError(
      response,
      429,
      'Too many requests: stock imports are limited to one per minute',
      undefined,
      {
        'retry-after': String(wait),
      },
    );
  }
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    return sendError(
      response,
      400,
      'Send the stock file as multipart/form-data in the field "file"',
      'VALIDATION_ERROR',
    );
  }
  const body = await readBody(request);
  const file = await new Response(body, { headers: { 'content-type': contentType } })
    .formData()
    .then((form) => form.get('file'))
    .catch(() => null);
  if (!file || typeof file === 'string') {
    return sendError(response, 400, 'The field "file" is missing', 'VALIDATION_ERROR');
  }
  const entry = context.stock.submit(await file.text(), context.now());
  sendJson(response, 201, { import_id: entry.importId });
}

function stockImportStatus(context: ApiRouteContext, importId: string, response: ServerResponse): void {
  const entry = context.stock.get(importId);
  if (!entry) return sendError(response, 404, `Import ${importId} not found`);
  const wait = context.statusPollWindow.check(context.now());
  if (wait !== null) {
    return sendError(
      response,
      429,
      'Too many requests: poll an import status at most every 15 seconds',
      undefined,
      {
        'retry-after': String(wait),
      },
    );
  }
  sendJson(response, 200, context.stock.statusOf(entry, context.shopId));
}

function stockErrorReport(context: ApiRouteContext, importId: string, response: ServerResponse): void {
  const entry = context.stock.get(importId);
  const report = entry && context.stock.errorReportOf(entry);
  if (!report) return sendError(response, 404, `Import ${importId} has no error report`);
  sendText(response, 200, report, 'text/csv;charset=UTF-8');
}

async function orderAction(
  context: ApiRouteContext,
  action: 'accept' | 'tracking' | 'ship',
  orderId: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const body = parseJson(await readBody(request));
  if (body === INVALID_JSON)
    return sendError(response, 400, 'The body is not valid JSON', 'VALIDATION_ERROR');
  const now = context.now();
  if (action === 'accept') context.orders.accept(orderId, body, now);
  else if (action === 'tracking') context.orders.tracking(orderId, body, now);
  else context.orders.ship(orderId, now);
  sendEmpty(response, 204);
}

/** The seller API (already authenticated and past any fault). */
export async function handleApiRoute(
  context: ApiRouteContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const method = request.method ?? 'GET';
  const path = url.pathname;
  try {
    if (path === '/api/orders') {
      if (method !== 'GET') return sendError(response, 405, 'Method not allowed');
      return listOrders(context, url, response);
    }
    const action = /^\/api\/orders\/([^/]+)\/(accept|tracking|ship)$/.exec(path);
    if (action) {
      if (method !== 'PUT') return sendError(response, 405, 'Method not allowed');
      return await orderAction(
        context,
        action[2] as 'accept' | 'tracking' | 'ship',
        decodeURIComponent(action[1]!),
        request,
        response,
      );
    }
    if (path === '/api/offers/export/async') {
      if (method !== 'POST') return sendError(response, 405, 'Method not allowed');
      return await offerExport(context, request, response);
    }
    const exportStatus = /^\/api\/offers\/export\/async\/status\/([^/]+)$/.exec(path);
    if (exportStatus) {
      if (method !== 'GET') return sendError(response, 405, 'Method not allowed');
      return offerExportStatus(context, decodeURIComponent(exportStatus[1]!), request, response);
    }
    const chunk = new RegExp(`^${OFFER_CHUNK_PATH}/([^/]+)/(\\d+)\\.json$`).exec(path);
    if (chunk) {
      if (method !== 'GET') return sendError(response, 405, 'Method not allowed');
      const entry = context.offers.get(decodeURIComponent(chunk[1]!));
      const offers = entry?.chunks[Number(chunk[2]) - 1];
      if (!entry || !offers) return sendError(response, 404, 'No such export file');
      return sendJson(response, 200, offers);
    }
    if (path === '/api/shipping/carriers') {
      if (method !== 'GET') return sendError(response, 405, 'Method not allowed');
      return sendJson(response, 200, { carriers: context.carriers });
    }
    if (path === '/api/offers/stock/imports') {
      if (method !== 'POST') return sendError(response, 405, 'Method not allowed');
      return await stockImport(context, request, response);
    }
    const imported = /^\/api\/offers\/stock\/imports\/([^/]+)\/(status|error_report)$/.exec(path);
    if (imported) {
      if (method !== 'GET') return sendError(response, 405, 'Method not allowed');
      const importId = decodeURIComponent(imported[1]!);
      return imported[2] === 'status'
        ? stockImportStatus(context, importId, response)
        : stockErrorReport(context, importId, response);
    }
    sendError(response, 404, `No such API: ${method} ${path}`);
  } catch (error) {
    if (error instanceof SimulatorRefusal)
      return sendError(response, error.status, error.message, error.code);
    throw error;
  }
}
