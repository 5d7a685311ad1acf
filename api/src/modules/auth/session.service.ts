import { Op, type Sequelize } from 'sequelize';
import {
  ERROR_MESSAGES,
  rooms,
  type ChangePasswordInput,
  type Publish,
  type RegisterInput,
  type ResetPasswordConfirmInput,
  type SessionUser,
  type SignInInput,
  type TokenResponse,
  type UpdateProfileInput,
  type VerifyEmailInput,
} from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Models, User } from '../../db/models';
import type { ActivityService } from '../activities/activity.service';
import type { Mailer } from '../email/mailer';
import { openCompany } from '../companies/open-company';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import type { CallerContext, ScopeService } from './scope.service';
import { createSecretToken, hashSecretToken } from './secret-token';
import type { TokenService } from './token.service';

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const RESET_LINK_SENT = 'If an account exists for that e-mail, a reset link is on its way.';
const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** How long the token a company switch replaced keeps working. */
export const SWITCH_GRACE_MS = 30_000;
const VERIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionService {
  signIn(input: SignInInput, caller: CallerContext): Promise<TokenResponse>;
  signOut(scope: RequestScope): Promise<void>;
  me(scope: RequestScope): Promise<SessionUser>;
  updateProfile(scope: RequestScope, input: UpdateProfileInput): Promise<SessionUser>;
  switchCompany(scope: RequestScope, companyId: number, caller: CallerContext): Promise<TokenResponse>;
  changePassword(scope: RequestScope, input: ChangePasswordInput): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(input: ResetPasswordConfirmInput): Promise<void>;
  register(input: RegisterInput, caller: CallerContext): Promise<TokenResponse>;
  verifyEmail(input: VerifyEmailInput): Promise<void>;
  resendVerification(scope: RequestScope): Promise<void>;
  /** E-mails a new account its verification link (an account made for someone by a member). */
  sendVerification(user: User): Promise<void>;
  /** Issues a token for a user in a company after checking membership and IP rules. */
  issueToken(userId: number, companyId: number, caller: CallerContext): Promise<TokenResponse>;
}

export interface SessionDependencies {
  sequelize: Sequelize;
  models: Models;
  tokens: TokenService;
  scopes: ScopeService;
  throttle: LoginThrottle;
  mailer: Mailer;
  activities: ActivityService;
  publish: Publish;
  /** Public base URL used in e-mailed links. */
  appUrl: string;
}

