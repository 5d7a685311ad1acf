import type { Attributes } from 'sequelize';
import type { Order } from '../../db/order.models';
import type { ListQuerySpec } from '../../http/list-query';

/**
 * FOUNDATION STUB (refined by the orders-list work; keep the export name): what `GET orders/{storeId}`
 * filters, searches and sorts on. The "all matching" bulk actions and the orders export select
 * with the same spec, so a selection means exactly what the list shows.
 */
export const ORDER_LIST_SPEC: ListQuerySpec<Attributes<Order>> = {
  filters: {
    sync_status: { type: 'number', operators: ['eq', 'in', 'ne'] },
    status: { type: 'string', operators: ['eq', 'in'] },
    channel_id: { type: 'number', operators: ['eq', 'in'] },
    payment_status: { type: 'string', operators: ['eq', 'in'] },
    fulfillment_status: { type: 'number', operators: ['eq', 'in'] },
    order_number: { type: 'string', operators: ['eq', 'like'] },
    customer_email: { type: 'string', operators: ['eq'] },
  },
  dateRanges: { order_date: {}, created_at: {} },
  search: ['order_number', 'customer_name', 'customer_email'],
  sort: {
    fields: ['order_date', 'created_at', 'order_number', 'total', 'sync_status', 'status'],
    default: { field: 'order_date', direction: 'desc' },
  },
};
