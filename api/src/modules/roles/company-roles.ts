import type { Transaction } from 'sequelize';
import { permissionsBeyond, type PermissionName } from '@syncdesk/contracts';
import type { Models, Role } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';

export const INVALID_ROLE = 'The selected role is invalid.';
/** Shared by the three ways to hand out permissions: a member's role, an invitation's, a role's own. */
export const GRANT_BEYOND_HELD = 'You can only grant permissions you hold.';
/** The permission that lets a member manage the others: a company must never lose its last holder. */
export const USER_MANAGER_PERMISSION: PermissionName = 'users.update';

/** A role of this company, or null: another company's role id is never usable. */
export function findCompanyRole(
  models: Models,
  companyId: number,
  roleId: number,
  transaction?: Transaction,
): Promise<Role | null> {
  return models.Role.findOne({ where: { id: roleId, company_id: companyId }, transaction });
}

/**
 * True when these permissions reach beyond the caller's own (see `permissionsBeyond`: working
 * under data protection, a role without it is wider). Platform administrators are never exceeded.
 */
export function exceedsCaller(scope: RequestScope, permissions: readonly PermissionName[]): boolean {
  return !scope.administrator && permissionsBeyond(scope.permissions, permissions).length > 0;
}

/**
 * Nobody hands out what they don't hold: assigning a role (to a member, or to an invitation, which
 * assigns it on acceptance) and writing a role's permissions all pass through here. Without it a
 * member holding only `users.update` could give themselves the Administrator role.
 */
export function assertMayGrant(scope: RequestScope, permissions: readonly PermissionName[]): void {
  if (exceedsCaller(scope, permissions)) throw new AppError('forbidden', GRANT_BEYOND_HELD);
}

/** The company's default role (new members and invitations whose role was deleted get it). */
export function findDefaultRole(models: Models, companyId: number, transaction?: Transaction) {
  return models.Role.findOne({
    where: { company_id: companyId, is_default: true },
    order: [['id', 'ASC']],
    transaction,
  });
}

/**
 * Serialises membership and role changes of one company (row lock on the company), so two
 * concurrent removals can't both see "another manager remains" and leave none.
 */
export async function lockCompany(models: Models, companyId: number, transaction: Transaction) {
  await models.Company.findByPk(companyId, {
    transaction,
    lock: transaction.LOCK.UPDATE,
    attributes: ['id'],
  });
}

/** A change to the company's members or roles, as `wouldLeaveNoUserManager` evaluates it. */
export interface MembershipChange {
  removedUserId?: number;
  member?: { userId: number; roleId: number | null };
  role?: { id: number; permissions: readonly PermissionName[] };
}

/**
 * True when the company has members able to manage users now and would have none after the change
 * (a company already without one isn't blocked from unrelated changes).
 */
export async function wouldLeaveNoUserManager(
  models: Models,
  companyId: number,
  change: MembershipChange,
  transaction?: Transaction,
): Promise<boolean> {
  const [roles, members] = await Promise.all([
    models.Role.findAll({ where: { company_id: companyId }, attributes: ['id', 'permissions'], transaction }),
    models.CompanyUser.findAll({
      where: { company_id: companyId },
      attributes: ['user_id', 'role_id'],
      transaction,
    }),
  ]);
  const managerRoles = (afterChange: boolean) =>
    new Set(
      roles
        .filter((role) => {
          const permissions =
            afterChange && change.role?.id === role.id ? change.role.permissions : role.permissions;
          return permissions.includes(USER_MANAGER_PERMISSION);
        })
        .map((role) => role.id),
    );
  const before = managerRoles(false);
  const after = managerRoles(true);
  const managersBefore = members.filter((member) => member.role_id !== null && before.has(member.role_id));
  const managersAfter = members
    .filter((member) => member.user_id !== change.removedUserId)
    .map((member) => (member.user_id === change.member?.userId ? change.member.roleId : member.role_id))
    .filter((roleId): roleId is number => roleId !== null && after.has(roleId));
  return managersBefore.length > 0 && managersAfter.length === 0;
}