export function createSessionService(deps: SessionDependencies): SessionService {
  const { models } = deps;

  async function issueToken(
    userId: number,
    companyId: number,
    caller: CallerContext,
  ): Promise<TokenResponse> {
    const user = await models.User.findByPk(userId, { attributes: ['session_epoch'] });
    if (!user) throw new AppError('unauthenticated', 'Unauthenticated.');
    const signed = await deps.tokens.sign({ userId, companyId, sessionEpoch: user.session_epoch });
    // Checks membership, company state and IP rules exactly as every later request will.
    await deps.scopes.scopeFor(
      { userId, companyId, tokenId: signed.claims.tokenId, tokenExpiresAt: signed.claims.expiresAt },
      caller,
    );
    await models.User.update({ last_company_id: companyId }, { where: { id: userId } });
    return { token: signed.token, expires_at: signed.claims.expiresAt.toISOString() };
  }

  /** The last company used, if still a member; else the oldest membership. */
  async function companyToOpen(user: User): Promise<number | null> {
    const memberships = await models.CompanyUser.findAll({
      where: { user_id: user.id },
      order: [['id', 'ASC']],
      attributes: ['company_id'],
      raw: true,
    });
    const ids = memberships.map((membership) => membership.company_id);
    if (user.last_company_id && (ids.includes(user.last_company_id) || user.administrator))
      return user.last_company_id;
    if (ids.length) return ids[0]!;
    if (user.administrator) {
      const any = await models.Company.findOne({ order: [['id', 'ASC']], attributes: ['id'] });
      return any?.id ?? null;
    }
    return null;
  }

  async function sendVerification(user: User): Promise<void> {
    const { token, hash } = createSecretToken();
    await models.OneTimeToken.create({
      user_id: user.id,
      purpose: 'email_verification',
      token_hash: hash,
      expires_at: new Date(Date.now() + VERIFICATION_LIFETIME_MS),
      used_at: null,
    });
    await deps.mailer.send({
      to: user.email,
      subject: 'Verify your e-mail address',
      text: `Hello ${user.name},\n\nPlease verify your e-mail address by opening this link:\n${deps.appUrl}/auth/verify-email/${user.id}/${token}\n\nThe link works for 7 days.`,
    });
  }

  async function me(scope: RequestScope): Promise<SessionUser> {
    const [user, company] = await Promise.all([
      models.User.findByPk(scope.userId),
      models.Company.findByPk(scope.companyId),
    ]);
    if (!user || !company) throw new AppError('unauthenticated', 'Unauthenticated.');
    const storeIds = [...scope.ownStoreIds, ...scope.sharedStoreIds];
    const stores = storeIds.length
      ? await models.Store.findAll({
          where: { id: { [Op.in]: storeIds } },
          order: [
            ['name', 'ASC'],
            ['id', 'ASC'],
          ],
        })
      : [];
    return {
      id: user.id,
      name: user.name,
      company: company.name,
      company_id: company.id,
      email: user.email,
      administrator: user.administrator,
      support_hash: user.support_hash,
      stores: stores.map((store) => ({ id: store.id, name: store.name })),
      scope: [...scope.permissions].sort(),
      has_notification: false,
    };
  }

  return {
    issueToken,
    me,
    sendVerification,
    async signIn(input, caller) {
      await deps.throttle.check(input.email, caller.clientIp);
      const user = await models.User.findOne({ where: { email: input.email } });
      const valid = user
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        await deps.throttle.recordFailure(input.email, caller.clientIp);
        throw AppError.validation({ email: [INVALID_CREDENTIALS] }, INVALID_CREDENTIALS);
      }
      await deps.throttle.recordSuccess(input.email);
      const companyId = await companyToOpen(user);
      if (!companyId) throw new AppError('forbidden', 'Your account does not belong to any company.');
      return issueToken(user.id, companyId, caller);
    },
    async signOut(scope) {
      // The revocation first: a sign-out answered 204 has ended the token. Were it not written (the
      // database failed even after waiting), the error answers instead, and the browser keeps
      // showing the session rather than the token living on behind a signed-out screen.
      if (scope.tokenExpiresAt) {
        await models.RevokedToken.findOrCreate({
          where: { token_id: scope.tokenId },
          defaults: { token_id: scope.tokenId, expires_at: scope.tokenExpiresAt },
        });
      }
      // Revoking the token disconnects its sockets (every tab shares the token); this tells the
      // tabs why, so they sign out too instead of reconnecting.
      deps.publish({
        name: 'session:ended',
        rooms: [rooms.user(scope.userId)],
        payload: { userId: scope.userId },
      });
      // Housekeeping: revocations of tokens that have expired anyway are no longer needed. Not the
      // caller's business: the sign-out has happened whatever this does (the next one tries again).
      await models.RevokedToken.destroy({ where: { expires_at: { [Op.lt]: new Date() } } }).catch(() => 0);
    },
    async updateProfile(scope, input) {
      const user = await models.User.findByPk(scope.userId);
      if (!user) throw new AppError('unauthenticated', 'Unauthenticated.');
      const before = { name: user.name, phone: user.phone };
      await user.update({ name: input.name, phone: input.phone ? input.phone : null });
      await deps.activities.record(scope, {
        event: 'user.updated',
        subjectType: 'user',
        subjectId: user.id,
        old: before,
        new: { name: user.name, phone: user.phone },
      });
      return me({ ...scope, userName: user.name });
    },
    async switchCompany(scope, companyId, caller) {
      const company = await models.Company.findByPk(companyId);
      const member = await models.CompanyUser.findOne({
        where: { company_id: companyId, user_id: scope.userId },
      });
      if (!company || (!member && !scope.administrator)) throw AppError.notFound();
      const response = await issueToken(scope.userId, companyId, caller);
      if (scope.tokenExpiresAt) {
        // Not at once: the user's other tabs may have requests in flight with it until they get the new one.
        await models.RevokedToken.create({
          token_id: scope.tokenId,
          expires_at: scope.tokenExpiresAt,
          effective_at: new Date(Date.now() + SWITCH_GRACE_MS),
        });
      }
      deps.publish({
        name: 'company:switched',
        rooms: [rooms.user(scope.userId)],
        payload: { userId: scope.userId, companyId },
      });
      return response;
    },
    async changePassword(scope, input) {
      const user = await models.User.findByPk(scope.userId);
      if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
        throw AppError.validation({ current_password: ['The current password is incorrect.'] });
      }
      // Every other session of the account ends (tokens refused, sockets disconnected); the one
      // making the change stays signed in. API tokens are separate credentials and keep working:
      // integrations must not stop because a person changed their password (they are listed and
      // revoked in Settings › API tokens). A reset, below, ends them too.
      await user.update({
        password_hash: await hashPassword(input.password),
        session_epoch: user.session_epoch + 1,
        kept_token_id: scope.tokenId.startsWith('api-token:') ? null : scope.tokenId,
      });
      await deps.activities.record(scope, {
        event: 'user.password_changed',
        subjectType: 'user',
        subjectId: user.id,
      });
    },
    async requestPasswordReset(email) {
      const user = await models.User.findOne({ where: { email } });
      if (!user) return; // same answer either way: no account enumeration
      const { token, hash } = createSecretToken();
      await models.OneTimeToken.create({
        user_id: user.id,
        purpose: 'password_reset',
        token_hash: hash,
        expires_at: new Date(Date.now() + RESET_LIFETIME_MS),
        used_at: null,
      });
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.name},\n\nYou (or someone else) asked to reset your Syncdesk password. Open this link to choose a new one:\n${deps.appUrl}/password/reset?token=${token}\n\nThe link works once, for 60 minutes. If you did not ask for it, ignore this e-mail.`,
      });
    },
    async confirmPasswordReset(input) {
      const record = await models.OneTimeToken.findOne({
        where: { token_hash: hashSecretToken(input.token), purpose: 'password_reset', used_at: null },
      });
      if (!record || record.expires_at.getTime() < Date.now()) {
        throw AppError.validation({ token: [RESET_LINK_INVALID] }, RESET_LINK_INVALID);
      }
      // Marking it used first (conditionally) makes a double submit unable to use it twice.
      const [claimed] = await models.OneTimeToken.update(
        { used_at: new Date() },
        { where: { id: record.id, used_at: null } },
      );
      if (claimed !== 1) throw AppError.validation({ token: [RESET_LINK_INVALID] }, RESET_LINK_INVALID);
      // A reset is how an account is recovered when it may be in someone else's hands: every
      // session and every API token of the account ends.
      const passwordHash = await hashPassword(input.password);
      await deps.sequelize.transaction(async (transaction) => {
        const user = await models.User.findByPk(record.user_id, { transaction, lock: true });
        if (!user) return;
        await user.update(
          { password_hash: passwordHash, session_epoch: user.session_epoch + 1, kept_token_id: null },
          { transaction },
        );
        await models.UserApiToken.destroy({ where: { user_id: user.id }, transaction });
      });
      await deps.activities.record(null, {
        event: 'user.password_reset',
        subjectType: 'user',
        subjectId: record.user_id,
        companyId: null,
      });
    },
    async register(input, caller) {
      if (await models.User.findOne({ where: { email: input.email }, attributes: ['id'] })) {
        throw AppError.validation({ email: ['The email has already been taken.'] });
      }
      const passwordHash = await hashPassword(input.password);
      const { user, companyId } = await deps.sequelize.transaction(async (transaction) => {
        const user = await models.User.create(
          {
            name: input.name,
            email: input.email,
            phone: input.phone ? input.phone : null,
            password_hash: passwordHash,
            email_verified_at: null,
            support_hash: null,
            last_company_id: null,
          },
          { transaction },
        );
        const { company } = await openCompany(
          models,
          { name: input.company_name, ownerId: user.id, creationSource: 'register' },
          transaction,
        );
        return { user, companyId: company.id };
      });
      await sendVerification(user);
      const response = await issueToken(user.id, companyId, caller);
      await deps.activities.record(null, {
        event: 'company.registered',
        subjectType: 'company',
        subjectId: companyId,
        companyId,
        new: { company: input.company_name, owner: user.name },
      });
      return response;
    },
    async verifyEmail(input) {
      const record = await models.OneTimeToken.findOne({
        where: { token_hash: hashSecretToken(input.token), purpose: 'email_verification', user_id: input.id },
      });
      if (!record || record.expires_at.getTime() < Date.now()) {
        throw AppError.validation(
          { token: [ERROR_MESSAGES.emailNotVerified] },
          ERROR_MESSAGES.emailNotVerified,
        );
      }
      if (!record.used_at) await record.update({ used_at: new Date() });
      await models.User.update(
        { email_verified_at: new Date() },
        { where: { id: record.user_id, email_verified_at: null } },
      );
    },
    async resendVerification(scope) {
      const user = await models.User.findByPk(scope.userId);
      if (user && !user.email_verified_at) await sendVerification(user);
    },
  };
}
