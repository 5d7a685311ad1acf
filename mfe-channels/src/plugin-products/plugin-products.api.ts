import {
  MAX_PER_PAGE,
  PLUGIN_SYNC_STATUS,
  type ChannelDto,
  type ListResponse,
  type PluginProductDto,
  type RouteParam,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

import { inBatches, withSelectionQuery, type BulkTarget } from '../channel-products/bulk-selection';

/** List source of a plugin's products (useListQuery); also the bulk DELETE's path. */
export function pluginProductsPath(storeId: RouteParam, pluginId: RouteParam): string {
  return `/stores/${storeId}/plugins/${pluginId}/products`;
}

export type PluginProductTarget = BulkTarget<Pick<PluginProductDto, 'id' | 'uuid'>>;

export async function getPluginProduct(
  storeId: RouteParam,
  pluginId: RouteParam,
  id: RouteParam,
): Promise<PluginProductDto> {
  return (await apiClient.get<{ data: PluginProductDto }>(`${pluginProductsPath(storeId, pluginId)}/${id}`))
    .data;
}

/** Resend: back to Pending, so the product goes to the plugin again. */
export async function resendPluginProduct(
  storeId: RouteParam,
  pluginId: RouteParam,
  id: RouteParam,
): Promise<PluginProductDto | undefined> {
  const body = await apiClient.put<{ data?: PluginProductDto } | undefined>(
    `${pluginProductsPath(storeId, pluginId)}/${id}`,
    { plugin_sync_status: PLUGIN_SYNC_STATUS.byKey('pending').value },
  );
  return body?.data;
}

export async function deletePluginProducts(
  storeId: RouteParam,
  pluginId: RouteParam,
  target: PluginProductTarget,
): Promise<void> {
  const path = pluginProductsPath(storeId, pluginId);
  if ('all' in target) {
    await apiClient.delete(withSelectionQuery(path, target.query), { all: true });
    return;
  }
  await inBatches(target.rows, (rows) =>
    apiClient.delete(path, { plugin_product_uuids: rows.map((row) => row.uuid) }),
  );
}

/** The plugin a screen is about (its name heads the page). */
export async function getStorePlugin(storeId: RouteParam, pluginId: RouteParam): Promise<ChannelDto> {
  return (await apiClient.get<{ data: ChannelDto }>(`/stores/${storeId}/plugins/${pluginId}`)).data;
}

/** The store's plugins, for choosing one when the path names none. */
export async function getStorePlugins(storeId: RouteParam): Promise<ChannelDto[]> {
  return (
    await apiClient.get<ListResponse<ChannelDto>>(`/stores/${storeId}/plugins`, { per_page: MAX_PER_PAGE })
  ).data;
}
