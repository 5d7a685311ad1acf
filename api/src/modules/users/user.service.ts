import { Op, UniqueConstraintError, type Attributes, type Sequelize, type Transaction } from 'sequelize';
import {
  ERROR_MESSAGES,
  type CreateUserInput,
  type ListResponse,
  type UpdateUserInput,
  type UserDto,
} from '@syncdesk/contracts';
import type { CompanyUser, Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { hashPassword } from '../auth/password';
import type { SessionService } from '../auth/session.service';
import type { InvitationService } from '../invitations/invitation.service';
import {
  assertMayGrant,
  exceedsCaller,
  findCompanyRole,
  INVALID_ROLE,
  lockCompany,
  USER_MANAGER_PERMISSION,
  wouldLeaveNoUserManager,
} from '../roles/company-roles';
import { defineMemberAssociations, MEMBER_ROLE, MEMBER_USER, type MemberRow } from './member.associations';
import { toUserDto } from './user.mapper';

export const ALREADY_A_MEMBER = 'This e-mail address already belongs to a member of the company.';
export const SHARED_ACCOUNT_NAME =
  'This user also belongs to another company, so only they can change their name.';
export const LAST_USER_MANAGER = `At least one member must keep a role holding ${USER_MANAGER_PERMISSION}.`;
export const OWN_ROLE_FIXED = 'You can not change your own role.';
export const OWNER_ROLE_FIXED = "The owner's role changes only through an ownership transfer.";
export const MEMBER_BEYOND_REACH = 'You can not change a member who holds permissions you do not hold.';

const LIST_SPEC: ListQuerySpec<Attributes<CompanyUser>> = {
  filters: {
    name: { column: `$${MEMBER_USER}.name$`, type: 'string', operators: ['eq', 'like'] },
    email: { column: `$${MEMBER_USER}.email$`, type: 'string', operators: ['eq', 'like'] },
    role_id: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { created_at: {} },
  search: ['name', 'email'],
  sort: { fields: ['name', 'email', 'created_at'], default: { field: 'name', direction: 'asc' } },
};

// A data-protection role sees masked addresses; letting it search or sort by the real ones would
// give them back one guess at a time.
const PROTECTED_LIST_SPEC: ListQuerySpec<Attributes<CompanyUser>> = {
  filters: { name: LIST_SPEC.filters.name!, role_id: LIST_SPEC.filters.role_id! },
  dateRanges: LIST_SPEC.dateRanges,
  search: ['name'],
  sort: { fields: ['name', 'created_at'], default: LIST_SPEC.sort.default },
};

/**
 * The members of the caller's company (users are accounts; a membership puts one in a company).
 *
 * Who may change whose role (platform administrators are exempt from all of these):
 * - a role is only assigned by someone holding all its permissions (`assertMayGrant`);
 * - nobody changes their own role, not even to a narrower one: a role is given by someone else;
 * - the owner's role is fixed: it changes only through an ownership transfer, which doesn't exist
 *   yet (the owner transfers first, then the new owner may change it);
 * - a member whose role holds anything the caller lacks is out of their reach: no role change, no
 *   removal (a narrower member must not cut a wider one's powers).
 */
export interface UserService {
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<UserDto>>;
  show(scope: RequestScope, id: number): Promise<UserDto>;
  /**
   * Adds someone from a store's screen, without telling the caller whether the address already
   * had an account. A new address gets a new account with the given name and password, its
   * membership and a verification e-mail. An address with an account is not added: it gets an
   * invitation to the role (the same as `InvitationService.invite`), so its owner consents by
   * accepting.
   */
  create(scope: RequestScope, storeId: number, input: CreateUserInput): Promise<void>;
  update(scope: RequestScope, id: number, input: UpdateUserInput): Promise<UserDto>;
  /** Removes the membership; the account stays (it may belong to other companies). */
  remove(scope: RequestScope, id: number): Promise<void>;
  verify(scope: RequestScope, id: number): Promise<UserDto>;
}

export interface UserServiceDependencies {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
  /** Sends the verification e-mail of a new account. */
  session: SessionService;
  /** Invites an address that already has an account, instead of adding it. */
  invitations: InvitationService;
}

export function createUserService(deps: UserServiceDependencies): UserService {
  const { models } = deps;
  defineMemberAssociations(models);
  const include = [
    { model: models.User, as: MEMBER_USER, required: true },
    { model: models.Role, as: MEMBER_ROLE, required: false },
  ];

  async function ownerOf(companyId: number, transaction?: Transaction): Promise<number | null> {
    const company = await models.Company.findByPk(companyId, { attributes: ['owner_user_id'], transaction });
    return company?.owner_user_id ?? null;
  }

  async function findMember(scope: RequestScope, userId: number, transaction?: Transaction) {
    const member = (await models.CompanyUser.findOne({
      where: { company_id: scope.companyId, user_id: userId },
      include,
      transaction,
    })) as MemberRow | null;
    if (!member) throw AppError.notFound();
    return member;
  }

  /** Whether the caller may move this member to another role at all (which role is checked apart). */
  async function assertMayChangeRole(scope: RequestScope, member: MemberRow, transaction: Transaction) {
    if (scope.administrator) return;
    if (member.user_id === (await ownerOf(scope.companyId, transaction))) {
      throw new AppError('forbidden', OWNER_ROLE_FIXED);
    }
    if (member.user_id === scope.userId) throw new AppError('forbidden', OWN_ROLE_FIXED);
    if (exceedsCaller(scope, member.memberRole?.permissions ?? [])) {
      throw new AppError('forbidden', MEMBER_BEYOND_REACH);
    }
  }

  async function dto(scope: RequestScope, userId: number): Promise<UserDto> {
    const [member, owner] = await Promise.all([findMember(scope, userId), ownerOf(scope.companyId)]);
    return toUserDto(scope, member, owner);
  }

  return {
    async list(scope, query) {
      const owner = await ownerOf(scope.companyId);
      return findPage(
        models.CompanyUser,
        query,
        scope.dataProtection ? PROTECTED_LIST_SPEC : LIST_SPEC,
        { company_id: scope.companyId },
        { include, map: (row) => toUserDto(scope, row as MemberRow, owner) },
      );
    },

    show: dto,

    async create(scope, storeId, input) {
      const store = await models.Store.findOne({ where: { id: storeId, company_id: scope.companyId } });
      if (!store) throw AppError.notFound();
      const role = await findCompanyRole(models, scope.companyId, input.role_id);
      if (!role) throw AppError.validation({ role_id: [INVALID_ROLE] });
      assertMayGrant(scope, role.permissions);
      const existing = await models.User.findOne({ where: { email: input.email }, attributes: ['id'] });
      const alreadyMember = async (transaction?: Transaction) =>
        existing !== null &&
        (await models.CompanyUser.count({
          where: { company_id: scope.companyId, user_id: existing.id },
          transaction,
        })) > 0;
      // Only the caller's own company's membership: they can list its members anyway.
      if (await alreadyMember()) throw AppError.validation({ email: [ALREADY_A_MEMBER] });
      // Hashed whether or not the account exists: an argon2 hash takes long enough to tell the two
      // apart by the response time otherwise. Done before any transaction, being slow.
      const passwordHash = await hashPassword(input.password);
      // Joining another company is the account owner's decision: they accept the invitation.
      const invite = () => deps.invitations.invite(scope, { email: input.email, role_id: role.id });
      if (existing) {
        await invite();
        return;
      }

      const user = await deps.sequelize
        .transaction(async (transaction) => {
          await lockCompany(models, scope.companyId, transaction);
          const user = await models.User.create(
            {
              name: input.name,
              email: input.email,
              phone: null,
              password_hash: passwordHash,
              email_verified_at: null,
              support_hash: null,
              last_company_id: scope.companyId,
            },
            { transaction },
          );
          await models.CompanyUser.create(
            { company_id: scope.companyId, user_id: user.id, role_id: role.id },
            { transaction },
          );
          return user;
        })
        .catch((error: unknown) => {
          // The address got an account since we looked (the unique e-mail index says so): it is
          // invited like any other existing account.
          if (error instanceof UniqueConstraintError) return null;
          throw error;
        });
      if (!user) {
        await invite();
        return;
      }
      // The session service owns verification (token, link, text).
      await deps.session.sendVerification(user);
      await deps.activities.record(scope, {
        event: 'user.created',
        subjectType: 'user',
        subjectId: user.id,
        new: {
          name: input.name,
          email: input.email,
          role: role.name,
          store_id: store.id,
          store: store.name,
        },
      });
    },

    async update(scope, id, input) {
      const before = await deps.sequelize.transaction(async (transaction) => {
        await lockCompany(models, scope.companyId, transaction);
        const member = await findMember(scope, id, transaction);
        const user = member.memberUser!;
        const before = { name: user.name, role: member.memberRole?.name ?? null };

        if (input.name !== undefined && input.name !== user.name) {
          // A name is the person's own across companies; one company can't rename them for all.
          const elsewhere = await models.CompanyUser.count({
            where: { user_id: id, company_id: { [Op.ne]: scope.companyId } },
            transaction,
          });
          if (elsewhere > 0) throw AppError.validation({ name: [SHARED_ACCOUNT_NAME] });
          await user.update({ name: input.name }, { transaction });
        }
        const newRoleId = input.role_id !== member.role_id ? input.role_id : undefined;
        if (newRoleId !== undefined) {
          const role = await findCompanyRole(models, scope.companyId, newRoleId, transaction);
          if (!role) throw AppError.validation({ role_id: [INVALID_ROLE] });
          await assertMayChangeRole(scope, member, transaction);
          assertMayGrant(scope, role.permissions);
          if (
            await wouldLeaveNoUserManager(
              models,
              scope.companyId,
              { member: { userId: id, roleId: role.id } },
              transaction,
            )
          ) {
            throw AppError.validation({ role_id: [LAST_USER_MANAGER] });
          }
          await member.update({ role_id: role.id }, { transaction });
        }
        return before;
      });
      const result = await dto(scope, id);
      const changes = changedFields(before, { name: result.name, role: result.role?.name ?? null });
      if (changes) {
        await deps.activities.record(scope, {
          event: 'user.updated',
          subjectType: 'user',
          subjectId: id,
          ...changes,
        });
      }
      return result;
    },

    async remove(scope, id) {
      const removed = await deps.sequelize.transaction(async (transaction) => {
        await lockCompany(models, scope.companyId, transaction);
        const member = await findMember(scope, id, transaction);
        const refuse =
          id === scope.userId ||
          id === (await ownerOf(scope.companyId, transaction)) ||
          (await wouldLeaveNoUserManager(models, scope.companyId, { removedUserId: id }, transaction));
        if (refuse) throw new AppError('validation', ERROR_MESSAGES.cannotDeleteUser);
        if (exceedsCaller(scope, member.memberRole?.permissions ?? [])) {
          throw new AppError('forbidden', MEMBER_BEYOND_REACH);
        }
        await member.destroy({ transaction });
        // Their API tokens for this company would 401 anyway (no membership); don't keep dead secrets.
        await models.UserApiToken.destroy({
          where: { user_id: id, company_id: scope.companyId },
          transaction,
        });
        return {
          name: member.memberUser!.name,
          email: member.memberUser!.email,
          role: member.memberRole?.name ?? null,
        };
      });
      await deps.activities.record(scope, {
        event: 'user.deleted',
        subjectType: 'user',
        subjectId: id,
        old: removed,
      });
    },

    async verify(scope, id) {
      const member = await findMember(scope, id);
      const user = member.memberUser!;
      if (!user.email_verified_at) {
        await user.update({ email_verified_at: new Date() });
        await deps.activities.record(scope, {
          event: 'user.verified',
          subjectType: 'user',
          subjectId: id,
          old: { email_verified: false },
          new: { email_verified: true },
        });
      }
      return dto(scope, id);
    },
  };
}
