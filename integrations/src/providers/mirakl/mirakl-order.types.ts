/**
 * The parts of Mirakl's seller API shapes we read and write (seller OpenAPI, channel-apis §2).
 * Shared by the connector and the simulator so both speak the same shape.
 */

/** OR11 `order_state` values (sdk-php-shop `AbstractOrderStatus`). */
export const MIRAKL_ORDER_STATES = [
  'STAGING',
  'WAITING_ACCEPTANCE',
  'WAITING_DEBIT',
  'WAITING_DEBIT_PAYMENT',
  'SHIPPING',
  'SHIPPED',
  'TO_COLLECT',
  'RECEIVED',
  'CLOSED',
  'REFUSED',
  'CANCELED',
] as const;
export type MiraklOrderState = (typeof MIRAKL_ORDER_STATES)[number];

export interface MiraklAddress {
  firstname?: string | null;
  lastname?: string | null;
  company?: string | null;
  street_1?: string | null;
  street_2?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  /** ISO 3166-1 alpha-3 ("FRA"). */
  country_iso_code?: string | null;
  country?: string | null;
  phone?: string | null;
}

export interface MiraklTax {
  amount: number;
  code?: string | null;
}

export interface MiraklOrderLine {
  order_line_id: string;
  order_line_index: number;
  order_line_state: string;
  /** The seller's SKU. */
  offer_sku: string;
  offer_id: number;
  product_sku: string;
  product_title: string;
  quantity: number;
  /** price_unit × quantity. */
  price: number;
  price_unit: number;
  shipping_price: number;
  total_price: number;
  taxes?: MiraklTax[];
  shipping_taxes?: MiraklTax[];
  created_date: string;
  last_updated_date: string;
}

export interface MiraklOrder {
  order_id: string;
  commercial_id: string;
  order_state: string;
  created_date: string;
  last_updated_date: string;
  currency_iso_code: string;
  /** Sum of the lines' prices, without shipping. */
  price: number;
  shipping_price: number;
  total_price: number;
  order_lines: MiraklOrderLine[];
  customer: {
    customer_id?: string | null;
    firstname?: string | null;
    lastname?: string | null;
    shipping_address?: MiraklAddress | null;
    billing_address?: MiraklAddress | null;
  };
  customer_notification_email?: string | null;
  shipping_type_code: string;
  shipping_type_label?: string | null;
  shipping_zone_code: string;
  shipping_tracking?: string | null;
  shipping_tracking_url?: string | null;
  shipping_carrier_code?: string | null;
  shipping_company?: string | null;
}

/** OR11 answer. */
export interface MiraklOrderList {
  orders: MiraklOrder[];
  total_count: number;
}

/** SH21 answer. */
export interface MiraklCarrierList {
  carriers: { code: string; label: string; tracking_url?: string | null }[];
}

/** STO02 answer. */
export interface MiraklStockImportStatus {
  import_id: string;
  status: 'WAITING' | 'RUNNING' | 'COMPLETE' | 'FAILED';
  lines_in_success?: number;
  lines_in_error?: number;
  has_error_report?: boolean;
  date_created?: string;
  shop_id?: number | string | null;
}

/**
 * Mirakl's error body is not documented (channel-apis §8: UNCONFIRMED). The simulator answers
 * `{"status": 400, "message": "…", "code": "ORDER_INVALID_STATE"}`; the connector reads this shape
 * and tolerates anything else (plain text, an `errors` list, no body).
 */
export interface MiraklErrorBody {
  status: number;
  message: string;
  code?: string;
}
