/**
 * The WMS plugin REST contract (integrations/src/providers/wms/README.md) as wire types. A warehouse
 * implements it; our connector calls it and our simulator answers it, so both read these shapes.
 */

export const WMS_ERROR_CODES = [
  'UNAUTHORIZED',
  'VALIDATION_FAILED',
  'ORDER_REJECTED',
  'UNKNOWN_SKU',
  'RATE_LIMITED',
  'NOT_FOUND',
  'INTERNAL',
] as const;
export type WmsErrorCode = (typeof WMS_ERROR_CODES)[number];

/** Every error body, whatever the status. */
export interface WmsErrorBody {
  error: { code: WmsErrorCode; message: string };
}

/** `POST /v1/orders` takes at most this many orders. */
export const WMS_ORDER_BATCH_LIMIT = 100;
/** `limit` of the listing calls: default and ceiling. */
export const WMS_PAGE_DEFAULT = 50;
export const WMS_PAGE_MAX = 250;

export interface WmsAddress {
  name: string | null;
  company: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  phone: string | null;
}

export interface WmsOrderLine {
  sku: string;
  quantity: number;
}

export interface WmsOrderIn {
  /** The sender's id of the order; the warehouse keeps one order per reference. */
  reference: string;
  order_number: string;
  lines: WmsOrderLine[];
  shipping_address: WmsAddress | null;
  shipping_method: string | null;
}

export interface WmsOrdersRequest {
  orders: WmsOrderIn[];
}

export type WmsOrderResult =
  | { reference: string; status: 'accepted'; id: string }
  | { reference: string; status: 'rejected'; error: { code: WmsErrorCode; message: string } };

export interface WmsOrdersResponse {
  results: WmsOrderResult[];
}

export interface WmsShipment {
  id: string;
  reference: string;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  /** ISO date-time the warehouse recorded the shipment; never back-dated. */
  shipped_at: string;
  lines: WmsOrderLine[];
}

export interface WmsShipmentsResponse {
  shipments: WmsShipment[];
  next_cursor: string | null;
}

export interface WmsStockLevel {
  sku: string;
  /** Units physically in the warehouse, including those allocated to orders not shipped yet. */
  quantity: number;
  /** `quantity` minus the units allocated to accepted orders not shipped yet. */
  available: number;
}

export interface WmsStockResponse {
  levels: WmsStockLevel[];
  next_cursor: string | null;
}
