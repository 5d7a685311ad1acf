import type { UserDto } from '@syncdesk/contracts';
import type { RequestScope } from '../../http/request-scope';
import { protectPersonalData } from '../../http/personal-data';
import { toRoleSummary } from '../roles/role.mapper';
import type { MemberRow } from './member.associations';

/**
 * A member of the caller's company: the account, its role there, and when it joined (`created_at`
 * is the membership's, since an existing account may have been added long after it was made).
 */
export function toUserDto(scope: RequestScope, member: MemberRow, ownerUserId: number | null): UserDto {
  const user = member.memberUser;
  if (!user) throw new Error('toUserDto needs the member with its user included');
  return {
    id: user.id,
    name: user.name,
    email: protectPersonalData(scope, user.email, 'email'),
    phone: protectPersonalData(scope, user.phone, 'phone'),
    role: toRoleSummary(member.memberRole),
    email_verified: user.email_verified_at !== null,
    is_owner: ownerUserId === user.id,
    created_at: member.created_at.toISOString(),
  };
}
