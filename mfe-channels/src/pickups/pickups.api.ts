import type {
  CreatePickupProductInput,
  CreatePickupStoreInput,
  PickupProductDto,
  PickupStoreDto,
  RouteParam,
  UpdatePickupProductInput,
  UpdatePickupStoreInput,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** List source of a channel's pickup stores (useListQuery). */
export function pickupStoresPath(storeId: RouteParam, channelId: RouteParam): string {
  return `/pickupStores/${storeId}/${channelId}/stores`;
}

/** List source of a pickup store's products (useListQuery); DELETE on it removes them all. */
export function pickupProductsPath(storeId: RouteParam, channelId: RouteParam, pickupId: RouteParam): string {
  return `/pickupStores/${storeId}/${channelId}/${pickupId}`;
}

export async function getPickupStore(
  storeId: RouteParam,
  channelId: RouteParam,
  id: RouteParam,
): Promise<PickupStoreDto> {
  return (await apiClient.get<{ data: PickupStoreDto }>(`${pickupStoresPath(storeId, channelId)}/${id}`))
    .data;
}

export async function createPickupStore(
  storeId: RouteParam,
  channelId: RouteParam,
  input: CreatePickupStoreInput,
): Promise<PickupStoreDto> {
  return (await apiClient.post<{ data: PickupStoreDto }>(pickupStoresPath(storeId, channelId), input)).data;
}

export async function updatePickupStore(
  storeId: RouteParam,
  channelId: RouteParam,
  id: RouteParam,
  input: UpdatePickupStoreInput,
): Promise<PickupStoreDto> {
  return (
    await apiClient.put<{ data: PickupStoreDto }>(`${pickupStoresPath(storeId, channelId)}/${id}`, input)
  ).data;
}

/** The status-update call: switches the pickup store on or off at the channel. */
export async function setPickupStoreActive(
  storeId: RouteParam,
  channelId: RouteParam,
  id: RouteParam,
  isActive: boolean,
): Promise<PickupStoreDto> {
  return (
    await apiClient.put<{ data: PickupStoreDto }>(
      `${pickupStoresPath(storeId, channelId)}/${id}/statusUpdate`,
      {
        is_active: isActive,
      },
    )
  ).data;
}

export async function deletePickupStore(
  storeId: RouteParam,
  channelId: RouteParam,
  id: RouteParam,
): Promise<void> {
  await apiClient.delete(`${pickupStoresPath(storeId, channelId)}/${id}`);
}

export async function getPickupProduct(
  storeId: RouteParam,
  channelId: RouteParam,
  pickupId: RouteParam,
  id: RouteParam,
): Promise<PickupProductDto> {
  return (
    await apiClient.get<{ data: PickupProductDto }>(
      `${pickupProductsPath(storeId, channelId, pickupId)}/${id}`,
    )
  ).data;
}

export async function createPickupProduct(
  storeId: RouteParam,
  channelId: RouteParam,
  pickupId: RouteParam,
  input: CreatePickupProductInput,
): Promise<PickupProductDto> {
  return (
    await apiClient.post<{ data: PickupProductDto }>(
      `${pickupProductsPath(storeId, channelId, pickupId)}/create`,
      input,
    )
  ).data;
}

/** Details, or the next pickup step (`{ pickup_status }`). */
export async function updatePickupProduct(
  storeId: RouteParam,
  channelId: RouteParam,
  pickupId: RouteParam,
  id: RouteParam,
  input: UpdatePickupProductInput,
): Promise<PickupProductDto> {
  return (
    await apiClient.put<{ data: PickupProductDto }>(
      `${pickupProductsPath(storeId, channelId, pickupId)}/${id}`,
      input,
    )
  ).data;
}

export async function deletePickupProduct(
  storeId: RouteParam,
  channelId: RouteParam,
  pickupId: RouteParam,
  id: RouteParam,
): Promise<void> {
  await apiClient.delete(`${pickupProductsPath(storeId, channelId, pickupId)}/${id}`);
}

export async function deleteAllPickupProducts(
  storeId: RouteParam,
  channelId: RouteParam,
  pickupId: RouteParam,
): Promise<void> {
  await apiClient.delete(pickupProductsPath(storeId, channelId, pickupId));
}
