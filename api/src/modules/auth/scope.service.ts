import { Op } from 'sequelize';
import { PERMISSION_NAMES, type PermissionName } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Models } from '../../db/models';
import { isAddressAllowed, type IpRule } from '../ip-whitelist/ip-access';
import { hashSecretToken } from './secret-token';
import type { TokenService } from './token.service';
import { concerns, type AuthorityChange } from './authority-change';
import { createScopeCache, type ScopeCache } from './scope-cache';

export const API_TOKEN_PREFIX = 'sd_';
export const IP_NOT_ALLOWED = 'Your IP address is not allowed.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Everything but data protection: administrators see personal data. */
const ADMINISTRATOR_PERMISSIONS: ReadonlySet<PermissionName> = new Set(
  PERMISSION_NAMES.filter((name) => name !== 'data_protection'),
);

/** How often a user API token's last use is written: a busy integration shouldn't write on every call. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export interface CallerContext {
  clientIp: string;
  via: 'web' | 'api';
}

/** A resolved bearer token: the caller's scope and until when it holds at the latest. */
export interface ResolvedSession {
  scope: RequestScope;
  /** Epoch ms when the token stops working by itself (expiry, or a revocation's grace ending). */
  endsAt: number | null;
}

export interface ScopeService {
  /** Turns a bearer token (JWT or user API token) into the caller's scope, or throws 401/403. */
  resolve(bearer: string, caller: CallerContext): Promise<RequestScope>;
  /** The same, with the moment the token ends by itself (sockets disconnect then). */
  resolveSession(bearer: string, caller: CallerContext): Promise<ResolvedSession>;
  /** The scope of a user in a company (sign-in, switch): membership, role, stores, IP rules. */
  scopeFor(
    subject: { userId: number; companyId: number; tokenId: string; tokenExpiresAt: Date | null },
    caller: CallerContext,
  ): Promise<RequestScope>;
  /** Refuses with 403 when the company's or the role's IP rules don't admit this address. */
  assertAddressAllowed(companyId: number, roleId: number | null, clientIp: string): Promise<void>;
  /** Drops what a change of authority makes stale (wired to the authority bus). */
  forget(change: AuthorityChange): void;
}

const unauthenticated = (message = 'Unauthenticated.') => new AppError('unauthenticated', message);

/**
 * What a user may do in a company, read from the database: everything of a scope but the token's
 * own facts and the caller's address. Cached per (user, company); see scope-cache.ts.
 */
export interface Grant {
  userId: number;
  userName: string;
  companyId: number;
  administrator: boolean;
  /** Why this grant opens nothing (an AppError to throw), or null. */
  refusal: AppError | null;
  roleId: number | null;
  permissions: ReadonlySet<PermissionName>;
  dataProtection: boolean;
  ownStoreIds: readonly number[];
  sharedStoreIds: readonly number[];
  ipRules: readonly IpRule[];
  sessionEpoch: number;
  keptTokenId: string | null;
}

/** What a bearer token says about itself once checked: signature, revocation, epoch. */
export interface TokenFacts {
  userId: number;
  companyId: number;
  tokenId: string;
  expiresAt: number | null;
  /** Null: not revoked. Else the revocation's effective time (epoch ms). */
  revokedAt: number | null;
  sessionEpoch: number | null;
  /** User API tokens always answer as `api`. */
  apiToken: { id: number; lastUsedAt: number | null } | null;
}

