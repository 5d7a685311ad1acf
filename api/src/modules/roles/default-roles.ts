import type { Transaction } from 'sequelize';
import { PERMISSION_NAMES, type PermissionName } from '@syncdesk/contracts';
import type { Models, Role } from '../../db/models';

/** Everything a company's owner needs; data protection is an opt-in restriction, never a default. */
export const OWNER_PERMISSIONS: PermissionName[] = PERMISSION_NAMES.filter(
  (name) => name !== 'data_protection',
);

/** What a new member sees before anyone changes it: read access, no changes. */
export const MEMBER_PERMISSIONS: PermissionName[] = PERMISSION_NAMES.filter(
  (name) => name.endsWith('.read') && name !== 'users.read' && name !== 'roles.read',
);

/** Every new company starts with an Administrator role (its owner's) and a default Member role. */
export async function createDefaultRoles(
  models: Models,
  companyId: number,
  transaction?: Transaction,
): Promise<{ administrator: Role; member: Role }> {
  const administrator = await models.Role.create(
    { company_id: companyId, name: 'Administrator', permissions: OWNER_PERMISSIONS, is_default: false },
    { transaction },
  );
  const member = await models.Role.create(
    { company_id: companyId, name: 'Member', permissions: MEMBER_PERMISSIONS, is_default: true },
    { transaction },
  );
  return { administrator, member };
}
