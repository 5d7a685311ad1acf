import type { CreateStoreInput, SharedCompanyDto, StoreDto, UpdateStoreInput } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** Own stores and those other companies share with ours. */
export const STORES_PATH = '/stores';

export function sharedCompaniesPath(storeId: number | string): string {
  return `/stores/${storeId}/sharedCompanies`;
}

export async function getStore(id: number | string): Promise<StoreDto> {
  return (await apiClient.get<{ data: StoreDto }>(`/stores/${id}`)).data;
}

export async function createStore(input: CreateStoreInput): Promise<StoreDto> {
  return (await apiClient.post<{ data: StoreDto }>('/stores/create', input)).data;
}

export async function updateStore(id: number, input: UpdateStoreInput): Promise<StoreDto> {
  return (await apiClient.put<{ data: StoreDto }>(`/stores/${id}`, input)).data;
}

export async function deleteStore(id: number): Promise<void> {
  await apiClient.delete(`/stores/${id}`);
}

export async function shareStore(storeId: number, companyUuid: string): Promise<SharedCompanyDto> {
  return (
    await apiClient.post<{ data: SharedCompanyDto }>(`/stores/${storeId}/shareCompany`, {
      company_uuid: companyUuid,
    })
  ).data;
}

export async function unshareStore(storeId: number, companyId: number): Promise<void> {
  await apiClient.delete(`/stores/${storeId}/shareCompany/${companyId}`);
}
