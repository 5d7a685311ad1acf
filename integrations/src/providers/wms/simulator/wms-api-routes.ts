import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  WMS_ORDER_BATCH_LIMIT,
  WMS_PAGE_DEFAULT,
  WMS_PAGE_MAX,
  type WmsOrdersResponse,
  type WmsShipmentsResponse,
  type WmsStockResponse,
} from '../wms-contract';
import type { ReceivedCall } from './call-log';
import { isObject } from './order-validation';
import { BodyProblem, readJsonBody, sendError, sendJson } from './simulator-http';
import type { SlidingWindowLimit } from './sliding-window-limit';
import type { Warehouse } from './warehouse';

export interface ApiContext {
  warehouse: Warehouse;
  limit: SlidingWindowLimit;
  apiKey(): string;
  now(): number;
}

class RequestProblem extends Error {}

/**
 * The contract's calls: auth first (a wrong key never spends budget), then the rate limit, then
 * the route. Every answer after auth carries the X-RateLimit headers.
 */
export async function handleApiCall(
  context: ApiContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  call: ReceivedCall,
): Promise<void> {
  const authorization = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(authorization);
  if (match?.[1]?.trim() !== context.apiKey()) {
    sendError(
      response,
      401,
      'UNAUTHORIZED',
      match ? 'The API key is not valid.' : 'An API key is required: send Authorization: Bearer <key>.',
      { 'www-authenticate': 'Bearer realm="wms", error="invalid_token"' },
    );
    return;
  }

  const decision = context.limit.take(context.now());
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
  };
  if (!decision.allowed) {
    sendError(
      response,
      429,
      'RATE_LIMITED',
      `Too many requests: the limit is ${decision.limit} calls; retry in ${decision.retryAfterSeconds} s.`,
      { ...headers, 'retry-after': String(decision.retryAfterSeconds) },
    );
    return;
  }

  try {
    const method = request.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '');
    if (method === 'POST' && path === '/v1/orders') {
      const body = await readJsonBody(request);
      call.body = body;
      sendJson(response, 200, receiveOrders(context.warehouse, body), headers);
      return;
    }
    const orderPath = /^\/v1\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && orderPath) {
      const order = context.warehouse.order(decodeURIComponent(orderPath[1] ?? ''));
      if (!order) sendError(response, 404, 'NOT_FOUND', 'No order with this reference.', headers);
      else sendJson(response, 200, { order }, headers);
      return;
    }
    if (method === 'GET' && path === '/v1/shipments') {
      sendJson(response, 200, listShipments(context.warehouse, url.searchParams), headers);
      return;
    }
    if (method === 'GET' && path === '/v1/stock') {
      sendJson(response, 200, listStock(context.warehouse, url.searchParams), headers);
      return;
    }
    sendError(response, 404, 'NOT_FOUND', `No such call: ${method} ${url.pathname}.`, headers);
  } catch (error) {
    if (error instanceof RequestProblem || error instanceof BodyProblem) {
      sendError(response, 400, 'VALIDATION_FAILED', error.message, headers);
      return;
    }
    sendError(response, 500, 'INTERNAL', 'The warehouse system failed; try again later.', headers);
  }
}

function receiveOrders(warehouse: Warehouse, body: unknown): WmsOrdersResponse {
  if (!isObject(body) || !Array.isArray(body.orders)) {
    throw new RequestProblem('The body must be {"orders": [...]}.');
  }
  if (body.orders.length === 0 || body.orders.length > WMS_ORDER_BATCH_LIMIT) {
    throw new RequestProblem(`orders must hold 1 to ${WMS_ORDER_BATCH_LIMIT} orders.`);
  }
  return { results: body.orders.map((order) => warehouse.receive(order)) };
}

function pageLimit(params: URLSearchParams): number {
  const raw = params.get('limit');
  if (raw === null || raw === '') return WMS_PAGE_DEFAULT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > WMS_PAGE_MAX) {
    throw new RequestProblem(`limit must be a whole number from 1 to ${WMS_PAGE_MAX}.`);
  }
  return limit;
}

/** Cursors are opaque to clients: base64url JSON of the last item's position. */
function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeCursor(raw: string | null): unknown {
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw new RequestProblem('cursor is not one this API gave out.');
  }
}

function listShipments(warehouse: Warehouse, params: URLSearchParams): WmsShipmentsResponse {
  const limit = pageLimit(params);
  const sinceText = params.get('since');
  const since = sinceText ? Date.parse(sinceText) : null;
  if (since !== null && Number.isNaN(since)) throw new RequestProblem('since must be an ISO 8601 date-time.');
  const cursor = decodeCursor(params.get('cursor'));
  if (
    cursor !== null &&
    !(isObject(cursor) && typeof cursor.t === 'number' && typeof cursor.id === 'string')
  ) {
    throw new RequestProblem('cursor is not one this API gave out.');
  }
  const after = cursor ? { shippedAt: cursor.t as number, id: cursor.id as string } : null;
  const page = warehouse.shipmentsPage(since, after, limit);
  const last = page.shipments.at(-1);
  return {
    shipments: page.shipments,
    next_cursor: page.more && last ? encodeCursor({ t: Date.parse(last.shipped_at), id: last.id }) : null,
  };
}

function listStock(warehouse: Warehouse, params: URLSearchParams): WmsStockResponse {
  const limit = pageLimit(params);
  const cursor = decodeCursor(params.get('cursor'));
  if (cursor !== null && !(isObject(cursor) && typeof cursor.sku === 'string')) {
    throw new RequestProblem('cursor is not one this API gave out.');
  }
  const page = warehouse.stockPage(cursor ? (cursor.sku as string) : null, limit);
  const last = page.levels.at(-1);
  return { levels: page.levels, next_cursor: page.more && last ? encodeCursor({ sku: last.sku }) : null };
}
