import type { InvitationDto, InviteUserInput } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** Pending invitations only. */
export const INVITATIONS_PATH = '/invitations';

export async function inviteUser(input: InviteUserInput): Promise<InvitationDto> {
  return (await apiClient.post<{ data: InvitationDto }>('/users/invitations/invite', input)).data;
}

export async function updateInvitationRole(id: number, roleId: number): Promise<InvitationDto> {
  return (await apiClient.put<{ data: InvitationDto }>(`/invitations/${id}`, { role_id: roleId })).data;
}

export async function deleteInvitation(id: number): Promise<void> {
  await apiClient.delete(`/invitations/${id}`);
}
