import type { RoleDto, RoleSummaryDto } from '@syncdesk/contracts';
import type { Role } from '../../db/models';

export function toRoleDto(role: Role, usersCount: number): RoleDto {
  return {
    id: role.id,
    name: role.name,
    permissions: role.permissions,
    is_default: role.is_default,
    users_count: usersCount,
  };
}

export function toRoleSummary(role: Role | null | undefined): RoleSummaryDto | null {
  return role ? { id: role.id, name: role.name } : null;
}
