import { MAX_PER_PAGE, type ChannelDto, type ListResponse, type RouteParam } from '@syncdesk/contracts';
import { apiClient, quietApiClient } from '@syncdesk/web-kit';

/**
 * The sales channel a courier, pickup or listings screen is about (its name heads the page). Quiet:
 * someone who may read the listings but not the channel (products.read without channels.read)
 * still gets the page, headed 'Channel', instead of a 403 sending them home.
 */
export async function getStoreChannel(storeId: RouteParam, channelId: RouteParam): Promise<ChannelDto> {
  return (await quietApiClient.get<{ data: ChannelDto }>(`/stores/${storeId}/channels/${channelId}`)).data;
}

/** The store's sales channels, for choosing one when the path names none. */
export async function getStoreChannels(storeId: RouteParam): Promise<ChannelDto[]> {
  return (
    await apiClient.get<ListResponse<ChannelDto>>(`/stores/${storeId}/channels`, { per_page: MAX_PER_PAGE })
  ).data;
}
