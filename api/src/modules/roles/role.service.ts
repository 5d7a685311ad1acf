import {
  Op,
  UniqueConstraintError,
  fn,
  col,
  type Attributes,
  type Sequelize,
  type Transaction,
} from 'sequelize';
import {
  ERROR_MESSAGES,
  type CreateRoleInput,
  type ListResponse,
  type PermissionName,
  type RoleDto,
  type UpdateRoleInput,
} from '@syncdesk/contracts';
import type { Models, Role } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import {
  assertMayGrant,
  exceedsCaller,
  findDefaultRole,
  lockCompany,
  USER_MANAGER_PERMISSION,
  wouldLeaveNoUserManager,
} from './company-roles';
import { toRoleDto } from './role.mapper';

export const ROLE_NAME_TAKEN = 'The name has already been taken.';
export const DEFAULT_ROLE_REQUIRED =
  'The company needs a default role: make another role the default instead.';
export const LAST_USER_MANAGER_ROLE = `At least one member must keep a role holding ${USER_MANAGER_PERMISSION}.`;
export const ROLE_BEYOND_REACH = 'You can not change a role that holds permissions you do not hold.';

const LIST_SPEC: ListQuerySpec<Attributes<Role>> = {
  filters: {
    name: { type: 'string', operators: ['eq', 'like'] },
    is_default: { type: 'boolean', operators: ['eq'] },
  },
  search: ['name'],
  sort: { fields: ['name', 'created_at', 'id'], default: { field: 'name', direction: 'asc' } },
};

/**
 * Company roles: named permission sets; one of them is the default for new members.
 *
 * Who may change which role (platform administrators are exempt from both rules):
 * - a role's permissions are only ever written with permissions the editor holds (create and
 *   update), so nobody widens a role — their own included — beyond themselves;
 * - a role holding anything the editor lacks is read-only to them (no rename, no default flag, no
 *   narrowing, no deletion): a narrower member must not cut a wider one's powers, the owner's
 *   Administrator role first. Narrowing a role no wider than yourself, your own included, is
 *   allowed: it grants nothing, and whoever else holds it holds nothing you don't.
 */
export interface RoleService {
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<RoleDto>>;
  defaultRole(scope: RequestScope): Promise<RoleDto>;
  show(scope: RequestScope, id: number): Promise<RoleDto>;
  create(scope: RequestScope, input: CreateRoleInput): Promise<RoleDto>;
  update(scope: RequestScope, id: number, input: UpdateRoleInput): Promise<RoleDto>;
  remove(scope: RequestScope, id: number): Promise<void>;
}

export interface RoleServiceDependencies {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}

const uniquePermissions = (permissions: readonly PermissionName[]) => [...new Set(permissions)];

