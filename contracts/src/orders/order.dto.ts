import { z } from 'zod';
import type { OrderPickupDto } from './order-actions.schemas';

/**
 * Orders as the connectors hand them to the import service (`NormalisedOrder`) and as the api
 * answers them (`OrderDto`, `OrderItemDto`). Money is a decimal string ("12.50"), never a float.
 */

/** A decimal amount: a string like "12.5" / "-3.00" or a finite number; normalised to a string. */
const decimal = z
  .union([
    z
      .string()
      .trim()
      .regex(/^-?\d{1,12}(\.\d{1,4})?$/, 'must be a decimal amount'),
    z.number().finite(),
  ])
  .transform((value) => (typeof value === 'number' ? String(Math.round(value * 10_000) / 10_000) : value));

const text = (max: number) => z.string().trim().max(max);
/** An identifier some channels send as a number: kept as text. */
const identifier = (max: number) =>
  z
    .union([z.string(), z.number().int()])
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, 'is required').max(max));
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value || null);

/** An ISO date-time string (or a Date): the connector's time of the order. */
const dateTime = z.union([z.string().trim().min(1), z.date()]).transform((value, context) => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: 'custom', message: 'must be a date' });
    return z.NEVER;
  }
  return date;
});

export const orderAddressSchema = z.object({
  name: optionalText(190),
  company: optionalText(190),
  line1: optionalText(255),
  line2: optionalText(255),
  city: optionalText(120),
  region: optionalText(120),
  postcode: optionalText(40),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((value) => value.toUpperCase())
    .nullish()
    .transform((value) => value ?? null),
  phone: optionalText(60),
});
export type OrderAddress = z.output<typeof orderAddressSchema>;

export const orderLineOptionSchema = z.object({
  option_name: text(190),
  option_value: text(500),
});
export type OrderLineOption = z.output<typeof orderLineOptionSchema>;

export const normalisedOrderLineSchema = z.object({
  /** The channel's id of the line (stable across re-imports); the position when the channel has none. */
  remote_id: identifier(120).nullish(),
  sku: optionalText(190),
  title: optionalText(255),
  quantity: z.number().int().min(1, 'must be at least 1').max(1_000_000),
  /** Unit price. */
  price: decimal.nullish().transform((value) => value ?? null),
  tax_total: decimal.nullish().transform((value) => value ?? null),
  discount_total: decimal.nullish().transform((value) => value ?? null),
  /** Line total (price × quantity when absent). */
  total_price: decimal.nullish().transform((value) => value ?? null),
  options: z.array(orderLineOptionSchema).max(100).default([]),
});
export type NormalisedOrderLine = z.output<typeof normalisedOrderLineSchema>;