export function createScopeService(deps: { models: Models; tokens: TokenService }): ScopeService {
  const { models } = deps;
  const cache: ScopeCache<TokenFacts, Grant> = createScopeCache();

  async function ipRulesOf(companyId: number, roleId: number | null): Promise<IpRule[]> {
    return models.IpWhitelist.findAll({
      where: {
        company_id: companyId,
        [Op.or]: [{ company_role_id: null }, ...(roleId ? [{ company_role_id: roleId }] : [])],
      },
      attributes: ['ip_address', 'status'],
      raw: true,
    });
  }

  async function assertAddressAllowed(companyId: number, roleId: number | null, clientIp: string) {
    if (!isAddressAllowed(await ipRulesOf(companyId, roleId), clientIp))
      throw new AppError('forbidden', IP_NOT_ALLOWED);
  }

  async function loadGrant(userId: number, companyId: number): Promise<Grant | null> {
    const [user, company, membership] = await Promise.all([
      models.User.findByPk(userId),
      models.Company.findByPk(companyId),
      models.CompanyUser.findOne({ where: { company_id: companyId, user_id: userId } }),
    ]);
    if (!user || !company) return null;
    const administrator = user.administrator;
    let refusal: AppError | null = null;
    // Removed from the company since the token was issued: the token no longer opens it.
    if (!membership && !administrator) refusal = unauthenticated();
    else if (!company.is_active && !administrator)
      refusal = new AppError('forbidden', 'This company has been deactivated.');
    const role = membership?.role_id ? await models.Role.findByPk(membership.role_id) : null;
    const [ownStores, sharedStores, ipRules] = await Promise.all([
      models.Store.findAll({ where: { company_id: companyId }, attributes: ['id'], raw: true }),
      models.StoreShare.findAll({ where: { company_id: companyId }, attributes: ['store_id'], raw: true }),
      administrator ? Promise.resolve([]) : ipRulesOf(companyId, role?.id ?? null),
    ]);
    const rolePermissions = new Set<PermissionName>(role?.permissions ?? []);
    return {
      userId: user.id,
      userName: user.name,
      companyId: company.id,
      administrator,
      refusal,
      roleId: role?.id ?? null,
      permissions: administrator ? ADMINISTRATOR_PERMISSIONS : rolePermissions,
      dataProtection: !administrator && rolePermissions.has('data_protection'),
      ownStoreIds: ownStores.map((store) => store.id),
      sharedStoreIds: sharedStores.map((share) => share.store_id),
      ipRules,
      sessionEpoch: user.session_epoch,
      keptTokenId: user.kept_token_id,
    };
  }

  function scopeOfGrant(
    grant: Grant,
    token: { tokenId: string; tokenExpiresAt: Date | null },
    caller: CallerContext,
  ): RequestScope {
    if (grant.refusal) throw grant.refusal;
    if (!grant.administrator && !isAddressAllowed(grant.ipRules, caller.clientIp))
      throw new AppError('forbidden', IP_NOT_ALLOWED);
    return {
      userId: grant.userId,
      userName: grant.userName,
      companyId: grant.companyId,
      administrator: grant.administrator,
      roleId: grant.roleId,
      permissions: grant.permissions,
      ownStoreIds: grant.ownStoreIds,
      sharedStoreIds: grant.sharedStoreIds,
      dataProtection: grant.dataProtection,
      tokenId: token.tokenId,
      tokenExpiresAt: token.tokenExpiresAt,
      via: caller.via,
      clientIp: caller.clientIp,
    };
  }

  async function grantFor(userId: number, companyId: number): Promise<Grant> {
    const grant = await cache.grant(`${userId}:${companyId}`, () => loadGrant(userId, companyId));
    if (!grant) throw unauthenticated();
    return grant;
  }

  async function loadTokenFacts(bearer: string): Promise<TokenFacts | null> {
    if (bearer.startsWith(API_TOKEN_PREFIX)) {
      const apiToken = await models.UserApiToken.findOne({
        where: { token_hash: hashSecretToken(bearer) },
      });
      if (!apiToken) return null;
      return {
        userId: apiToken.user_id,
        companyId: apiToken.company_id,
        tokenId: `api-token:${apiToken.id}`,
        expiresAt: null,
        revokedAt: null,
        sessionEpoch: null,
        apiToken: { id: apiToken.id, lastUsedAt: apiToken.last_used_at?.getTime() ?? null },
      };
    }
    const claims = await deps.tokens.verify(bearer);
    const revoked = await models.RevokedToken.findByPk(claims.tokenId);
    return {
      userId: claims.userId,
      companyId: claims.companyId,
      tokenId: claims.tokenId,
      expiresAt: claims.expiresAt.getTime(),
      revokedAt: revoked ? (revoked.effective_at?.getTime() ?? 0) : null,
      sessionEpoch: claims.sessionEpoch,
      apiToken: null,
    };
  }

  async function resolveSession(bearer: string, caller: CallerContext): Promise<ResolvedSession> {
    const facts = await cache.token(bearer, () => loadTokenFacts(bearer));
    if (!facts) throw unauthenticated();
    const now = Date.now();
    if (facts.expiresAt !== null && facts.expiresAt <= now) {
      cache.dropToken(bearer);
      throw unauthenticated('Your session has expired.');
    }
    if (facts.revokedAt !== null && facts.revokedAt <= now) throw unauthenticated();
    const grant = await grantFor(facts.userId, facts.companyId);
    // A password change or reset ended every session signed before it, but the one that made it.
    if (
      facts.sessionEpoch !== null &&
      facts.sessionEpoch < grant.sessionEpoch &&
      facts.tokenId !== grant.keptTokenId
    ) {
      throw unauthenticated(SESSION_ENDED);
    }
    if (facts.apiToken && (facts.apiToken.lastUsedAt ?? 0) < now - LAST_USED_WRITE_INTERVAL_MS) {
      facts.apiToken.lastUsedAt = now;
      await models.UserApiToken.update({ last_used_at: new Date(now) }, { where: { id: facts.apiToken.id } });
    }
    const scope = scopeOfGrant(
      grant,
      {
        tokenId: facts.tokenId,
        tokenExpiresAt: facts.expiresAt === null ? null : new Date(facts.expiresAt),
      },
      facts.apiToken ? { ...caller, via: 'api' } : caller,
    );
    const ends = [facts.expiresAt, facts.revokedAt].filter((at): at is number => at !== null);
    return { scope, endsAt: ends.length ? Math.min(...ends) : null };
  }

  return {
    assertAddressAllowed,
    resolveSession,
    async resolve(bearer, caller) {
      return (await resolveSession(bearer, caller)).scope;
    },
    async scopeFor(subject, caller) {
      // Sign-in and switch read fresh: they are rare, and decide whether a token is issued at all.
      const grant = await loadGrant(subject.userId, subject.companyId);
      if (!grant) throw unauthenticated();
      return scopeOfGrant(grant, subject, caller);
    },
    forget(change) {
      cache.forget((facts) =>
        concerns(change, { tokenId: facts.tokenId, userId: facts.userId, companyId: facts.companyId }),
      );
      cache.forgetGrants((grant) =>
        concerns(change, { tokenId: '', userId: grant.userId, companyId: grant.companyId }),
      );
    },
  };
}
