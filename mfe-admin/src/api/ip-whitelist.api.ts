import type { CreateIpWhitelistInput, IpWhitelistDto, UpdateIpWhitelistInput } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** The list source: company-wide entries, or those of one role. */
export function ipWhitelistPath(roleId: number | null): string {
  return roleId === null ? '/ipWhitelist/company' : `/ipWhitelist/companyRole/${roleId}`;
}

export async function createIpWhitelistEntry(input: CreateIpWhitelistInput): Promise<IpWhitelistDto> {
  return (await apiClient.post<{ data: IpWhitelistDto }>('/ipWhitelist', input)).data;
}

export async function updateIpWhitelistEntry(
  id: number,
  input: UpdateIpWhitelistInput,
): Promise<IpWhitelistDto> {
  return (await apiClient.put<{ data: IpWhitelistDto }>(`/ipWhitelist/${id}`, input)).data;
}

export async function deleteIpWhitelistEntry(id: number): Promise<void> {
  await apiClient.delete(`/ipWhitelist/${id}`);
}
