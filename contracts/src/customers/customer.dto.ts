/**
 * Customers, built by the order import from the orders it stores (`GET customers/{storeId}`,
 * `GET customers/{storeId}/{customerId}`, `GET customers/{storeId}/{customerId}/orders`).
 *
 * Identity: one customer per store and e-mail (lower-cased, so the same buyer on two channels of a
 * store is one customer); an order without an e-mail belongs to the customer of its channel's
 * customer id. An order with neither has no customer. Contact fields (name, phone) are those of the
 * customer's most recent order.
 *
 * Money: orders keep their own currency and there is no exchange rate to add them up, so what a
 * customer spent is given per currency (`total_spent`), largest first. Cancelled and refunded orders
 * count in `orders_count` (they are the customer's orders) but not in what they spent.
 *
 * Personal data (name, email, phone, address) is masked for data-protection roles.
 */

/** What a customer spent in one currency (a decimal string with 2 places, e.g. "120.50"). */
export interface CustomerSpendDto {
  currency: string;
  amount: string;
  /** Orders in that currency that count towards the amount. */
  orders_count: number;
}

/** A row of the customers list. */
export interface CustomerDto {
  id: number;
  store_id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** The channel the customer was first seen on, and the channel's id of them (null when known by e-mail only). */
  channel_id: number | null;
  channel_name: string | null;
  channel_customer_id: string | null;
  /** Every order of the customer in this store, cancelled ones included. */
  orders_count: number;
  /** Per currency, largest amount first; empty when nothing counts (only cancelled orders, say). */
  total_spent: CustomerSpendDto[];
  /** ISO UTC. */
  first_order_at: string | null;
  last_order_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One of a customer's orders, as the customer detail lists them (links to the order detail). */
export interface CustomerOrderDto {
  id: number;
  order_number: string;
  channel_id: number;
  channel_name: string | null;
  /** ORDER_STATUS value. */
  status: string | null;
  /** ORDER_SYNC_STATUS. */
  sync_status: number;
  payment_status: string | null;
  currency: string | null;
  total: string | null;
  total_order_items: number;
  order_date: string | null;
}

/** A postal address as the customer's latest order carried it (masked for data-protection roles). */
export interface CustomerAddressDto {
  name: string | null;
  company: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  country: string | null;
  phone: string | null;
}

/** The customer detail screen. */
export interface CustomerDetailDto extends CustomerDto {
  /** The channels the customer ordered through. */
  channels: { id: number; name: string | null; orders_count: number }[];
  /** From the customer's most recent order that had one. */
  shipping_address: CustomerAddressDto | null;
  invoice_address: CustomerAddressDto | null;
  /** The 10 latest orders, newest first; `GET customers/{storeId}/{customerId}/orders` pages them all. */
  recent_orders: CustomerOrderDto[];
}

/**
 * The list convention's fields.
 * `GET customers/{storeId}`: search name, email; filters orders_count[eq|gte|lte|gt|lt],
 * channel_id[eq|in]; date ranges last_order_at, first_order_at; sort last_order_at (default, desc),
 * orders_count, name, first_order_at.
 * `GET customers/{storeId}/{customerId}/orders` (CustomerOrderDto): search order_number; filters
 * status[eq|in|ne], sync_status[eq|in|ne], channel_id[eq|in]; date range order_date; sort
 * order_date (default, desc), total, order_number.
 */
export const CUSTOMER_LIST_SEARCH_FIELDS = ['name', 'email'] as const;
export const CUSTOMER_LIST_SORT_FIELDS = ['last_order_at', 'orders_count', 'name', 'first_order_at'] as const;
export type CustomerListSortField = (typeof CUSTOMER_LIST_SORT_FIELDS)[number];
export const CUSTOMER_ORDER_SORT_FIELDS = ['order_date', 'total', 'order_number'] as const;