/** One order as any connector produces it (input of `orderImport.importBatch`). */
export const normalisedOrderSchema = z.object({
  /** The channel's id of the order: with the channel, the key the import upserts on. */
  remote_id: identifier(190),
  /** The channel's order number (the channel's order prefix is added on import). */
  order_number: identifier(150),
  /** ORDER_STATUS value (Unpaid, Unshipped, PartiallyShipped, Shipped, Cancelled, Refunded, Unfulfillable). */
  status: z.enum([
    'Unpaid',
    'Unshipped',
    'PartiallyShipped',
    'Shipped',
    'Cancelled',
    'Refunded',
    'Unfulfillable',
  ]),
  /** PAYMENT value; 'Blank' when the channel sent none. */
  payment_status: z
    .enum([
      'Pending',
      'Authorized',
      'PartiallyPaid',
      'Paid',
      'PartiallyRefunded',
      'Refunded',
      'Voided',
      'Blank',
    ])
    .default('Blank'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code')
    .transform((value) => value.toUpperCase()),
  subtotal: decimal.nullish().transform((value) => value ?? null),
  shipping_total: decimal.nullish().transform((value) => value ?? null),
  tax_total: decimal.nullish().transform((value) => value ?? null),
  discount_total: decimal.nullish().transform((value) => value ?? null),
  total: decimal,
  order_date: dateTime,
  customer: z
    .object({
      name: optionalText(190),
      email: optionalText(190),
      phone: optionalText(60),
      /** The channel's customer id. */
      remote_id: optionalText(190),
    })
    .default({ name: null, email: null, phone: null, remote_id: null }),
  shipping_address: orderAddressSchema.nullish().transform((value) => value ?? null),
  invoice_address: orderAddressSchema.nullish().transform((value) => value ?? null),
  shipping_method: optionalText(190),
  tags: z.array(text(100)).max(100).default([]),
  order_type: optionalText(40),
  lines: z.array(normalisedOrderLineSchema).min(1, 'an order needs at least one line').max(1000),
});
/** What a connector passes in (money as numbers or strings, dates as strings or Dates). */
export type NormalisedOrderInput = z.input<typeof normalisedOrderSchema>;
/** After validation: money as decimal strings, the date as a Date, absent fields as null. */
export type NormalisedOrder = z.output<typeof normalisedOrderSchema>;

/** A component of a kit line as stored on the order item. */
export interface OrderKitItemDto {
  product_id: number;
  sku: string;
  /** Units per kit. */
  quantity: number;
}

export interface OrderItemDto {
  id: number;
  remote_id: string | null;
  product_sku: string | null;
  matched_sku: string | null;
  product_id: number | null;
  title: string | null;
  quantity: number;
  price: string | null;
  tax_total: string | null;
  discount_total: string | null;
  total_price: string | null;
  kit_items: OrderKitItemDto[] | null;
  options: OrderLineOption[];
}

export interface OrderFulfillmentDto {
  id: number;
  uuid: string;
  courier: string | null;
  shipping_method: string | null;
  shipping_tracking_code: string | null;
  /** FULFILMENT_STATUS. */
  sync_status: number;
  lines: { order_item_id: number; quantity: number }[] | null;
  created_at: string;
}

/** A row of the orders list (spec §3 Order). */
export interface OrderDto {
  id: number;
  uuid: string;
  store_id: number;
  channel_id: number;
  channel_name: string | null;
  remote_id: string;
  order_number: string;
  status: string | null;
  /** ORDER_SYNC_STATUS. */
  sync_status: number;
  payment_status: string | null;
  /** FULFILMENT_STATUS of the order. */
  fulfillment: number;
  plugin_sync_status: number | null;
  send_via_webhook: boolean;
  currency: string | null;
  total: string | null;
  total_order_items: number;
  order_date: string | null;
  customer: { name: string | null; email: string | null; phone: string | null; remote_id: string | null };
  shipping_country: string | null;
  invoice_country: string | null;
  shipping_method: string | null;
  tags: string[];
  order_type: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** What one plugin (WMS) did with the order (spec §3 Plugin order). */
export interface OrderPluginStateDto {
  id: number;
  plugin_id: number;
  /** The plugin's name (null when it was removed). */
  name: string | null;
  remote_id: string | null;
  /** PLUGIN_SYNC_STATUS. */
  sync_status: number;
  synced_at: string | null;
}

/** What one webhook did with the order (spec §3 Webhook order: sent or not). */
export interface OrderWebhookStateDto {
  id: number;
  webhook_id: number;
  name: string | null;
  remote_id: string | null;
  sync_status: number;
  synced_at: string | null;
}

/** The order detail screen. */
export interface OrderDetailDto extends OrderDto {
  subtotal: string | null;
  shipping_total: string | null;
  tax_total: string | null;
  discount_total: string | null;
  shipping_address: OrderAddress | null;
  invoice_address: OrderAddress | null;
  items: OrderItemDto[];
  fulfillments: OrderFulfillmentDto[];
  plugin_orders: OrderPluginStateDto[];
  webhook_orders: OrderWebhookStateDto[];
  /**
   * Click and collect (order_type a pickup type): where it stands and the next action; null
   * otherwise. Filled by `orderPickupOf` (api/src/modules/orders/order-pickup.ts).
   */
  pickup?: OrderPickupDto | null;
}

/** What one `importBatch` did. */
export interface OrderImportResult {
  /** false: the channel's `get_orders` is off and nothing was imported. */
  imported: boolean;
  reason?: string;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  skipped: number;
  /** Ids of the orders created or changed (failed records included). */
  orderIds: number[];
  /** One entry per order that could not be taken: its remote id (when it had one) and why. */
  failures: { remote_id: string | null; reason: string }[];
}
