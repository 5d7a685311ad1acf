import { MAX_PER_PAGE, type ChannelDto, type ListResponse, type RouteParam } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** The sales channel a courier or pickup screen is about (its name heads the page). */
export async function getStoreChannel(storeId: RouteParam, channelId: RouteParam): Promise<ChannelDto> {
  return (await apiClient.get<{ data: ChannelDto }>(`/stores/${storeId}/channels/${channelId}`)).data;
}

/** The store's sales channels, for choosing one when the path names none. */
export async function getStoreChannels(storeId: RouteParam): Promise<ChannelDto[]> {
  return (
    await apiClient.get<ListResponse<ChannelDto>>(`/stores/${storeId}/channels`, { per_page: MAX_PER_PAGE })
  ).data;
}
