import { Op, type Attributes, type Sequelize } from 'sequelize';
import type {
  AcceptInvitationInput,
  InvitationDto,
  InvitationPreviewDto,
  InviteUserInput,
  ListResponse,
  TokenResponse,
} from '@syncdesk/contracts';
import type { Invitation, Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import type { LoginThrottle } from '../auth/login-throttle';
import type { CallerContext } from '../auth/scope.service';
import { createSecretToken, hashSecretToken } from '../auth/secret-token';
import type { SessionService } from '../auth/session.service';
import type { Mailer } from '../email/mailer';
import { assertMayGrant, findCompanyRole, findDefaultRole, INVALID_ROLE } from '../roles/company-roles';
import { ALREADY_A_MEMBER } from '../users/user.service';
import { defineMemberAssociations, INVITATION_ROLE, type InvitationRow } from '../users/member.associations';
import { toInvitationDto } from './invitation.mapper';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_EMAIL_MISMATCH = 'The email must be the address the invitation was sent to.';
export const INVITATION_CREDENTIALS = 'These credentials do not match our records.';
export const INVITATION_ACCOUNT_EXISTS =
  'An account with this e-mail already exists: sign in with its password to accept.';
export const INVITATION_ALREADY_ACCEPTED = 'This invitation has already been accepted.';
export const INVITATION_NOT_FOUND = 'This invitation is invalid or has expired.';

const LIST_SPEC: ListQuerySpec<Attributes<Invitation>> = {
  filters: {
    email: { type: 'string', operators: ['eq', 'like'] },
    role_id: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { created_at: {}, expires_at: {} },
  search: ['email'],
  sort: {
    fields: ['created_at', 'email', 'expires_at'],
    default: { field: 'created_at', direction: 'desc' },
  },
};

/**
 * Invitations by e-mail: a 256-bit single-use link (only its hash is stored) valid for 7 days.
 * One pending invitation per address and company: inviting again replaces the previous one.
 * An invitation assigns its role on acceptance, so its role is one the inviter may grant: checked
 * when it is sent and when its role is changed (`assertMayGrant`).
 */
export interface InvitationService {
  /** Not yet accepted (expired ones included, with their expires_at, until replaced or deleted). */
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<InvitationDto>>;
  show(scope: RequestScope, id: number): Promise<InvitationDto>;
  invite(scope: RequestScope, input: InviteUserInput): Promise<InvitationDto>;
  changeRole(scope: RequestScope, id: number, roleId: number): Promise<InvitationDto>;
  remove(scope: RequestScope, id: number): Promise<void>;
  /** Public, by the link's token: what the accept screen shows. */
  preview(token: string): Promise<InvitationPreviewDto>;
  /** Public: joins the company (creating the account if needed) and signs in to it. */
  accept(token: string, input: AcceptInvitationInput, caller: CallerContext): Promise<TokenResponse>;
}

export interface InvitationServiceDependencies {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
  mailer: Mailer;
  session: SessionService;
  loginThrottle: LoginThrottle;
  appUrl: string;
}

export function createInvitationService(deps: InvitationServiceDependencies): InvitationService {
  const { models } = deps;
  defineMemberAssociations(models);
  const include = [{ model: models.Role, as: INVITATION_ROLE, required: false }];

  async function findOwn(scope: RequestScope, id: number): Promise<InvitationRow> {
    const invitation = (await models.Invitation.findOne({
      where: { id, company_id: scope.companyId },
      include,
    })) as InvitationRow | null;
    if (!invitation) throw AppError.notFound();
    return invitation;
  }

  /** A usable invitation for a link's token: known, not accepted, not expired. */
  async function findUsable(token: string): Promise<Invitation> {
    const invitation = await models.Invitation.findOne({
      where: { token_hash: hashSecretToken(token), accepted_at: null, expires_at: { [Op.gt]: new Date() } },
    });
    if (!invitation) throw AppError.notFound(INVITATION_NOT_FOUND);
    return invitation;
  }

  async function isMember(companyId: number, email: string): Promise<boolean> {
    const user = await models.User.findOne({ where: { email }, attributes: ['id'] });
    if (!user) return false;
    return (await models.CompanyUser.count({ where: { company_id: companyId, user_id: user.id } })) > 0;
  }

  return {
    list(scope, query) {
      return findPage(
        models.Invitation,
        query,
        LIST_SPEC,
        { company_id: scope.companyId, accepted_at: null },
        { include, map: (row) => toInvitationDto(scope, row as InvitationRow) },
      );
    },

    async show(scope, id) {
      return toInvitationDto(scope, await findOwn(scope, id));
    },

    async invite(scope, input) {
      const role = await findCompanyRole(models, scope.companyId, input.role_id);
      if (!role) throw AppError.validation({ role_id: [INVALID_ROLE] });
      assertMayGrant(scope, role.permissions);
      if (await isMember(scope.companyId, input.email))
        throw AppError.validation({ email: [ALREADY_A_MEMBER] });
      const { token, hash } = createSecretToken();
      const { invitation, replaced } = await deps.sequelize.transaction(async (transaction) => {
        // The previous link stops working: only the latest invitation to an address counts.
        const replaced = await models.Invitation.destroy({
          where: { company_id: scope.companyId, email: input.email, accepted_at: null },
          transaction,
        });
        const invitation = await models.Invitation.create(
          {
            company_id: scope.companyId,
            email: input.email,
            role_id: role.id,
            invited_by: scope.userId,
            token_hash: hash,
            expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS),
            accepted_at: null,
          },
          { transaction },
        );
        return { invitation, replaced };
      });
      const company = await models.Company.findByPk(scope.companyId, { attributes: ['name'] });
      const companyName = company?.name ?? 'a company';
      await deps.mailer.send({
        to: input.email,
        subject: `You are invited to join ${companyName} on Syncdesk`,
        text: `Hello,\n\n${scope.userName} invited you to join ${companyName} on Syncdesk as ${role.name}. Open this link to accept:\n${deps.appUrl}/invitations/accept?token=${token}\n\nThe link works once, for 7 days. If you did not expect it, ignore this e-mail.`,
      });
      await deps.activities.record(scope, {
        event: 'invitation.created',
        subjectType: 'invitation',
        subjectId: invitation.id,
        new: { email: input.email, role: role.name, replaced_previous: replaced > 0 },
      });
      return toInvitationDto(scope, Object.assign(invitation, { [INVITATION_ROLE]: role }));
    },

    async changeRole(scope, id, roleId) {
      const invitation = await findOwn(scope, id);
      if (invitation.accepted_at) throw AppError.validation({ role_id: [INVITATION_ALREADY_ACCEPTED] });
      const role = await findCompanyRole(models, scope.companyId, roleId);
      if (!role) throw AppError.validation({ role_id: [INVALID_ROLE] });
      assertMayGrant(scope, role.permissions);
      const before = { role: invitation.invitationRole?.name ?? null };
      await invitation.update({ role_id: role.id });
      const changes = changedFields(before, { role: role.name });
      if (changes) {
        await deps.activities.record(scope, {
          event: 'invitation.updated',
          subjectType: 'invitation',
          subjectId: id,
          ...changes,
        });
      }
      return toInvitationDto(scope, Object.assign(invitation, { [INVITATION_ROLE]: role }));
    },

    async remove(scope, id) {
      const invitation = await findOwn(scope, id);
      await invitation.destroy();
      await deps.activities.record(scope, {
        event: 'invitation.deleted',
        subjectType: 'invitation',
        subjectId: id,
        old: { email: invitation.email, role: invitation.invitationRole?.name ?? null },
      });
    },

    async preview(token) {
      const invitation = await findUsable(token);
      const [company, role, account] = await Promise.all([
        models.Company.findByPk(invitation.company_id, { attributes: ['name'] }),
        invitation.role_id ? models.Role.findByPk(invitation.role_id, { attributes: ['name'] }) : null,
        models.User.findOne({ where: { email: invitation.email }, attributes: ['id'] }),
      ]);
      const fallback = role ? null : await findDefaultRole(models, invitation.company_id);
      return {
        email: invitation.email,
        company_name: company?.name ?? '',
        role_name: role?.name ?? fallback?.name ?? null,
        existing_user: account !== null,
      };
    },

    async accept(token, input, caller) {
      const invitation = await findUsable(token);
      if (input.email !== invitation.email.toLowerCase())
        throw AppError.validation({ email: [INVITATION_EMAIL_MISMATCH] });
      const account = await models.User.findOne({ where: { email: invitation.email } });
      let newAccount: { name: string; passwordHash: string } | null = null;
      if (input.existing_user) {
        // A password check like sign-in's, so it gets sign-in's throttle: the link is no way round it.
        await deps.loginThrottle.check(input.email, caller.clientIp);
        const valid = account
          ? await verifyPassword(account.password_hash, input.password)
          : await verifyAgainstDummy(input.password);
        if (!account || !valid) {
          await deps.loginThrottle.recordFailure(input.email, caller.clientIp);
          throw AppError.validation({ password: [INVITATION_CREDENTIALS] }, INVITATION_CREDENTIALS);
        }
        await deps.loginThrottle.recordSuccess(input.email);
      } else {
        if (account) throw AppError.validation({ email: [INVITATION_ACCOUNT_EXISTS] });
        newAccount = { name: input.name, passwordHash: await hashPassword(input.password) };
      }

      const { userId, roleName, joined } = await deps.sequelize.transaction(async (transaction) => {
        // The claim is the single-use guarantee: of two concurrent accepts only one updates the row.
        const [claimed] = await models.Invitation.update(
          { accepted_at: new Date() },
          {
            where: { id: invitation.id, accepted_at: null, expires_at: { [Op.gt]: new Date() } },
            transaction,
          },
        );
        if (claimed !== 1) throw AppError.notFound(INVITATION_NOT_FOUND);
        const user =
          account ??
          (await models.User.create(
            {
              name: newAccount!.name,
              email: invitation.email,
              phone: null,
              password_hash: newAccount!.passwordHash,
              // The link reached this address, which is what verification proves.
              email_verified_at: new Date(),
              support_hash: null,
              last_company_id: invitation.company_id,
            },
            { transaction },
          ));
        if (account && !account.email_verified_at) {
          await account.update({ email_verified_at: new Date() }, { transaction });
        }
        const role =
          (invitation.role_id
            ? await findCompanyRole(models, invitation.company_id, invitation.role_id, transaction)
            : null) ?? (await findDefaultRole(models, invitation.company_id, transaction));
        const [, joined] = await models.CompanyUser.findOrCreate({
          where: { company_id: invitation.company_id, user_id: user.id },
          defaults: { company_id: invitation.company_id, user_id: user.id, role_id: role?.id ?? null },
          transaction,
        });
        // Added some other way since the invitation was sent: keep the role they already have.
        return { userId: user.id, roleName: role?.name ?? null, joined };
      });

      await deps.activities.record(null, {
        event: 'invitation.accepted',
        subjectType: 'invitation',
        subjectId: invitation.id,
        companyId: invitation.company_id,
        new: {
          email: invitation.email,
          user_id: userId,
          role: joined ? roleName : null,
          existing_account: account !== null,
        },
      });
      return deps.session.issueToken(userId, invitation.company_id, caller);
    },
  };
}
