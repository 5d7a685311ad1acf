import type { InvitationDto } from '@syncdesk/contracts';
import { protectPersonalData } from '../../http/personal-data';
import type { RequestScope } from '../../http/request-scope';
import { toRoleSummary } from '../roles/role.mapper';
import type { InvitationRow } from '../users/member.associations';

export function toInvitationDto(scope: RequestScope, invitation: InvitationRow): InvitationDto {
  return {
    id: invitation.id,
    email: protectPersonalData(scope, invitation.email, 'email'),
    role: toRoleSummary(invitation.invitationRole),
    created_at: invitation.created_at.toISOString(),
    expires_at: invitation.expires_at.toISOString(),
    accepted_at: invitation.accepted_at ? invitation.accepted_at.toISOString() : null,
  };
}
