/**
 * `GET orders/{storeId}/getOrderCountGroupByStatus`: how many of the store's orders stand in each
 * sync status (the list's tabs) and each marketplace status.
 *
 * It takes the list's query parameters: every filter, date range and search the list would apply
 * narrows the counts too, except `sync_status`, which is what the tabs split by (so a tab's
 * count does not vanish while another tab is open). Without such filters the answer comes from
 * counters kept in step with every order write: exact and instant at any store size.
 */
export interface OrderStatusCountEntry<V extends number | string> {
  value: V;
  count: number;
}

export interface OrderCountGroupByStatusDto {
  /** Orders matching the filters (every sync status). */
  total: number;
  /** One entry per ORDER_SYNC_STATUS value holding orders (count > 0), by value. */
  sync_status: OrderStatusCountEntry<number>[];
  /** One entry per marketplace status (ORDER_STATUS value) holding orders; '' for orders without one (failed records). */
  status: OrderStatusCountEntry<string>[];
}

export interface OrderCountGroupByStatusResponse {
  data: OrderCountGroupByStatusDto;
}
