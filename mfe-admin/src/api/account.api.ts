import type { ChangePasswordInput, SessionUser, UpdateProfileInput, UserTokenDto } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** The signed-in user's own account: profile, password, API tokens and the activity log. */
export const USER_TOKENS_PATH = '/userTokens';
export const ACTIVITIES_PATH = '/activities';

export async function updateProfile(input: UpdateProfileInput): Promise<SessionUser> {
  return (await apiClient.put<{ data: SessionUser }>('/me', input)).data;
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiClient.post('/auth/changePassword', input);
}

/** The answer is the only time the token's secret is shown. */
export async function createUserToken(name: string): Promise<UserTokenDto> {
  return (await apiClient.post<{ data: UserTokenDto }>(USER_TOKENS_PATH, { name })).data;
}

export async function deleteUserToken(id: number): Promise<void> {
  await apiClient.delete(`${USER_TOKENS_PATH}/${id}`);
}
