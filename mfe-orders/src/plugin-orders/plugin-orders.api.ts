import {
  MAX_PER_PAGE,
  type ChannelDto,
  type ListParams,
  type ListResponse,
  type OrderActionResult,
  type PluginOrderDto,
  type RouteParam,
} from '@syncdesk/contracts';
import { apiClient, quietApiClient } from '@syncdesk/web-kit';

/** List source of a store's plugin orders (useListQuery). */
export function pluginOrdersPath(storeId: RouteParam): string {
  return `/plugins/orders/${storeId}`;
}

/** The export call without its format (ExportMenu). */
export function pluginOrderExportPath(storeId: RouteParam): string {
  return `/orders/${storeId}/pluginOrderExport`;
}

/** The list's filters without paging or sorting: what an export of 'all' means on the server. */
export function selectionFilters(params: ListParams): ListParams {
  const { filters, dateRanges, search, searchBy, filterBy, filter } = params;
  return { filters, dateRanges, search, searchBy, filterBy, filter };
}

/**
 * The store's plugins, for the plugin filter. Reading plugins is the channels permission: without
 * it there is no plugin filter rather than an error notice.
 */
export async function listStorePlugins(storeId: RouteParam): Promise<ChannelDto[]> {
  try {
    return (
      await quietApiClient.get<ListResponse<ChannelDto>>(`/stores/${storeId}/plugins`, { per_page: 100 })
    ).data;
  } catch {
    return [];
  }
}

/** Every row the list's filters match, page by page, up to `limit` rows. */
export async function listAllPluginOrders(
  storeId: RouteParam,
  params: ListParams,
  limit: number,
): Promise<{ rows: PluginOrderDto[]; total: number }> {
  const rows: PluginOrderDto[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await apiClient.get<ListResponse<PluginOrderDto>>(pluginOrdersPath(storeId), {
      ...selectionFilters(params),
      sort_by: 'order_date',
      sort_direction: 'desc',
      page,
      per_page: MAX_PER_PAGE,
    });
    if (meta.total > limit) return { rows: [], total: meta.total };
    rows.push(...data);
    if (data.length < MAX_PER_PAGE || page * MAX_PER_PAGE >= meta.total) return { rows, total: meta.total };
  }
}

/** Sends these orders to one plugin again (their plugin orders back to pending), all or nothing. */
export async function resendToPlugin(
  storeId: RouteParam,
  pluginId: number,
  orderIds: number[],
): Promise<OrderActionResult> {
  return apiClient.put<OrderActionResult>(`/orders/${storeId}/bulkUpdatePluginSyncStatus`, {
    order_ids: orderIds,
    plugin_id: pluginId,
  });
}
