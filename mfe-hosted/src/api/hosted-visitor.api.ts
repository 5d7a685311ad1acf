import {
  HOSTED_CHANNEL_TYPE_FIELD,
  type ChannelAuthorizeDto,
  type ChannelDto,
  type ChannelSettingsInput,
  type CustomOrderStatusDto,
  type CustomOrderStatusInput,
  type HostedPageUserDto,
  type ListResponse,
  type RouteParam,
  type SettingField,
} from '@syncdesk/contracts';
import { apiClient, type ApiClient, type RequestOptions } from '@syncdesk/web-kit';

/**
 * The shared api client with the hosted page's token as the bearer instead of the session's
 * (platform-shell §7: hosted-page calls carry the bearer token header). Errors take the shared
 * path: a 401 on a hosted page sends the browser to /hostedPages/error (the shell's handler).
 */
export function hostedClient(token: string): ApiClient {
  const withToken = (options: RequestOptions = {}): RequestOptions => ({
    ...options,
    headers: { ...options.headers, Authorization: `Bearer ${token}` },
  });
  return {
    get: (path, params, options) => apiClient.get(path, params, withToken(options)),
    post: (path, body, options) => apiClient.post(path, body, withToken(options)),
    put: (path, body, options) => apiClient.put(path, body, withToken(options)),
    patch: (path, body, options) => apiClient.patch(path, body, withToken(options)),
    delete: (path, body, options) => apiClient.delete(path, body, withToken(options)),
  };
}

export const HOSTED_CHANNELS_PATH = '/hostedPages/channels';

/** `GET hostedPages/auth/me`: the page's look, the store and the offered channel types. */
export async function getHostedPageUser(token: string): Promise<HostedPageUserDto> {
  return (await hostedClient(token).get<{ data: HostedPageUserDto }>('/hostedPages/auth/me')).data;
}

/** `GET rules/store/{channelType}`: the settings form of an offered type. */
export async function getHostedChannelForm(token: string, type: string): Promise<SettingField[]> {
  return (await hostedClient(token).get<{ data: SettingField[] }>(`/rules/store/${encodeURIComponent(type)}`))
    .data;
}

export async function listHostedChannels(token: string): Promise<ChannelDto[]> {
  return (await hostedClient(token).get<ListResponse<ChannelDto>>(HOSTED_CHANNELS_PATH, { per_page: 100 }))
    .data;
}

export async function getHostedChannel(token: string, id: RouteParam): Promise<ChannelDto> {
  return (await hostedClient(token).get<{ data: ChannelDto }>(`${HOSTED_CHANNELS_PATH}/${id}`)).data;
}

export async function createHostedChannel(
  token: string,
  type: string,
  values: ChannelSettingsInput,
): Promise<ChannelDto> {
  const body = { ...values, [HOSTED_CHANNEL_TYPE_FIELD]: type };
  return (await hostedClient(token).post<{ data: ChannelDto }>(HOSTED_CHANNELS_PATH, body)).data;
}

export async function updateHostedChannel(
  token: string,
  id: RouteParam,
  values: ChannelSettingsInput,
): Promise<ChannelDto> {
  return (await hostedClient(token).put<{ data: ChannelDto }>(`${HOSTED_CHANNELS_PATH}/${id}`, values)).data;
}

export async function setHostedChannelActive(token: string, id: RouteParam, isActive: boolean) {
  return (
    await hostedClient(token).put<{ data: ChannelDto }>(`${HOSTED_CHANNELS_PATH}/${id}/status`, {
      is_active: isActive,
    })
  ).data;
}

/** Refused while the channel is active ('You can not delete an active channel'). */
export async function deleteHostedChannel(token: string, id: RouteParam): Promise<void> {
  await hostedClient(token).delete(`${HOSTED_CHANNELS_PATH}/${id}`);
}

/** The provider's consent link (the guest flow) and the provider's name. */
export async function authorizeHostedChannel(
  token: string,
  id: RouteParam,
): Promise<ChannelAuthorizeDto & { provider: string }> {
  return (
    await hostedClient(token).get<{ data: ChannelAuthorizeDto & { provider: string } }>(
      `${HOSTED_CHANNELS_PATH}/${id}/authorizeChannelAsGuest`,
    )
  ).data;
}

export const hostedStatusesPath = (channelId: RouteParam) =>
  `${HOSTED_CHANNELS_PATH}/${channelId}/customOrderStatuses`;

export async function createHostedStatus(
  token: string,
  channelId: RouteParam,
  input: CustomOrderStatusInput,
): Promise<CustomOrderStatusDto> {
  return (
    await hostedClient(token).post<{ data: CustomOrderStatusDto }>(hostedStatusesPath(channelId), input)
  ).data;
}

export async function updateHostedStatus(
  token: string,
  channelId: RouteParam,
  id: RouteParam,
  input: CustomOrderStatusInput,
): Promise<CustomOrderStatusDto> {
  return (
    await hostedClient(token).put<{ data: CustomOrderStatusDto }>(
      `${hostedStatusesPath(channelId)}/${id}`,
      input,
    )
  ).data;
}

export async function deleteHostedStatus(
  token: string,
  channelId: RouteParam,
  id: RouteParam,
): Promise<void> {
  await hostedClient(token).delete(`${hostedStatusesPath(channelId)}/${id}`);
}

/** `POST activities` (the hosted variant): the page the visitor opened. */
export async function recordHostedVisit(token: string, path: string): Promise<void> {
  await hostedClient(token).post('/activities', { path });
}
