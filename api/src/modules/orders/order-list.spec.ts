import type { Attributes } from 'sequelize';
import type { Order } from '../../db/order.models';
import type { ListQuerySpec } from '../../http/list-query';

/**
 * What `GET orders/{storeId}` filters, searches and sorts on. The "all matching" bulk actions and
 * the orders export select with the same spec, so a selection means exactly what the list shows:
 * build their condition with `orderListWhere` (order-list.query.ts), which applies the spec's
 * filters AND the list's search, whose meaning the generic engine doesn't know:
 *
 * - `search` is a prefix match ("starts with", case-insensitive) on the order number, the
 *   customer's name and e-mail, and an orders-having-a-line match on the line's SKU or matched
 *   SKU. Prefix, not "contains", so each branch reads a slice of an index at any store size;
 *   `searchBy` narrows to one of them (`sku` included).
 * - No `like` (contains) filter on big text columns: it would read a store's every order.
 *
 * Every sort has an index starting with store_id. `sync_status` and `status` sorts break ties by
 * order date (newest first when descending), then id; the others by id.
 */
/**
 * The list's fields holding personal data: masked for a data-protection role, so such a role may
 * not search, filter or sort by them (`visibleListSpec`); its search covers the order number and SKU.
 */
export const ORDER_PERSONAL_FIELDS = ['customer_name', 'customer_email'] as const;

export const ORDER_LIST_SPEC: ListQuerySpec<Attributes<Order>> = {
  filters: {
    sync_status: { type: 'number', operators: ['eq', 'in', 'ne'] },
    status: { type: 'string', operators: ['eq', 'in'] },
    channel_id: { type: 'number', operators: ['eq', 'in'] },
    payment_status: { type: 'string', operators: ['eq', 'in'] },
    fulfillment_status: { type: 'number', operators: ['eq', 'in'] },
    order_number: { type: 'string', operators: ['eq'] },
    customer_email: { type: 'string', operators: ['eq'] },
  },
  dateRanges: { order_date: {}, created_at: {} },
  search: ['order_number', 'customer_name', 'customer_email', 'sku'],
  sort: {
    fields: ['order_date', 'created_at', 'order_number', 'total', 'sync_status', 'status'],
    default: { field: 'order_date', direction: 'desc' },
  },
};
