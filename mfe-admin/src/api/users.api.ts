import type { CreateUserInput, UpdateUserInput, UserDto } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

export const USERS_PATH = '/users';

export async function getUser(id: number | string): Promise<UserDto> {
  return (await apiClient.get<{ data: UserDto }>(`/users/${id}`)).data;
}

/** The server records which store the user was created from, so the path names one. */
export async function createUser(storeId: number, input: CreateUserInput): Promise<UserDto> {
  return (await apiClient.post<{ data: UserDto }>(`/users/${storeId}/create`, input)).data;
}

export async function updateUser(id: number, input: UpdateUserInput): Promise<UserDto> {
  return (await apiClient.put<{ data: UserDto }>(`/users/${id}`, input)).data;
}

export async function deleteUser(id: number): Promise<void> {
  await apiClient.delete(`/users/${id}`);
}

export async function verifyUser(id: number): Promise<UserDto> {
  return (await apiClient.patch<{ data: UserDto }>(`/users/${id}/verify`)).data;
}
