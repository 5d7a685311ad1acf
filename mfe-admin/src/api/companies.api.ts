import type {
  CompanyAccountDto,
  CompanyDto,
  CreateCompanyInput,
  PlanAction,
  PushDhlChangesDto,
  UpdateCompanyInput,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** List source for useListQuery (paged, `{ data, meta }`). */
export const COMPANIES_PATH = '/companies';

export async function createCompany(input: CreateCompanyInput): Promise<CompanyDto> {
  return (await apiClient.post<{ data: CompanyDto }>('/companies/create', input)).data;
}

export async function updateCompany(id: number, input: UpdateCompanyInput): Promise<CompanyDto> {
  return (await apiClient.put<{ data: CompanyDto }>(`/companies/${id}`, input)).data;
}

export async function deleteCompany(id: number): Promise<void> {
  await apiClient.delete(`/companies/${id}`);
}

/** Administrators only: force, free or trial plan (spec §4). */
export async function setCompanyPlan(id: number, status: PlanAction): Promise<CompanyAccountDto> {
  return (await apiClient.post<{ data: CompanyAccountDto }>(`/accounts-system/set-plan/${id}`, { status }))
    .data;
}

/** Administrators only: give the company's DHL-linked channel couriers the current DHL names. */
export async function pushDhlChanges(id: number): Promise<PushDhlChangesDto> {
  return (await apiClient.post<{ data: PushDhlChangesDto }>(`/companies/${id}/pushDHLChanges`)).data;
}