export function createRoleService(deps: RoleServiceDependencies): RoleService {
  const { models } = deps;

  /** Members per role, in one grouped query. */
  async function usersCounts(companyId: number, roleIds: number[]): Promise<Map<number, number>> {
    if (roleIds.length === 0) return new Map();
    const rows = (await models.CompanyUser.findAll({
      where: { company_id: companyId, role_id: { [Op.in]: roleIds } },
      attributes: ['role_id', [fn('COUNT', col('id')), 'count']],
      group: ['role_id'],
      raw: true,
    })) as unknown as { role_id: number; count: number | string }[];
    return new Map(rows.map((row) => [row.role_id, Number(row.count)]));
  }

  async function withCount(role: Role): Promise<RoleDto> {
    const counts = await usersCounts(role.company_id, [role.id]);
    return toRoleDto(role, counts.get(role.id) ?? 0);
  }

  async function findOwn(scope: RequestScope, id: number, transaction?: Transaction): Promise<Role> {
    const role = await models.Role.findOne({ where: { id, company_id: scope.companyId }, transaction });
    if (!role) throw AppError.notFound();
    return role;
  }

  /** A role of the company the caller may change: one holding nothing beyond their own permissions. */
  async function findChangeable(scope: RequestScope, id: number, transaction: Transaction): Promise<Role> {
    const role = await findOwn(scope, id, transaction);
    if (exceedsCaller(scope, role.permissions)) throw new AppError('forbidden', ROLE_BEYOND_REACH);
    return role;
  }

  async function assertNameFree(
    scope: RequestScope,
    name: string,
    exceptId: number | null,
    transaction?: Transaction,
  ) {
    const clash = await models.Role.findOne({
      where: {
        company_id: scope.companyId,
        name,
        ...(exceptId !== null ? { id: { [Op.ne]: exceptId } } : {}),
      },
      attributes: ['id'],
      transaction,
    });
    if (clash) throw AppError.validation({ name: [ROLE_NAME_TAKEN] });
  }

  /** The unique index is the last word when two requests race for a name. */
  async function translateUniqueName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw AppError.validation({ name: [ROLE_NAME_TAKEN] });
      throw error;
    }
  }

  function snapshot(role: Role) {
    return { name: role.name, permissions: role.permissions, is_default: role.is_default };
  }

  return {
    async list(scope, query) {
      const page = await findPage(models.Role, query, LIST_SPEC, { company_id: scope.companyId });
      const counts = await usersCounts(
        scope.companyId,
        page.data.map((role) => role.id),
      );
      return { data: page.data.map((role) => toRoleDto(role, counts.get(role.id) ?? 0)), meta: page.meta };
    },

    async defaultRole(scope) {
      const role = await findDefaultRole(models, scope.companyId);
      if (!role) throw AppError.notFound();
      return withCount(role);
    },

    async show(scope, id) {
      return withCount(await findOwn(scope, id));
    },

    async create(scope, input) {
      const permissions = uniquePermissions(input.permissions);
      assertMayGrant(scope, permissions);
      await assertNameFree(scope, input.name, null);
      const role = await translateUniqueName(() =>
        deps.sequelize.transaction(async (transaction) => {
          if (input.is_default) {
            await models.Role.update(
              { is_default: false },
              { where: { company_id: scope.companyId, is_default: true }, transaction },
            );
          }
          return models.Role.create(
            {
              company_id: scope.companyId,
              name: input.name,
              permissions,
              is_default: input.is_default ?? false,
            },
            { transaction },
          );
        }),
      );
      await deps.activities.record(scope, {
        event: 'role.created',
        subjectType: 'role',
        subjectId: role.id,
        new: snapshot(role),
      });
      return toRoleDto(role, 0);
    },

    async update(scope, id, input) {
      const { role, before } = await translateUniqueName(() =>
        deps.sequelize.transaction(async (transaction) => {
          await lockCompany(models, scope.companyId, transaction);
          const role = await findChangeable(scope, id, transaction);
          const before = snapshot(role);
          if (input.name !== undefined && input.name !== role.name) {
            await assertNameFree(scope, input.name, role.id, transaction);
          }
          if (input.is_default === false && role.is_default) {
            throw AppError.validation({ is_default: [DEFAULT_ROLE_REQUIRED] });
          }
          const permissions = input.permissions ? uniquePermissions(input.permissions) : undefined;
          if (permissions) assertMayGrant(scope, permissions);
          if (
            permissions &&
            (await wouldLeaveNoUserManager(
              models,
              scope.companyId,
              { role: { id: role.id, permissions } },
              transaction,
            ))
          ) {
            throw AppError.validation({ permissions: [LAST_USER_MANAGER_ROLE] });
          }
          if (input.is_default === true && !role.is_default) {
            // One default per company: setting it here clears it on the others, atomically.
            await models.Role.update(
              { is_default: false },
              { where: { company_id: scope.companyId, is_default: true }, transaction },
            );
          }
          await role.update(
            {
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(permissions ? { permissions } : {}),
              ...(input.is_default !== undefined ? { is_default: input.is_default } : {}),
            },
            { transaction },
          );
          return { role, before };
        }),
      );
      const changes = changedFields(before, snapshot(role));
      if (changes) {
        await deps.activities.record(scope, {
          event: 'role.updated',
          subjectType: 'role',
          subjectId: role.id,
          ...changes,
        });
      }
      return withCount(role);
    },

    async remove(scope, id) {
      const role = await deps.sequelize.transaction(async (transaction) => {
        await lockCompany(models, scope.companyId, transaction);
        const role = await findChangeable(scope, id, transaction);
        const inUse = await models.CompanyUser.count({
          where: { company_id: scope.companyId, role_id: role.id },
          transaction,
        });
        if (inUse > 0 || role.is_default || role.id === scope.roleId) {
          throw new AppError('validation', ERROR_MESSAGES.cannotDeleteRole);
        }
        // Pending invitations keep working: they fall back to the default role on acceptance
        // (role_id is SET NULL); the role's IP rules go with it (CASCADE).
        await role.destroy({ transaction });
        return role;
      });
      await deps.activities.record(scope, {
        event: 'role.deleted',
        subjectType: 'role',
        subjectId: role.id,
        old: snapshot(role),
      });
    },
  };
}
