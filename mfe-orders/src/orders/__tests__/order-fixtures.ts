import type { OrderDetailDto, OrderDto } from '@syncdesk/contracts';

export function orderRow(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 501,
    uuid: 'b1b1b1b1-0000-4000-8000-000000000501',
    store_id: 11,
    channel_id: 5,
    channel_name: 'Acme Shopify',
    remote_id: '8100501',
    order_number: 'SH-1001',
    status: 'Unshipped',
    sync_status: 0,
    payment_status: 'Paid',
    fulfillment: 0,
    plugin_sync_status: null,
    send_via_webhook: false,
    currency: 'GBP',
    total: '1234.5',
    total_order_items: 3,
    order_date: '2026-11-22T14:03:05Z',
    customer: { name: 'Jane Doe', email: 'jane@example.test', phone: null, remote_id: 'c-1' },
    shipping_country: 'GB',
    invoice_country: 'GB',
    shipping_method: 'Royal Mail 48',
    tags: [],
    order_type: null,
    failure_reason: null,
    created_at: '2026-11-22T14:05:00Z',
    updated_at: '2026-11-22T14:05:00Z',
    ...overrides,
  };
}

export const PENDING = orderRow();
export const EURO_SYNCED = orderRow({
  id: 502,
  uuid: 'b1b1b1b1-0000-4000-8000-000000000502',
  order_number: 'AMZ-2002',
  channel_id: 6,
  channel_name: 'Acme Amazon',
  sync_status: 2,
  status: 'Shipped',
  currency: 'EUR',
  total: '20',
  fulfillment: 2,
  plugin_sync_status: 2,
  send_via_webhook: true,
  customer: { name: 'Max Muster', email: null, phone: null, remote_id: null },
});
export const FAILED = orderRow({
  id: 503,
  uuid: 'b1b1b1b1-0000-4000-8000-000000000503',
  order_number: 'SH-1003',
  sync_status: 7,
  failure_reason: 'No product matches the SKU NOPE-1.',
});

/** `GET orders/{storeId}/getOrderCountGroupByStatus` as the server answers it. */
export function countsBody(bySyncStatus: Record<number, number>) {
  const sync_status = Object.entries(bySyncStatus).map(([value, count]) => ({ value: Number(value), count }));
  return {
    body: {
      data: {
        total: sync_status.reduce((sum, entry) => sum + entry.count, 0),
        sync_status,
        status: [],
      },
    },
  };
}

export function orderDetail(overrides: Partial<OrderDetailDto> = {}): OrderDetailDto {
  return {
    ...orderRow(),
    subtotal: '1200',
    shipping_total: '4.5',
    tax_total: '30',
    discount_total: '0',
    shipping_address: {
      name: 'Jane Doe',
      company: null,
      line1: '1 High Street',
      line2: null,
      city: 'Leeds',
      region: null,
      postcode: 'LS1 1AA',
      country: 'GB',
      phone: null,
    },
    invoice_address: null,
    items: [],
    fulfillments: [],
    plugin_orders: [],
    webhook_orders: [],
    ...overrides,
  };
}
