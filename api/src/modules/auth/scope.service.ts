import { Op } from 'sequelize';
import { PERMISSION_NAMES, type PermissionName } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Models } from '../../db/models';
import { isAddressAllowed } from '../ip-whitelist/ip-access';
import { hashSecretToken } from './secret-token';
import type { TokenService } from './token.service';

export const API_TOKEN_PREFIX = 'sd_';
export const IP_NOT_ALLOWED = 'Your IP address is not allowed.';

/** Everything but data protection: administrators see personal data. */
const ADMINISTRATOR_PERMISSIONS: ReadonlySet<PermissionName> = new Set(
  PERMISSION_NAMES.filter((name) => name !== 'data_protection'),
);

export interface CallerContext {
  clientIp: string;
  via: 'web' | 'api';
}

export interface ScopeService {
  /** Turns a bearer token (JWT or user API token) into the caller's scope, or throws 401/403. */
  resolve(bearer: string, caller: CallerContext): Promise<RequestScope>;
  /** The scope of a user in a company (sign-in, switch): membership, role, stores, IP rules. */
  scopeFor(
    subject: { userId: number; companyId: number; tokenId: string; tokenExpiresAt: Date | null },
    caller: CallerContext,
  ): Promise<RequestScope>;
  /** Refuses with 403 when the company's or the role's IP rules don't admit this address. */
  assertAddressAllowed(companyId: number, roleId: number | null, clientIp: string): Promise<void>;
}

const unauthenticated = () => new AppError('unauthenticated', 'Unauthenticated.');

export function createScopeService(deps: { models: Models; tokens: TokenService }): ScopeService {
  const { models } = deps;

  async function assertAddressAllowed(companyId: number, roleId: number | null, clientIp: string) {
    const rules = await models.IpWhitelist.findAll({
      where: {
        company_id: companyId,
        [Op.or]: [{ company_role_id: null }, ...(roleId ? [{ company_role_id: roleId }] : [])],
      },
      attributes: ['ip_address', 'status'],
      raw: true,
    });
    if (!isAddressAllowed(rules, clientIp)) throw new AppError('forbidden', IP_NOT_ALLOWED);
  }

  async function scopeFor(
    subject: { userId: number; companyId: number; tokenId: string; tokenExpiresAt: Date | null },
    caller: CallerContext,
  ): Promise<RequestScope> {
    const [user, company, membership] = await Promise.all([
      models.User.findByPk(subject.userId),
      models.Company.findByPk(subject.companyId),
      models.CompanyUser.findOne({ where: { company_id: subject.companyId, user_id: subject.userId } }),
    ]);
    if (!user || !company) throw unauthenticated();
    // Removed from the company since the token was issued: the token no longer opens it.
    if (!membership && !user.administrator) throw unauthenticated();
    if (!company.is_active && !user.administrator) {
      throw new AppError('forbidden', 'This company has been deactivated.');
    }
    const role = membership?.role_id ? await models.Role.findByPk(membership.role_id) : null;
    if (!user.administrator) await assertAddressAllowed(company.id, role?.id ?? null, caller.clientIp);
    const [ownStores, sharedStores] = await Promise.all([
      models.Store.findAll({ where: { company_id: company.id }, attributes: ['id'], raw: true }),
      models.StoreShare.findAll({ where: { company_id: company.id }, attributes: ['store_id'], raw: true }),
    ]);
    const rolePermissions = new Set<PermissionName>(role?.permissions ?? []);
    return {
      userId: user.id,
      userName: user.name,
      companyId: company.id,
      administrator: user.administrator,
      roleId: role?.id ?? null,
      permissions: user.administrator ? ADMINISTRATOR_PERMISSIONS : rolePermissions,
      ownStoreIds: ownStores.map((store) => store.id),
      sharedStoreIds: sharedStores.map((share) => share.store_id),
      dataProtection: !user.administrator && rolePermissions.has('data_protection'),
      tokenId: subject.tokenId,
      tokenExpiresAt: subject.tokenExpiresAt,
      via: caller.via,
      clientIp: caller.clientIp,
    };
  }

  return {
    assertAddressAllowed,
    scopeFor,
    async resolve(bearer, caller) {
      if (bearer.startsWith(API_TOKEN_PREFIX)) {
        const apiToken = await models.UserApiToken.findOne({
          where: { token_hash: hashSecretToken(bearer) },
        });
        if (!apiToken) throw unauthenticated();
        // Written at most once a minute: a busy integration shouldn't turn every call into a write.
        if (!apiToken.last_used_at || Date.now() - apiToken.last_used_at.getTime() > 60_000) {
          await apiToken.update({ last_used_at: new Date() });
        }
        return scopeFor(
          {
            userId: apiToken.user_id,
            companyId: apiToken.company_id,
            tokenId: `api-token:${apiToken.id}`,
            tokenExpiresAt: null,
          },
          { ...caller, via: 'api' },
        );
      }
      const claims = await deps.tokens.verify(bearer);
      const revoked = await models.RevokedToken.findByPk(claims.tokenId);
      if (revoked && (!revoked.effective_at || revoked.effective_at.getTime() <= Date.now()))
        throw unauthenticated();
      return scopeFor(
        {
          userId: claims.userId,
          companyId: claims.companyId,
          tokenId: claims.tokenId,
          tokenExpiresAt: claims.expiresAt,
        },
        caller,
      );
    },
  };
}
