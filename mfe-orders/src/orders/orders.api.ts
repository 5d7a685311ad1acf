import {
  encodeListQuery,
  ORDER_SELECTION_BOUND,
  type ChannelDto,
  type CreateFulfilmentInput,
  type FulfilmentDto,
  type FulfilmentListResponse,
  type ListParams,
  type ListResponse,
  type OrderActionResult,
  type OrderCountGroupByStatusDto,
  type OrderCountGroupByStatusResponse,
  type OrderDetailDto,
  type OrderDto,
  type OrderPickupDto,
  type OrderSelectionDto,
  type PickupOrderAction,
  type RouteParam,
} from '@syncdesk/contracts';
import { apiClient, quietApiClient } from '@syncdesk/web-kit';

/** List source of a store's orders (useListQuery). */
export function ordersPath(storeId: RouteParam): string {
  return `/orders/${storeId}`;
}

export function orderPath(storeId: RouteParam, orderId: RouteParam): string {
  return `${ordersPath(storeId)}/${orderId}`;
}

/** List source of an order's activities (spec §7 Activities), newest first. */
export function orderActivitiesPath(orderId: RouteParam): string {
  return `/activities/order/${orderId}`;
}

/** The list's filters without paging or sorting: what an `all` selection means on the server. */
export function selectionFilters(params: ListParams): ListParams {
  const { filters, dateRanges, search, searchBy, filterBy, filter } = params;
  return { filters, dateRanges, search, searchBy, filterBy, filter };
}

export async function listOrders(storeId: RouteParam, params: ListParams): Promise<ListResponse<OrderDto>> {
  return apiClient.get<ListResponse<OrderDto>>(ordersPath(storeId), params);
}

export async function getOrder(storeId: RouteParam, orderId: RouteParam): Promise<OrderDetailDto> {
  return (await apiClient.get<{ data: OrderDetailDto }>(orderPath(storeId, orderId))).data;
}

/**
 * The store's sales channels, for the channel filter. Reading channels is its own permission: a
 * person who may read orders but not channels gets no channel filter rather than an error notice.
 */
export async function listStoreChannels(storeId: RouteParam): Promise<ChannelDto[]> {
  try {
    return (
      await quietApiClient.get<ListResponse<ChannelDto>>(`/stores/${storeId}/channels`, {
        per_page: 100,
        sort_by: 'name',
        sort_direction: 'asc',
      })
    ).data;
  } catch {
    return [];
  }
}

/**
 * Orders per sync status and per marketplace status. The list's filters narrow the counts too,
 * except its sync status (the tabs split by it).
 */
export async function getOrderCounts(
  storeId: RouteParam,
  params: ListParams,
): Promise<OrderCountGroupByStatusDto> {
  return (
    await apiClient.get<OrderCountGroupByStatusResponse>(
      `${ordersPath(storeId)}/getOrderCountGroupByStatus`,
      countFilters(params),
    )
  ).data;
}

/** What narrows the counts: the list's filters without its sync-status tab, paging or sorting. */
export function countFilters(params: ListParams): ListParams {
  const { filters = {}, ...rest } = selectionFilters(params);
  const { sync_status: _tab, ...others } = filters;
  return { ...rest, filters: others };
}

/**
 * "Select all N" at the moment of choosing: how many orders the list's filters match and the last
 * id among them, so the bulk action reaches those and not the orders that arrive after.
 */
export async function freezeOrderSelection(
  storeId: RouteParam,
  params: ListParams,
): Promise<OrderSelectionDto> {
  return (
    await apiClient.get<{ data: OrderSelectionDto }>(
      `${ordersPath(storeId)}/selection`,
      selectionFilters(params),
    )
  ).data;
}

/**
 * What a bulk or single sync-status change applies to: the listed orders, or all the list matches
 * up to the last order there was when the seller chose them (`upToId`; null: no bound).
 */
export type OrderTarget = { order_ids: number[] } | { all: true; params: ListParams; upToId: number | null };

/**
 * `POST orders/{storeId}/updateSyncStatus` for the order's own sync status. An `all` target sends
 * `all=1` with the list's own filter parameters and `up_to_id`, so the server changes exactly what
 * the list showed when the seller chose it.
 */
