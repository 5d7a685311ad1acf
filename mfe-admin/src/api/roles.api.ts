import { MAX_PER_PAGE, type CreateRoleInput, type RoleDto, type UpdateRoleInput } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

export const ROLES_PATH = '/roles';

/** Every role, for the role pickers (a company has a handful, far below one page of the maximum). */
export async function listAllRoles(signal?: AbortSignal): Promise<RoleDto[]> {
  return (await apiClient.get<{ data: RoleDto[] }>(ROLES_PATH, { per_page: MAX_PER_PAGE }, { signal })).data;
}

export async function getRole(id: number | string): Promise<RoleDto> {
  return (await apiClient.get<{ data: RoleDto }>(`/roles/${id}`)).data;
}

export async function createRole(input: CreateRoleInput): Promise<RoleDto> {
  return (await apiClient.post<{ data: RoleDto }>('/roles/create', input)).data;
}

export async function updateRole(id: number, input: UpdateRoleInput): Promise<RoleDto> {
  return (await apiClient.put<{ data: RoleDto }>(`/roles/${id}`, input)).data;
}

export async function deleteRole(id: number): Promise<void> {
  await apiClient.delete(`/roles/${id}`);
}
