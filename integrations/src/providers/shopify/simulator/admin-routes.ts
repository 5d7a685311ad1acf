import type { ShopifyOrder } from './shop-resources';
import { onlyFields, pageOf, readPageRequest } from './cursor-pages';
import { ShopRefusal, type ShopState, type StoredOrder } from './shop-state';
import { parseShopifyTime } from './simulator-time';
import type { WebhookDelivery } from './webhook-delivery';

export interface SimulatorRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** `http://host:port` as the caller reached us (the `Link` header points back there). */
  origin: string;
}

export interface SimulatorAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const ok = (body: unknown, status = 200): SimulatorAnswer => ({ status, body });

function positiveId(text: string | undefined): number {
  const id = Number(text);
  if (!text || !Number.isSafeInteger(id) || id <= 0) throw new ShopRefusal(404, 'Not Found');
  return id;
}

function timeFilter(filters: Record<string, string>, name: string): number | null {
  const value = filters[name];
  if (value === undefined) return null;
  const ms = parseShopifyTime(value);
  if (ms === null) throw new ShopRefusal(400, { [name]: 'Invalid value.' });
  return ms;
}

/** The order filters of `GET orders.json` (Shopify's `status` defaults to `open`). */
function orderMatches(filters: Record<string, string>): (stored: StoredOrder) => boolean {
  const ids = filters.ids ? new Set(filters.ids.split(',').map((id) => Number(id.trim()))) : null;
  const sinceId = filters.since_id ? Number(filters.since_id) : null;
  const createdMin = timeFilter(filters, 'created_at_min');
  const createdMax = timeFilter(filters, 'created_at_max');
  const updatedMin = timeFilter(filters, 'updated_at_min');
  const updatedMax = timeFilter(filters, 'updated_at_max');
  const status = filters.status ?? 'open';
  if (!['open', 'closed', 'cancelled', 'any'].includes(status)) {
    throw new ShopRefusal(400, { status: 'Invalid value.' });
  }
  const financial = filters.financial_status ?? 'any';
  const fulfillment = filters.fulfillment_status ?? 'any';
  return ({ order, createdMs, updatedMs }) => {
    if (ids && !ids.has(order.id)) return false;
    if (sinceId !== null && order.id <= sinceId) return false;
    if (createdMin !== null && createdMs < createdMin) return false;
    if (createdMax !== null && createdMs > createdMax) return false;
    if (updatedMin !== null && updatedMs < updatedMin) return false;
    if (updatedMax !== null && updatedMs > updatedMax) return false;
    if (status === 'open' && (order.cancelled_at || order.closed_at)) return false;
    if (status === 'closed' && !order.closed_at) return false;
    if (status === 'cancelled' && !order.cancelled_at) return false;
    if (financial !== 'any' && order.financial_status !== financial) return false;
    if (fulfillment === 'shipped' && order.fulfillment_status !== 'fulfilled') return false;
    if (fulfillment === 'partial' && order.fulfillment_status !== 'partial') return false;
    if (fulfillment === 'unshipped' && order.fulfillment_status !== null) return false;
    if (fulfillment === 'unfulfilled' && order.fulfillment_status === 'fulfilled') return false;
    return true;
  };
}

const SORT_FIELDS = {
  created_at: (stored: StoredOrder) => stored.createdMs,
  updated_at: (stored: StoredOrder) => stored.updatedMs,
  processed_at: (stored: StoredOrder) => stored.createdMs,
  id: (stored: StoredOrder) => stored.order.id,
} as const;

function orderSort(value: string | undefined): {
  field: keyof typeof SORT_FIELDS;
  direction: 'asc' | 'desc';
} {
  const [field = 'created_at', direction = 'desc'] = (value ?? 'created_at desc').trim().split(/\s+/);
  if (!(field in SORT_FIELDS) || (direction !== 'asc' && direction !== 'desc')) {
    throw new ShopRefusal(400, { order: 'Invalid value.' });
  }
  return { field: field as keyof typeof SORT_FIELDS, direction };
}

function listOrders(shop: ShopState, request: SimulatorRequest, base: string): SimulatorAnswer {
  const pageRequest = readPageRequest(request.query);
  const matches = orderMatches(pageRequest.filters);
  const sort = orderSort(pageRequest.filters.order);
  const sortValue = SORT_FIELDS[sort.field];
  const keyOf = (stored: StoredOrder): [number, number] => [sortValue(stored), stored.order.id];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const rows = [...shop.orders.values()].filter(matches).sort((a, b) => {
    const [ka, kb] = [keyOf(a), keyOf(b)];
    return sign * (ka[0] === kb[0] ? ka[1] - kb[1] : ka[0] - kb[0]);
  });
  const { page, link } = pageOf(
    rows,
    pageRequest,
    keyOf,
    sort.direction,
    `${request.origin}${base}/orders.json`,
  );
  const orders: ShopifyOrder[] = page.map((stored) => stored.order);
  return {
    status: 200,
    body: { orders: onlyFields(orders, pageRequest.fields) },
    headers: link ? { link } : {},
  };
}

function listProducts(shop: ShopState, request: SimulatorRequest, base: string): SimulatorAnswer {
  const pageRequest = readPageRequest(request.query);
  const ids = pageRequest.filters.ids ? new Set(pageRequest.filters.ids.split(',').map(Number)) : null;
  const rows = shop.products
    .filter((product) => !ids || ids.has(product.id))
    .map((product) => ({
      ...product,
      variants: product.variants.map((variant) => ({
        ...variant,
        inventory_quantity: shop.availableOf(variant),
      })),
    }))
    .sort((a, b) => a.id - b.id);
  const keyOf = (product: { id: number }): [number, number] => [product.id, product.id];
  const { page, link } = pageOf(rows, pageRequest, keyOf, 'asc', `${request.origin}${base}/products.json`);
  return {
    status: 200,
    body: { products: onlyFields(page, pageRequest.fields) },
    headers: link ? { link } : {},
  };
}