export async function updateOrderSyncStatus(
  storeId: RouteParam,
  target: OrderTarget,
  status: number,
): Promise<OrderActionResult> {
  if ('all' in target) {
    const query = encodeListQuery(selectionFilters(target.params));
    return apiClient.post<OrderActionResult>(`${ordersPath(storeId)}/updateSyncStatus?${query.toString()}`, {
      action_type: 'order',
      status,
      all: true,
      ...(target.upToId === null ? {} : { [ORDER_SELECTION_BOUND]: target.upToId }),
    });
  }
  return apiClient.post<OrderActionResult>(`${ordersPath(storeId)}/updateSyncStatus`, {
    action_type: 'order',
    status,
    order_ids: target.order_ids,
  });
}

/** Sends these orders to their plugins again (all or nothing). */
export async function resendOrdersToPlugin(
  storeId: RouteParam,
  orderIds: number[],
): Promise<OrderActionResult> {
  return apiClient.put<OrderActionResult>(`${ordersPath(storeId)}/bulkUpdatePluginSyncStatus`, {
    order_ids: orderIds,
  });
}

/**
 * Sends an excluded order again (excluded → pending). `force` also resets what plugins and
 * webhooks already have, so every one of them is sent the order again.
 */
export async function resendExcludedOrder(
  storeId: RouteParam,
  orderId: RouteParam,
  force: boolean,
): Promise<OrderActionResult> {
  return apiClient.put<OrderActionResult>(
    `${orderPath(storeId, orderId)}/resendTheExcludedOrder${force ? '?force_resend=1' : ''}`,
  );
}

/** Resends the order to one plugin (or, without `pluginId`, to every plugin that has it). */
export async function resendOrderToPlugin(
  storeId: RouteParam,
  orderId: RouteParam,
  pluginId?: number,
): Promise<OrderActionResult> {
  return apiClient.put<OrderActionResult>(
    `${orderPath(storeId, orderId)}/updatePluginSyncStatus`,
    pluginId === undefined ? {} : { plugin_id: pluginId },
  );
}

/** Sends the order to a webhook again (its webhook order back to pending). */
export async function resendOrderToWebhook(
  storeId: RouteParam,
  orderId: number,
  webhookId: number,
): Promise<OrderActionResult> {
  return apiClient.post<OrderActionResult>(`${ordersPath(storeId)}/updateSyncStatus`, {
    action_type: 'webhook',
    webhook_id: webhookId,
    status: 0,
    order_ids: [orderId],
  });
}

export function fulfilmentsPath(storeId: RouteParam, orderId: RouteParam): string {
  return `${orderPath(storeId, orderId)}/fulfillments`;
}

/** The order's fulfilments, with how much of each line is left to fulfil. */
export async function listFulfilments(
  storeId: RouteParam,
  orderId: RouteParam,
): Promise<FulfilmentListResponse> {
  return apiClient.get<FulfilmentListResponse>(fulfilmentsPath(storeId, orderId));
}

export async function createFulfilment(
  storeId: RouteParam,
  orderId: RouteParam,
  input: CreateFulfilmentInput,
): Promise<FulfilmentDto> {
  return (await apiClient.post<{ data: FulfilmentDto }>(fulfilmentsPath(storeId, orderId), input)).data;
}

/** Sends failed fulfilments again (failed → awaiting send). */
export async function resendFulfilments(fulfilmentIds: number[]): Promise<OrderActionResult> {
  return apiClient.post<OrderActionResult>('/orders/fulfillment/notSynced', {
    order_fulfillment_ids: fulfilmentIds,
  });
}

/** Click and collect: moves the order one step on ('Mark as Ready For Pickup', then 'Mark as Picked Up'). */
export async function sendPickupOrder(
  storeId: RouteParam,
  orderId: RouteParam,
  action: PickupOrderAction,
): Promise<{ message: string; data: OrderPickupDto }> {
  return apiClient.put<{ message: string; data: OrderPickupDto }>(
    `${orderPath(storeId, orderId)}/sendPickupOrder`,
    { action },
  );
}
