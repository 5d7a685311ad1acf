import type {
  OrderAddress,
  OrderDetailDto,
  OrderDto,
  OrderFulfillmentDto,
  OrderItemDto,
  OrderPluginStateDto,
  OrderWebhookStateDto,
} from '@syncdesk/contracts';
import type { Order, OrderFulfillment, OrderItem, PluginOrder, WebhookOrder } from '../../db/order.models';
import { maskPhone, maskText, protectPersonalData } from '../../http/personal-data';
import type { RequestScope } from '../../http/request-scope';

/**
 * Order rows → the contract's DTOs, shared by the list, the detail and the exports (CSV/XLSX), so
 * a data-protection role sees the same masking wherever an order appears.
 */

/** Who reads a DTO: only whether personal data is masked matters. */
export type OrderViewer = Pick<RequestScope, 'dataProtection'>;
/** The system (exports for a full-access role, jobs): nothing masked. */
export const SYSTEM_ORDER_VIEWER: OrderViewer = { dataProtection: false };

/** The columns a list row needs (the detail reads the whole row). */
export const ORDER_LIST_ATTRIBUTES = [
  'id',
  'uuid',
  'store_id',
  'channel_id',
  'remote_id',
  'order_number',
  'status',
  'sync_status',
  'payment_status',
  'fulfillment_status',
  'plugin_sync_status',
  'send_via_webhook',
  'currency',
  'total',
  'total_order_items',
  'order_date',
  'customer_name',
  'customer_email',
  'customer_phone',
  'channel_customer_id',
  'shipping_country',
  'invoice_country',
  'shipping_method',
  'tags',
  'order_type',
  'failure_reason',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Order)[];

/** DECIMAL columns come back as numbers on MySQL (decimalNumbers) and strings on SQLite: always "12.50". */
export function moneyOf(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return Number(value).toFixed(2);
}

const isoOf = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/**
 * An address under data protection: everything that finds the person is hidden; the country
 * stays, as it decides shipping and tax and names nobody.
 */
export function protectAddress(viewer: OrderViewer, address: OrderAddress | null): OrderAddress | null {
  if (!viewer.dataProtection || address === null) return address;
  // Addresses are stored as JSON: a field an older record lacks reads as null.
  const hide = (value: string | null | undefined) =>
    value === null || value === undefined ? null : maskText(value);
  return {
    name: hide(address.name),
    company: hide(address.company),
    line1: hide(address.line1),
    line2: hide(address.line2),
    city: hide(address.city),
    region: hide(address.region),
    postcode: hide(address.postcode),
    country: address.country,
    phone: address.phone === null || address.phone === undefined ? null : maskPhone(address.phone),
  };
}

/** A row of the orders list. `channelName` comes from the store's channels (one query per page). */
export function toOrderDto(viewer: OrderViewer, order: Order, channelName: string | null): OrderDto {
  return {
    id: Number(order.id),
    uuid: order.uuid,
    store_id: order.store_id,
    channel_id: order.channel_id,
    channel_name: channelName,
    remote_id: order.remote_id,
    order_number: order.order_number,
    status: order.status,
    sync_status: order.sync_status,
    payment_status: order.payment_status,
    fulfillment: order.fulfillment_status,
    plugin_sync_status: order.plugin_sync_status ?? null,
    send_via_webhook: Boolean(order.send_via_webhook),
    currency: order.currency,
    total: moneyOf(order.total),
    total_order_items: order.total_order_items,
    order_date: isoOf(order.order_date),
    customer: {
      name: protectPersonalData(viewer, order.customer_name, 'name'),
      email: protectPersonalData(viewer, order.customer_email, 'email'),
      phone: protectPersonalData(viewer, order.customer_phone, 'phone'),
      remote_id: order.channel_customer_id,
    },
    shipping_country: order.shipping_country,
    invoice_country: order.invoice_country,
    shipping_method: order.shipping_method,
    tags: order.tags ?? [],
    order_type: order.order_type,
    failure_reason: order.failure_reason,
    created_at: isoOf(order.created_at)!,
    updated_at: isoOf(order.updated_at)!,
  };
}

export function toOrderItemDto(item: OrderItem): OrderItemDto {
  return {
    id: Number(item.id),
    remote_id: item.remote_id,
    product_sku: item.product_sku,
    matched_sku: item.matched_sku,
    product_id: item.product_id,
    title: item.title,
    quantity: item.quantity,
    price: moneyOf(item.price),
    tax_total: moneyOf(item.tax_total),
    discount_total: moneyOf(item.discount_total),
    total_price: moneyOf(item.total_price),
    kit_items: item.kit_items ?? null,
    options: item.options ?? [],
  };
}

export function toOrderFulfillmentDto(fulfillment: OrderFulfillment): OrderFulfillmentDto {
  return {
    id: Number(fulfillment.id),
    uuid: fulfillment.uuid,
    courier: fulfillment.courier,
    shipping_method: fulfillment.shipping_method,
    shipping_tracking_code: fulfillment.shipping_tracking_code,
    sync_status: fulfillment.sync_status,
    lines: fulfillment.lines ?? null,
    created_at: isoOf(fulfillment.created_at)!,
  };
}

export function toOrderPluginStateDto(state: PluginOrder, name: string | null): OrderPluginStateDto {
  return {
    id: state.id,
    plugin_id: state.plugin_id,
    name,
    remote_id: state.remote_id,
    sync_status: state.sync_status,
    synced_at: isoOf(state.synced_at),
  };
}

export function toOrderWebhookStateDto(state: WebhookOrder, name: string | null): OrderWebhookStateDto {
  return {
    id: state.id,
    webhook_id: state.webhook_id,
    name,
    remote_id: state.remote_id,
    sync_status: state.sync_status,
    synced_at: isoOf(state.synced_at),
  };
}

/** The detail screen: the list row plus amounts, addresses, lines, fulfilments and plugin/webhook states. */
export function toOrderDetailDto(
  viewer: OrderViewer,
  order: Order,
  parts: {
    channelName: string | null;
    items: OrderItem[];
    fulfillments: OrderFulfillment[];
    pluginOrders: { state: PluginOrder; name: string | null }[];
    webhookOrders: { state: WebhookOrder; name: string | null }[];
  },
): OrderDetailDto {
  return {
    ...toOrderDto(viewer, order, parts.channelName),
    subtotal: moneyOf(order.subtotal),
    shipping_total: moneyOf(order.shipping_total),
    tax_total: moneyOf(order.tax_total),
    discount_total: moneyOf(order.discount_total),
    shipping_address: protectAddress(viewer, order.shipping_address),
    invoice_address: protectAddress(viewer, order.invoice_address),
    items: parts.items.map(toOrderItemDto),
    fulfillments: parts.fulfillments.map(toOrderFulfillmentDto),
    plugin_orders: parts.pluginOrders.map(({ state, name }) => toOrderPluginStateDto(state, name)),
    webhook_orders: parts.webhookOrders.map(({ state, name }) => toOrderWebhookStateDto(state, name)),
  };
}
