import {
  MAX_PER_PAGE,
  type AvailableChannelDto,
  type ChannelDto,
  type ChannelKind,
  type ChannelMigrateInput,
  type ChannelSettingsInput,
  type CompanyChannelDto,
  type ListResponse,
  type RouteParam,
  type SettingField,
  type StoreDto,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

import { CONNECTION_KINDS } from './connection-kinds';

const pathOf = (kind: ChannelKind, storeId: RouteParam) => CONNECTION_KINDS[kind].apiPath(storeId);

export async function getConnection(
  kind: ChannelKind,
  storeId: RouteParam,
  id: RouteParam,
): Promise<ChannelDto> {
  return (await apiClient.get<{ data: ChannelDto }>(`${pathOf(kind, storeId)}/${id}`)).data;
}

/** `POST .../{type}` with the settings form's flat values. */
export async function createConnection(
  kind: ChannelKind,
  storeId: RouteParam,
  type: string,
  values: ChannelSettingsInput,
): Promise<ChannelDto> {
  return (
    await apiClient.post<{ data: ChannelDto }>(`${pathOf(kind, storeId)}/${encodeURIComponent(type)}`, values)
  ).data;
}

export async function updateConnection(
  kind: ChannelKind,
  storeId: RouteParam,
  id: RouteParam,
  values: ChannelSettingsInput,
): Promise<ChannelDto> {
  return (await apiClient.put<{ data: ChannelDto }>(`${pathOf(kind, storeId)}/${id}`, values)).data;
}

/** The api refuses an active channel or plugin; its message reaches the user through notifyError. */
export async function deleteConnection(
  kind: ChannelKind,
  storeId: RouteParam,
  id: RouteParam,
): Promise<void> {
  await apiClient.delete(`${pathOf(kind, storeId)}/${id}`);
}

export async function setConnectionActive(
  kind: ChannelKind,
  storeId: RouteParam,
  id: RouteParam,
  isActive: boolean,
): Promise<ChannelDto | undefined> {
  const body = await apiClient.put<{ data?: ChannelDto } | undefined>(
    `${pathOf(kind, storeId)}/${id}/status`,
    { is_active: isActive },
  );
  return body?.data;
}

export async function makeDefaultPlugin(storeId: RouteParam, id: RouteParam): Promise<void> {
  await apiClient.put(`${pathOf('plugin', storeId)}/${id}/default`, { is_default: true });
}

export async function migrateChannel(
  storeId: RouteParam,
  id: RouteParam,
  input: ChannelMigrateInput,
): Promise<ChannelDto> {
  return (await apiClient.put<{ data: ChannelDto }>(`${pathOf('channel', storeId)}/${id}/migrate`, input))
    .data;
}

/** The settings form of a type; every kind's form is served under the channels path. */
export async function getSettingsForm(storeId: RouteParam, type: string): Promise<SettingField[]> {
  return (
    await apiClient.get<{ data: SettingField[] }>(
      `/stores/${storeId}/channels/form/${encodeURIComponent(type)}`,
    )
  ).data;
}

/** Every channel, accounting channel and plugin the product can connect. */
export async function getCatalogue(): Promise<AvailableChannelDto[]> {
  return (await apiClient.get<{ data: AvailableChannelDto[] }>('/available-channels')).data;
}

/** Every channel of the company's stores, for pages that know a channel id but not its store. */
export async function getCompanyChannels(): Promise<CompanyChannelDto[]> {
  return (
    await apiClient.get<ListResponse<CompanyChannelDto>>('/companies/channels', { per_page: MAX_PER_PAGE })
  ).data;
}

/** The stores a connection can hang under (own and shared), by name. */
export async function getStores(): Promise<StoreDto[]> {
  return (await apiClient.get<ListResponse<StoreDto>>('/stores', { per_page: MAX_PER_PAGE })).data;
}