interface FulfillmentBody {
  fulfillment?: {
    notify_customer?: boolean;
    tracking_info?: { number?: string | null; company?: string | null; url?: string | null } | null;
    line_items_by_fulfillment_order?: {
      fulfillment_order_id?: number;
      fulfillment_order_line_items?: { id?: number; quantity?: number }[];
    }[];
  };
}

function createFulfillment(shop: ShopState, body: unknown): SimulatorAnswer {
  const fulfillment = (body as FulfillmentBody | null)?.fulfillment;
  if (!fulfillment) throw new ShopRefusal(400, { fulfillment: 'Required parameter missing or invalid' });
  const created = shop.createFulfillment({
    lineItemsByFulfillmentOrder: (fulfillment.line_items_by_fulfillment_order ?? []).map((group) => ({
      fulfillmentOrderId: Number(group.fulfillment_order_id),
      lines: group.fulfillment_order_line_items
        ? group.fulfillment_order_line_items.map((line) => ({
            id: Number(line.id),
            quantity: Number(line.quantity),
          }))
        : null,
    })),
    trackingInfo: fulfillment.tracking_info ?? null,
  });
  return ok({ fulfillment: created }, 201);
}

function setInventoryLevel(shop: ShopState, body: unknown): SimulatorAnswer {
  const input = (body ?? {}) as { location_id?: unknown; inventory_item_id?: unknown; available?: unknown };
  const missing = (['location_id', 'inventory_item_id', 'available'] as const).filter(
    (name) => input[name] === undefined || input[name] === null,
  );
  if (missing.length) {
    throw new ShopRefusal(400, { [missing[0]!]: 'Required parameter missing or invalid' });
  }
  const available = Number(input.available);
  if (!Number.isInteger(available)) throw new ShopRefusal(422, { available: ['must be an integer'] });
  const level = shop.setInventory(Number(input.inventory_item_id), Number(input.location_id), available);
  return ok({ inventory_level: level });
}

function listInventoryLevels(shop: ShopState, query: URLSearchParams): SimulatorAnswer {
  const items = query.get('inventory_item_ids');
  const locations = query.get('location_ids');
  if (!items && !locations) {
    throw new ShopRefusal(422, ['inventory_item_ids, location_ids, or both must be present']);
  }
  const itemSet = items ? new Set(items.split(',').map(Number)) : null;
  const locationSet = locations ? new Set(locations.split(',').map(Number)) : null;
  const levels = [...shop.levels.values()].filter(
    (level) =>
      (!itemSet || itemSet.has(level.inventory_item_id)) &&
      (!locationSet || locationSet.has(level.location_id)),
  );
  return ok({ inventory_levels: levels });
}

/**
 * The Admin REST resources the sync uses, under `/admin/api/{version}/…json`. `resource` is the
 * path after the version without `.json` (`orders/450789469/fulfillment_orders`).
 */
export function answerAdminCall(
  shop: ShopState,
  webhooks: WebhookDelivery,
  request: SimulatorRequest,
  base: string,
  resource: string,
): SimulatorAnswer {
  const parts = resource.split('/');
  const { method } = request;
  const route = `${method} ${parts.map((part) => (/^\d+$/.test(part) ? ':id' : part)).join('/')}`;
  switch (route) {
    case 'GET shop':
      return ok({
        shop: { id: 548380009, name: 'Simulated shop', myshopify_domain: request.origin, currency: 'GBP' },
      });
    case 'GET orders':
      return listOrders(shop, request, base);
    case 'GET orders/count': {
      const matches = orderMatches(Object.fromEntries(request.query));
      return ok({ count: [...shop.orders.values()].filter(matches).length });
    }
    case 'GET orders/:id':
      return ok({ order: shop.requireOrder(positiveId(parts[1])).order });
    case 'GET orders/:id/fulfillment_orders': {
      const id = positiveId(parts[1]);
      shop.requireOrder(id);
      return ok({ fulfillment_orders: shop.fulfillmentOrders.get(id) ?? [] });
    }
    case 'GET orders/:id/fulfillments': {
      const id = positiveId(parts[1]);
      shop.requireOrder(id);
      return ok({ fulfillments: shop.fulfillments.filter((fulfillment) => fulfillment.order_id === id) });
    }
    case 'POST fulfillments':
      return createFulfillment(shop, request.body);
    case 'GET products':
      return listProducts(shop, request, base);
    case 'GET locations':
      return ok({ locations: shop.locations });
    case 'GET inventory_levels':
      return listInventoryLevels(shop, request.query);
    case 'POST inventory_levels/set':
      return setInventoryLevel(shop, request.body);
    case 'GET webhooks':
      return ok({ webhooks: webhooks.subscriptions });
    case 'GET webhooks/:id': {
      const id = positiveId(parts[1]);
      const webhook = webhooks.subscriptions.find((subscription) => subscription.id === id);
      if (!webhook) throw new ShopRefusal(404, 'Not Found');
      return ok({ webhook });
    }
    case 'POST webhooks': {
      const input = (request.body as { webhook?: Record<string, unknown> } | null)?.webhook;
      if (!input) throw new ShopRefusal(400, { webhook: 'Required parameter missing or invalid' });
      return ok({ webhook: webhooks.subscribe(input) }, 201);
    }
    case 'DELETE webhooks/:id':
      webhooks.unsubscribe(positiveId(parts[1]));
      return ok({});
    default:
      throw new ShopRefusal(404, 'Not Found');
  }
}
