import {
  type CreateHostedPageInput,
  type HostedPageLinkDetailDto,
  type HostedPageLinkDto,
  type HostedPageSettingsDto,
  type HostedPageSettingsInput,
  type RouteParam,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** The seller's calls (signed in, the session's token). */
export const HOSTED_PAGE_LIST_PATH = '/hostedPages/list';

export async function createHostedPageLink(input: CreateHostedPageInput): Promise<HostedPageLinkDto> {
  return (await apiClient.post<{ data: HostedPageLinkDto }>('/hostedPages/create', input)).data;
}

export async function getHostedPageLink(id: RouteParam): Promise<HostedPageLinkDetailDto> {
  return (await apiClient.get<{ data: HostedPageLinkDetailDto }>(`/hostedPages/links/${id}`)).data;
}

export async function revokeHostedPageLink(id: RouteParam): Promise<HostedPageLinkDto> {
  return (await apiClient.delete<{ data: HostedPageLinkDto }>(`/hostedPages/links/${id}`)).data;
}

export async function getHostedPageSettings(): Promise<HostedPageSettingsDto> {
  return (await apiClient.get<{ data: HostedPageSettingsDto }>('/hostedPagesSettings')).data;
}

export async function saveHostedPageSettings(input: HostedPageSettingsInput): Promise<HostedPageSettingsDto> {
  return (await apiClient.put<{ data: HostedPageSettingsDto }>('/hostedPagesSettings', input)).data;
}

/** The image itself is the body; the api reads its type from its bytes. */
export async function uploadHostedPageLogo(file: Blob): Promise<HostedPageSettingsDto> {
  return (await apiClient.put<{ data: HostedPageSettingsDto }>('/hostedPagesSettings/logo', file)).data;
}

export async function removeHostedPageLogo(): Promise<HostedPageSettingsDto> {
  return (await apiClient.delete<{ data: HostedPageSettingsDto }>('/hostedPagesSettings/logo')).data;
}
