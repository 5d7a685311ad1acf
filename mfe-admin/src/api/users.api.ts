import { MAX_PER_PAGE, type CreateUserInput, type UpdateUserInput, type UserDto } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

export const USERS_PATH = '/users';

/** The company's members (one page of the maximum), to name users in the activity log. */
export async function listUsers(signal?: AbortSignal): Promise<UserDto[]> {
  return (await apiClient.get<{ data: UserDto[] }>(USERS_PATH, { per_page: MAX_PER_PAGE }, { signal })).data;
}

export async function getUser(id: number | string): Promise<UserDto> {
  return (await apiClient.get<{ data: UserDto }>(`/users/${id}`)).data;
}

/**
 * The server records which store the user was created from, so the path names one. It answers 202
 * with a message and no user: the same words whether the address got a new account or, already
 * having one, an invitation, so the answer does not tell whether an e-mail has an account.
 */
export async function createUser(storeId: number, input: CreateUserInput): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>(`/users/${storeId}/create`, input);
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
