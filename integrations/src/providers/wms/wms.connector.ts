import type { NormalisedOrderInput } from '@syncdesk/contracts';
import {
  ConnectorError,
  type ConnectorContext,
  type PluginConnector,
  type PluginOrderPush,
  type PluginShipment,
} from '../../connector';
import {
  WMS_ORDER_BATCH_LIMIT,
  WMS_PAGE_MAX,
  type WmsAddress,
  type WmsOrderIn,
  type WmsOrdersResponse,
  type WmsShipmentsResponse,
  type WmsStockResponse,
} from './wms-contract';
import { errorFromAnswer, errorFromTransport, malformedAnswer, WMS_PROVIDER } from './wms-errors';

/** Shipments per page: enough that a busy warehouse's hour fits in a few calls. */
const SHIPMENTS_PAGE = 100;

type SendOrdersOutcome = Awaited<ReturnType<PluginConnector['sendOrders']>>;

/**
 * The generic WMS plugin: a thin typed client of our own REST contract (this folder's README),
 * since no vendor client exists for it. Calls go through the channel transport under
 * the spec's operations: `sync_orders` (orders out), `get_orders` (shipments back), `get_products`
 * (stock back).
 */
export function createWmsConnector(context: ConnectorContext): PluginConnector {
  const { connection, http } = context;
  const apiUrl = typeof connection.settings.api_url === 'string' ? connection.settings.api_url.trim() : '';
  const apiKey = connection.credentials.api_key ?? '';

  function endpoint(path: string, query: Record<string, string | null> = {}): URL {
    if (apiUrl === '') {
      throw new ConnectorError(
        'validation',
        'The WMS plugin has no API URL: set it in the plugin settings.',
        {
          provider: WMS_PROVIDER,
          code: 'missing_api_url',
        },
      );
    }
    // A base with a path (https://wms.example/api) keeps it: resolve against it as a directory.
    const url = new URL(path, apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`);
    for (const [name, value] of Object.entries(query)) if (value !== null) url.searchParams.set(name, value);
    return url;
  }

  async function call<T>(
    operation: string,
    url: URL,
    init: RequestInit,
    isShape: (body: unknown) => boolean,
  ) {
    if (apiKey === '') {
      throw new ConnectorError('auth', 'The WMS plugin has no API key: set it in the plugin settings.', {
        provider: WMS_PROVIDER,
        code: 'missing_api_key',
      });
    }
    let response: Response;
    try {
      response = await http.request(operation, url, {
        ...init,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
    } catch (error) {
      throw errorFromTransport(error);
    }
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      if (response.ok) throw malformedAnswer('a body that is not JSON', response.status);
    }
    if (!response.ok) throw errorFromAnswer(response.status, body);
    if (!isShape(body)) throw malformedAnswer('a body this contract does not describe', response.status);
    return body as T;
  }

  async function sendBatch(batch: PluginOrderPush[]): Promise<SendOrdersOutcome> {
    const body = await call<WmsOrdersResponse>(
      'sync_orders',
      endpoint('v1/orders'),
      { method: 'POST', body: JSON.stringify({ orders: batch.map(toWmsOrder) }) },
      (value) => Array.isArray((value as WmsOrdersResponse | null)?.results),
    );
    const byReference = new Map(body.results.map((result) => [result.reference, result]));
    const outcome: SendOrdersOutcome = { accepted: [], rejected: [] };
    for (const { reference } of batch) {
      const result = byReference.get(reference);
      if (result?.status === 'accepted') outcome.accepted.push({ reference, remoteId: String(result.id) });
      else if (result?.status === 'rejected') {
        outcome.rejected.push({ reference, reason: result.error.message, errorCode: result.error.code });
      } else {
        outcome.rejected.push({
          reference,
          reason: 'The warehouse did not answer for this order.',
          errorCode: 'malformed',
        });
      }
    }
    return outcome;
  }

  return {
    provider: WMS_PROVIDER,

    async sendOrders(orders) {
      const outcome: SendOrdersOutcome = { accepted: [], rejected: [] };
      for (let start = 0; start < orders.length; start += WMS_ORDER_BATCH_LIMIT) {
        const batch = await sendBatch(orders.slice(start, start + WMS_ORDER_BATCH_LIMIT));
        outcome.accepted.push(...batch.accepted);
        outcome.rejected.push(...batch.rejected);
      }
      return outcome;
    },

    async listShipments(since, cursor) {
      const body = await call<WmsShipmentsResponse>(
        'get_orders',
        endpoint('v1/shipments', {
          since: since ? since.toISOString() : null,
          cursor,
          limit: String(SHIPMENTS_PAGE),
        }),
        { method: 'GET' },
        (value) => Array.isArray((value as WmsShipmentsResponse | null)?.shipments),
      );
      const shipments: PluginShipment[] = body.shipments.map((shipment) => ({
        reference: shipment.reference,
        remoteId: shipment.id,
        courier: shipment.carrier || null,
        trackingCode: shipment.tracking_number || null,
        trackingUrl: shipment.tracking_url || null,
        lines: shipment.lines.map((line) => ({ sku: line.sku, quantity: line.quantity })),
        shippedAt: new Date(shipment.shipped_at),
      }));
      if (shipments.some((shipment) => Number.isNaN(shipment.shippedAt.getTime()))) {
        throw malformedAnswer('a shipment without a valid shipped_at', 200);
      }
      // `since` is inclusive, so the next read starts at the newest time seen and re-reads its
      // shipments (kept once by their id) rather than missing one recorded in the same instant.
      const watermark = shipments.reduce<Date | null>(
        (latest, shipment) => (!latest || shipment.shippedAt > latest ? shipment.shippedAt : latest),
        null,
      );
      return { shipments, next: body.next_cursor ?? null, watermark };
    },

    async listStockLevels(cursor) {
      const body = await call<WmsStockResponse>(
        'get_products',
        endpoint('v1/stock', { cursor, limit: String(WMS_PAGE_MAX) }),
        { method: 'GET' },
        (value) => Array.isArray((value as WmsStockResponse | null)?.levels),
      );
      return {
        // What can be sold is what is not already promised to an order the warehouse holds.
        levels: body.levels.map((level) => ({ sku: level.sku, quantity: level.available ?? level.quantity })),
        next: body.next_cursor ?? null,
      };
    },
  };
}

function toWmsOrder({ reference, order }: PluginOrderPush): WmsOrderIn {
  return {
    reference,
    order_number: String(order.order_number),
    lines: order.lines.map((line) => ({ sku: line.sku ?? '', quantity: line.quantity })),
    shipping_address: toWmsAddress(order.shipping_address),
    shipping_method: order.shipping_method ?? null,
  };
}

function toWmsAddress(address: NormalisedOrderInput['shipping_address']): WmsAddress | null {
  if (!address) return null;
  return {
    name: address.name ?? null,
    company: address.company ?? null,
    line1: address.line1 ?? null,
    line2: address.line2 ?? null,
    city: address.city ?? null,
    region: address.region ?? null,
    postcode: address.postcode ?? null,
    country: address.country ?? null,
    phone: address.phone ?? null,
  };
}
