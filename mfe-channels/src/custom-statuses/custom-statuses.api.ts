import type {
  ChannelDto,
  CustomOrderStatusDto,
  CustomOrderStatusInput,
  RouteParam,
  UpdateCustomOrderStatusInput,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** `stores/{storeId}/channels/{channelId}/customOrderStatuses` (api/CHANNELS_API.md). */
export function customStatusesPath(storeId: RouteParam, channelId: RouteParam): string {
  return `/stores/${storeId}/channels/${channelId}/customOrderStatuses`;
}

/** The sales channel the statuses belong to, for its name. */
export async function getSalesChannel(storeId: RouteParam, channelId: RouteParam): Promise<ChannelDto> {
  return (await apiClient.get<{ data: ChannelDto }>(`/stores/${storeId}/channels/${channelId}`)).data;
}

export async function createCustomStatus(
  storeId: RouteParam,
  channelId: RouteParam,
  input: CustomOrderStatusInput,
): Promise<CustomOrderStatusDto> {
  return (await apiClient.post<{ data: CustomOrderStatusDto }>(customStatusesPath(storeId, channelId), input))
    .data;
}

export async function updateCustomStatus(
  storeId: RouteParam,
  channelId: RouteParam,
  id: RouteParam,
  input: UpdateCustomOrderStatusInput,
): Promise<CustomOrderStatusDto> {
  return (
    await apiClient.put<{ data: CustomOrderStatusDto }>(
      `${customStatusesPath(storeId, channelId)}/${id}`,
      input,
    )
  ).data;
}

export async function deleteCustomStatus(storeId: RouteParam, channelId: RouteParam, id: RouteParam) {
  await apiClient.delete(`${customStatusesPath(storeId, channelId)}/${id}`);
}
