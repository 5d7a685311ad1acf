import {
  MAX_PER_PAGE,
  type ChannelCourierDto,
  type CourierDto,
  type CourierMappingDto,
  type CreateChannelCourierInput,
  type CreateCourierMappingInput,
  type ListResponse,
  type RouteParam,
  type UpdateChannelCourierInput,
  type UpdateCourierMappingInput,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** List source of a channel's couriers (useListQuery). */
export function channelCouriersPath(storeId: RouteParam, channelId: RouteParam): string {
  return `/stores/${storeId}/channels/${channelId}/couriers`;
}

/** List source of a channel's shipping-method mappings (useListQuery). */
export function courierMappingsPath(storeId: RouteParam, channelId: RouteParam): string {
  return `/stores/${storeId}/channels/${channelId}/courierMappings`;
}

/** The whole global carrier list (a few dozen at most), for pickers. */
export async function getGlobalCouriers(): Promise<CourierDto[]> {
  return (await apiClient.get<ListResponse<CourierDto>>('/couriers', { per_page: MAX_PER_PAGE })).data;
}

/** Every courier of the channel, for the mapping form's picker. */
export async function getChannelCouriers(
  storeId: RouteParam,
  channelId: RouteParam,
): Promise<ChannelCourierDto[]> {
  return (
    await apiClient.get<ListResponse<ChannelCourierDto>>(channelCouriersPath(storeId, channelId), {
      per_page: MAX_PER_PAGE,
    })
  ).data;
}

export async function createChannelCourier(
  storeId: RouteParam,
  channelId: RouteParam,
  input: CreateChannelCourierInput,
): Promise<ChannelCourierDto> {
  return (await apiClient.post<{ data: ChannelCourierDto }>(channelCouriersPath(storeId, channelId), input))
    .data;
}

export async function updateChannelCourier(
  storeId: RouteParam,
  channelId: RouteParam,
  id: number,
  input: UpdateChannelCourierInput,
): Promise<ChannelCourierDto> {
  return (
    await apiClient.put<{ data: ChannelCourierDto }>(
      `${channelCouriersPath(storeId, channelId)}/${id}`,
      input,
    )
  ).data;
}

export async function deleteChannelCourier(
  storeId: RouteParam,
  channelId: RouteParam,
  id: number,
): Promise<void> {
  await apiClient.delete(`${channelCouriersPath(storeId, channelId)}/${id}`);
}

export async function createCourierMapping(
  storeId: RouteParam,
  channelId: RouteParam,
  input: CreateCourierMappingInput,
): Promise<CourierMappingDto> {
  return (await apiClient.post<{ data: CourierMappingDto }>(courierMappingsPath(storeId, channelId), input))
    .data;
}

export async function updateCourierMapping(
  storeId: RouteParam,
  channelId: RouteParam,
  id: number,
  input: UpdateCourierMappingInput,
): Promise<CourierMappingDto> {
  return (
    await apiClient.put<{ data: CourierMappingDto }>(
      `${courierMappingsPath(storeId, channelId)}/${id}`,
      input,
    )
  ).data;
}

export async function deleteCourierMapping(
  storeId: RouteParam,
  channelId: RouteParam,
  id: number,
): Promise<void> {
  await apiClient.delete(`${courierMappingsPath(storeId, channelId)}/${id}`);
}
