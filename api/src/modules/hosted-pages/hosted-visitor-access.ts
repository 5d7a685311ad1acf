import { TOKEN_EXPIRED, isOfferableChannelType, type PermissionName } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { HostedPage } from '../../db/hosted-page.models';
import { AppError } from '../../http/app-error';
import type { HostedVisitor, RequestScope } from '../../http/request-scope';
import type { CallerContext } from '../auth/scope.service';
import { hashHostedToken, hostedActorName, looksLikeHostedToken } from './hosted-token';

/** What a hosted visitor may do with the link's channels, for services that read a scope's permissions. */
const VISITOR_PERMISSIONS: ReadonlySet<PermissionName> = new Set<PermissionName>([
  'channels.read',
  'channels.create',
  'channels.update',
  'channels.delete',
]);

/** How often a link's last use is written: a busy page shouldn't write on every call. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/**
 * Every refusal of a hosted token reads the same — unknown, forged, expired, revoked, its store
 * gone — so a token says nothing about why it no longer works (spec §8: 'Token expired').
 */
export const hostedTokenRefused = () => new AppError('unauthenticated', TOKEN_EXPIRED);

/** A request of a hosted-page visitor: the link, and the scope the channel services are called with. */
export interface HostedCaller {
  visitor: HostedVisitor;
  scope: RequestScope;
}

export function linkIsLive(link: Pick<HostedPage, 'revoked_at' | 'expires_at'>, now = Date.now()): boolean {
  return link.revoked_at === null && link.expires_at.getTime() > now;
}

/**
 * The link's store, as long as the link's company may still work on it: its own store, or one
 * still shared with it (a share withdrawn since closes the link too). Null otherwise.
 */
async function reachableStoreOf(models: Models, link: HostedPage) {
  const store = await models.Store.findByPk(link.store_id);
  if (!store) return null;
  if (store.company_id === link.company_id) return { store, own: true };
  const share = await models.StoreShare.findOne({
    where: { store_id: store.id, company_id: link.company_id },
    attributes: ['id'],
  });
  return share ? { store, own: false } : null;
}

export interface HostedVisitorResolver {
  /** A hosted bearer token → its live link and the visitor's scope; 401 'Token expired' otherwise. */
  resolve(bearer: string, caller: CallerContext): Promise<HostedCaller>;
}

/**
 * Looks a hosted token up by its SHA-256 on every request (no cache: a revocation works at once)
 * and builds the visitor's scope: the link's company, the link's one store, a hosted-page actor.
 * The channel services take this scope as they take a user's, so the store checks are theirs;
 * which channels of the store the visitor reaches is the hosted-page services' own check.
 */
export function createHostedVisitorResolver(deps: { models: Models }): HostedVisitorResolver {
  const { models } = deps;
  return {
    async resolve(bearer, caller) {
      if (!looksLikeHostedToken(bearer)) throw hostedTokenRefused();
      const link = await models.HostedPage.findOne({ where: { token_hash: hashHostedToken(bearer) } });
      if (!link || !linkIsLive(link)) throw hostedTokenRefused();
      const [reachable, company] = await Promise.all([
        reachableStoreOf(models, link),
        models.Company.findByPk(link.company_id, { attributes: ['id', 'is_active'] }),
      ]);
      if (!reachable || !company?.is_active) throw hostedTokenRefused();

      const now = Date.now();
      if ((link.last_used_at?.getTime() ?? 0) < now - LAST_USED_WRITE_INTERVAL_MS) {
        link.last_used_at = new Date(now);
        await models.HostedPage.update({ last_used_at: link.last_used_at }, { where: { id: link.id } });
      }
      const channelTypes = link.channel_types.filter(isOfferableChannelType);
      const scope: RequestScope = {
        // The seller who made the link: consent links name them, as for any guest link.
        userId: link.created_by,
        userName: hostedActorName(link.name),
        companyId: link.company_id,
        administrator: false,
        roleId: null,
        permissions: VISITOR_PERMISSIONS,
        ownStoreIds: reachable.own ? [reachable.store.id] : [],
        sharedStoreIds: reachable.own ? [] : [reachable.store.id],
        dataProtection: true,
        tokenId: `hosted-page:${link.id}`,
        tokenExpiresAt: link.expires_at,
        via: 'hosted_page',
        clientIp: caller.clientIp,
        hostedPageId: link.id,
      };
      return {
        scope,
        visitor: {
          hostedPageId: link.id,
          name: link.name,
          expiresAt: link.expires_at,
          companyId: link.company_id,
          storeId: reachable.store.id,
          channelTypes,
          token: bearer,
        },
      };
    },
  };
}

/**
 * The link behind an OAuth consent link started from a hosted page, if it is still live and the
 * channel is still one it connected; null otherwise (the callback then refuses the grant).
 */
export async function findLiveHostedLink(
  models: Models,
  hostedPageId: number,
  channelId: number,
): Promise<HostedPage | null> {
  const link = await models.HostedPage.findByPk(hostedPageId);
  if (!link || !linkIsLive(link)) return null;
  const connected = await models.HostedPageChannel.findOne({
    where: { hosted_page_id: link.id, channel_id: channelId },
    attributes: ['id'],
  });
  return connected ? link : null;
}
