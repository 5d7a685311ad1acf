/**
 * The simulator's shop data, kept in the shape of Shopify's REST resources: that is still what a
 * webhook's payload carries (an `orders/create` body is the REST order, whichever API the app
 * uses), and the GraphQL views in `graphql/` read from it. Money is a decimal string, dates
 * ISO-8601 with an offset, ids numbers. Kept apart from the connector's own types so either side
 * can change without the other.
 */

export interface ShopifyTaxLine {
  title: string;
  price: string;
  rate: number;
}

export interface ShopifyLineItem {
  id: number;
  variant_id: number | null;
  product_id: number | null;
  sku: string | null;
  title: string;
  variant_title: string | null;
  quantity: number;
  price: string;
  total_discount: string;
  fulfillable_quantity: number;
  fulfillment_status: 'fulfilled' | 'partial' | null;
  requires_shipping: boolean;
  tax_lines: ShopifyTaxLine[];
  properties: { name: string; value: string }[];
}

export interface ShopifyAddress {
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  province_code: string | null;
  zip: string | null;
  country: string | null;
  country_code: string | null;
  phone: string | null;
}

export interface ShopifyCustomer {
  id: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

export type ShopifyFinancialStatus =
  'pending' | 'authorized' | 'partially_paid' | 'paid' | 'partially_refunded' | 'refunded' | 'voided';

export interface ShopifyOrder {
  id: number;
  admin_graphql_api_id: string;
  /** "#1001": what the shop shows the customer. */
  name: string;
  order_number: number;
  email: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
  processed_at: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
  closed_at: string | null;
  currency: string;
  financial_status: ShopifyFinancialStatus;
  fulfillment_status: 'fulfilled' | 'partial' | null;
  subtotal_price: string;
  total_price: string;
  total_tax: string;
  total_discounts: string;
  total_shipping_price_set: { shop_money: { amount: string; currency_code: string } };
  shipping_lines: { id: number; title: string; code: string | null; price: string }[];
  tags: string;
  test: boolean;
  customer: ShopifyCustomer | null;
  shipping_address: ShopifyAddress | null;
  billing_address: ShopifyAddress | null;
  line_items: ShopifyLineItem[];
  refunds: ShopifyRefund[];
}

export interface ShopifyRefund {
  id: number;
  order_id: number;
  created_at: string;
  note: string | null;
  refund_line_items: { id: number; line_item_id: number; quantity: number; subtotal: string }[];
  /** What went back to the customer (lines and shipping together). */
  amount: string;
}

export interface ShopifyVariant {
  id: number;
  product_id: number;
  title: string;
  sku: string | null;
  price: string;
  inventory_item_id: number;
  inventory_quantity: number;
  inventory_management: 'shopify' | null;
  barcode: string | null;
  created_at: string;
  updated_at: string;
}

export interface ShopifyProduct {
  id: number;
  title: string;
  status: 'active' | 'draft' | 'archived';
  created_at: string;
  updated_at: string;
  variants: ShopifyVariant[];
}

export interface ShopifyLocation {
  id: number;
  name: string;
  active: boolean;
  country_code: string;
}

export interface ShopifyInventoryLevel {
  inventory_item_id: number;
  location_id: number;
  available: number;
  updated_at: string;
  admin_graphql_api_id: string;
}

export interface ShopifyFulfillmentOrderLineItem {
  id: number;
  shop_id: number;
  fulfillment_order_id: number;
  line_item_id: number;
  inventory_item_id: number;
  quantity: number;
  fulfillable_quantity: number;
  variant_id: number | null;
}

export interface ShopifyFulfillmentOrder {
  id: number;
  shop_id: number;
  order_id: number;
  assigned_location_id: number;
  status: 'open' | 'in_progress' | 'closed' | 'cancelled' | 'incomplete' | 'scheduled' | 'on_hold';
  request_status: 'unsubmitted';
  supported_actions: string[];
  line_items: ShopifyFulfillmentOrderLineItem[];
}

export interface ShopifyFulfillment {
  id: number;
  order_id: number;
  name: string;
  status: 'success' | 'pending' | 'open' | 'cancelled' | 'error' | 'failure';
  created_at: string;
  updated_at: string;
  tracking_company: string | null;
  tracking_number: string | null;
  tracking_numbers: string[];
  tracking_url: string | null;
  tracking_urls: string[];
  location_id: number;
  line_items: ShopifyLineItem[];
}

export interface ShopifyWebhook {
  id: number;
  address: string;
  topic: string;
  created_at: string;
  updated_at: string;
  format: 'json';
  fields: string[];
  metafield_namespaces: string[];
  api_version: string;
}

/** The token endpoint's answer (expiring offline tokens, since 2025-12). */
export interface ShopifyAccessTokenGrant {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}
