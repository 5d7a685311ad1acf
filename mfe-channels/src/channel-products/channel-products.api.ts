import { type ChannelProductDto, type ProductSyncStatus, type RouteParam } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

import { inBatches, withSelectionQuery, type BulkTarget } from './bulk-selection';

/** List source of a sales channel's listings (useListQuery); also the bulk DELETE's path. */
export function channelProductsPath(storeId: RouteParam, channelId: RouteParam): string {
  return `/stores/${storeId}/channels/${channelId}/products`;
}

/** Where the Import dialog uploads a file of listings (multipart, field `file`). */
export function channelProductsImportPath(storeId: RouteParam, channelId: RouteParam): string {
  return `${channelProductsPath(storeId, channelId)}/import`;
}

/** Where the Export menu asks for a file (`/{fileFormat}` is appended). */
export function channelProductsExportPath(storeId: RouteParam, channelId: RouteParam): string {
  return `${channelProductsPath(storeId, channelId)}/export`;
}

/** What a bulk action applies to: every listing of the channel, or the ones named. */
export type ChannelProductTarget = BulkTarget<Pick<ChannelProductDto, 'id' | 'uuid'>>;

export async function getChannelProduct(
  storeId: RouteParam,
  channelId: RouteParam,
  id: RouteParam,
): Promise<ChannelProductDto> {
  return (
    await apiClient.get<{ data: ChannelProductDto }>(`${channelProductsPath(storeId, channelId)}/${id}`)
  ).data;
}

/** Manual match: a product SKU of the store, or null to unmatch. */
export async function setChannelProductMatch(
  storeId: RouteParam,
  channelId: RouteParam,
  id: RouteParam,
  matchedSku: string | null,
): Promise<ChannelProductDto> {
  return (
    await apiClient.put<{ data: ChannelProductDto }>(`${channelProductsPath(storeId, channelId)}/${id}`, {
      matched_sku: matchedSku,
    })
  ).data;
}

/**
 * Asks for this listing's stock to go to the channel now (it is set to Pending and the channel's
 * inventory job is queued); answers the listing as it now is and the server's words, if any.
 */
export async function pushStockLevel(
  storeId: RouteParam,
  channelId: RouteParam,
  channelProductId: number,
): Promise<{ listing: ChannelProductDto | null; message: string | null }> {
  const body = await apiClient.put<{ data?: ChannelProductDto; message?: unknown } | undefined>(
    `${channelProductsPath(storeId, channelId)}/pushStockLevel`,
    { channel_product_id: channelProductId },
  );
  return {
    listing: body?.data ?? null,
    message: typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : null,
  };
}

/** Sets the sync status of the selected listings, or of every listing the list's filters select. */
export async function setChannelProductsSyncStatus(
  storeId: RouteParam,
  channelId: RouteParam,
  target: ChannelProductTarget,
  status: ProductSyncStatus,
): Promise<void> {
  const path = channelProductsPath(storeId, channelId);
  if ('all' in target) {
    await apiClient.put(withSelectionQuery(`${path}/updateSyncStatusAll`, target.query), { status });
    return;
  }
  await inBatches(target.rows, (rows) =>
    apiClient.put(`${path}/updateSyncStatus`, { channel_product_ids: rows.map((row) => row.id), status }),
  );
}

export async function deleteChannelProducts(
  storeId: RouteParam,
  channelId: RouteParam,
  target: ChannelProductTarget,
): Promise<void> {
  const path = channelProductsPath(storeId, channelId);
  if ('all' in target) {
    await apiClient.delete(withSelectionQuery(path, target.query), { all: true });
    return;
  }
  await inBatches(target.rows, (rows) =>
    apiClient.delete(path, { channel_product_uuids: rows.map((row) => row.uuid) }),
  );
}

export interface MatchBySkuResult {
  matched: number;
  created: number;
}

/** Matches every unmatched listing to the store's product of the same SKU. */
export async function matchChannelProductsBySku(
  storeId: RouteParam,
  channelId: RouteParam,
): Promise<MatchBySkuResult> {
  return (
    await apiClient.put<{ data: MatchBySkuResult }>(`${channelProductsPath(storeId, channelId)}/matchBySku`)
  ).data;
}
