/**
 * Mirakl's asynchronous offer export (seller OpenAPI: OF52 request, OF53 status, OF54 JSON chunk),
 * the fields we read. OF51 (one CSV answer) is deprecated in favour of these three.
 */
export interface MiraklOfferExportRequest {
  export_type: 'application/json' | 'text/csv';
  /** Without it, the export is "full" (Mirakl: at most once a day); with it, a delta. */
  last_request_date?: string;
  /** Full mode leaves inactive offers out unless asked; an out-of-stock offer is inactive. */
  include_inactive_offers?: boolean;
  items_per_chunk?: number;
  megabytes_per_chunk?: number;
}

export interface MiraklOfferExportStatus {
  status: 'PENDING' | 'FAILED' | 'COMPLETED';
  last_updated?: string;
  /** One URL per chunk (OF54), once COMPLETED. */
  urls?: string[];
  error?: { code?: string; detail?: string };
}

export interface MiraklOfferPrice {
  /** Absent for the default price. */
  context?: Record<string, unknown>;
  origin_price?: number;
  discount_price?: number;
}

/** One offer of an OF54 JSON chunk. */
export interface MiraklExportedOffer {
  offer_id: number;
  shop_sku: string;
  product_sku: string;
  active?: boolean;
  deleted?: boolean;
  quantity?: number;
  currency_iso_code?: string;
  description?: string;
  state_code?: string;
  prices?: MiraklOfferPrice[];
  warehouses?: { code: string; quantity: number }[];
  last_updated?: string;
}
