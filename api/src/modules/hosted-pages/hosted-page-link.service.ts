import { randomUUID } from 'node:crypto';
import { Op, type Attributes, type WhereOptions } from 'sequelize';
import {
  HOSTED_PAGE_LINK_STATUSES,
  findCatalogueEntry,
  routes,
  type CreateHostedPageInput,
  type HostedPageConnectedChannelDto,
  type HostedPageLinkDetailDto,
  type HostedPageLinkDto,
  type HostedPageLinkStatus,
  type ListResponse,
} from '@syncdesk/contracts';
import type { HostedPage } from '../../db/hosted-page.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import { canReachStore, type RequestScope } from '../../http/request-scope';
import type { ActivityService } from '../activities/activity.service';
import type { CredentialCipher } from '../channels/credential-cipher';
import { findReachableStore } from '../stores/store-access';
import { createHostedToken, hostedTokenContext } from './hosted-token';

const LIST_SPEC: ListQuerySpec<Attributes<HostedPage>> = {
  filters: {
    name: { type: 'string', operators: ['eq', 'like'] },
    store_id: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { created_at: {}, expires_at: {} },
  search: ['name'],
  sort: {
    fields: ['name', 'expires_at', 'created_at'],
    default: { field: 'created_at', direction: 'desc' },
  },
};

export const statusOf = (link: Pick<HostedPage, 'revoked_at' | 'expires_at'>, now = Date.now()) =>
  link.revoked_at ? 'revoked' : link.expires_at.getTime() <= now ? 'expired' : 'active';

/** `status=active|expired|revoked`: a plain parameter, since the status is derived, not a column. */
function statusCondition(status: unknown): WhereOptions<Attributes<HostedPage>> {
  if (status === undefined || status === '') return {};
  if (!HOSTED_PAGE_LINK_STATUSES.includes(status as HostedPageLinkStatus))
    throw AppError.validation({ status: ['The selected status is invalid.'] });
  const now = new Date();
  switch (status as HostedPageLinkStatus) {
    case 'active':
      return { revoked_at: null, expires_at: { [Op.gt]: now } };
    case 'expired':
      return { revoked_at: null, expires_at: { [Op.lte]: now } };
    case 'revoked':
      return { revoked_at: { [Op.ne]: null } };
  }
}

/**
 * The seller's side of hosted pages: the company's links (`GET hostedPages/list`), making one for
 * a store the company can reach (`POST hostedPages/create`), a link's detail with the channels
 * connected through it, and revoking it. Links belong to the company that made them; another
 * company's link id is 404.
 */
export interface HostedPageLinkService {
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<HostedPageLinkDto>>;
  create(scope: RequestScope, input: CreateHostedPageInput): Promise<HostedPageLinkDto>;
  show(scope: RequestScope, id: number): Promise<HostedPageLinkDetailDto>;
  /** Ends the link at once; the channels it connected stay with the store. */
  revoke(scope: RequestScope, id: number): Promise<HostedPageLinkDto>;
}

export function createHostedPageLinkService(deps: {
  models: Models;
  activities: ActivityService;
  cipher: CredentialCipher;
  appUrl: string;
}): HostedPageLinkService {
  const { models, cipher } = deps;

  /** The link to hand out, while it opens anything; a copy that no longer decrypts shows none. */
  function urlOf(link: HostedPage): string | null {
    if (statusOf(link) !== 'active') return null;
    try {
      return `${deps.appUrl}${routes.hostedPage(cipher.decrypt(link.token_encrypted, hostedTokenContext(link)))}`;
    } catch {
      return null;
    }
  }

  /** The channels each link connected that still exist (a channel deleted since no longer counts). */
  async function connectedChannels(linkIds: readonly number[]) {
    if (linkIds.length === 0) return new Map<number, number[]>();
    const rows = await models.HostedPageChannel.findAll({
      where: { hosted_page_id: { [Op.in]: [...linkIds] } },
      attributes: ['hosted_page_id', 'channel_id'],
    });
    const existing = rows.length
      ? new Set(
          (
            await models.Channel.findAll({
              where: { id: { [Op.in]: rows.map((row) => row.channel_id) } },
              attributes: ['id'],
            })
          ).map((channel) => channel.id),
        )
      : new Set<number>();
    const byLink = new Map<number, number[]>();
    for (const row of rows) {
      if (!existing.has(row.channel_id)) continue;
      byLink.set(row.hosted_page_id, [...(byLink.get(row.hosted_page_id) ?? []), row.channel_id]);
    }
    return byLink;
  }

  async function toDtos(links: readonly HostedPage[]): Promise<HostedPageLinkDto[]> {
    const storeIds = [...new Set(links.map((link) => link.store_id))];
    const [stores, channels] = await Promise.all([
      storeIds.length
        ? models.Store.findAll({ where: { id: { [Op.in]: storeIds } }, attributes: ['id', 'name'] })
        : [],
      connectedChannels(links.map((link) => link.id)),
    ]);
    const storeName = new Map(stores.map((store) => [store.id, store.name]));
    return links.map((link) => ({
      id: link.id,
      name: link.name,
      store_id: link.store_id,
      store_name: storeName.get(link.store_id) ?? '',
      channel_types: [...link.channel_types],
      expires_at: link.expires_at.toISOString(),
      revoked_at: link.revoked_at?.toISOString() ?? null,
      status: statusOf(link),
      url: urlOf(link),
      channels_count: channels.get(link.id)?.length ?? 0,
      last_used_at: link.last_used_at?.toISOString() ?? null,
      created_at: link.created_at.toISOString(),
    }));
  }

  async function findLink(scope: RequestScope, id: number): Promise<HostedPage> {
    const link = await models.HostedPage.findOne({ where: { id, company_id: scope.companyId } });
    if (!link) throw AppError.notFound();
    return link;
  }

  return {
    async list(scope, query) {
      // `store_id` as the spec sends it (a plain parameter); `store_id[in]` and friends also work.
      const storeParam = query.store_id;
      let storeCondition: WhereOptions<Attributes<HostedPage>> = {};
      if (storeParam !== undefined && storeParam !== '') {
        const storeId = Number(storeParam);
        if (!Number.isSafeInteger(storeId) || storeId <= 0 || !canReachStore(scope, storeId))
          throw AppError.notFound();
        storeCondition = { store_id: storeId };
      }
      const page = await findPage(models.HostedPage, query, LIST_SPEC, {
        [Op.and]: [{ company_id: scope.companyId }, storeCondition, statusCondition(query.status)],
      });
      return { data: await toDtos(page.data), meta: page.meta };
    },

    async create(scope, input) {
      const { store } = await findReachableStore(models, scope, input.store_id);
      const { token, hash } = createHostedToken();
      const uuid = randomUUID();
      const link = await models.HostedPage.create({
        uuid,
        company_id: scope.companyId,
        store_id: store.id,
        created_by: scope.userId,
        name: input.name?.trim() || `${store.name} hosted page`,
        token_hash: hash,
        token_encrypted: cipher.encrypt(token, hostedTokenContext({ uuid })),
        channel_types: input.channel_types,
        expires_at: new Date(input.expires_at),
        revoked_at: null,
        last_used_at: null,
      });
      await deps.activities.record(scope, {
        event: 'hosted_page.created',
        subjectType: 'hosted_page',
        subjectId: link.id,
        new: {
          name: link.name,
          store_id: store.id,
          channel_types: link.channel_types,
          expires_at: link.expires_at.toISOString(),
        },
      });
      const [dto] = await toDtos([link]);
      return dto!;
    },

    async show(scope, id) {
      const link = await findLink(scope, id);
      const [dto] = await toDtos([link]);
      const ids = (await connectedChannels([link.id])).get(link.id) ?? [];
      const channels = ids.length
        ? await models.Channel.findAll({ where: { id: { [Op.in]: ids } }, order: [['created_at', 'ASC']] })
        : [];
      return {
        ...dto!,
        channels: channels.map((channel): HostedPageConnectedChannelDto => ({
          id: channel.id,
          name: channel.name,
          type: channel.type,
          provider: findCatalogueEntry(channel.type)?.name ?? channel.type,
          is_active: Boolean(channel.is_active),
          authorized_at: channel.authorized_at?.toISOString() ?? null,
          created_at: channel.created_at.toISOString(),
        })),
      };
    },

    async revoke(scope, id) {
      const link = await findLink(scope, id);
      if (!link.revoked_at) {
        await link.update({ revoked_at: new Date() });
        await deps.activities.record(scope, {
          event: 'hosted_page.revoked',
          subjectType: 'hosted_page',
          subjectId: link.id,
          old: { name: link.name, revoked_at: null },
          new: { name: link.name, revoked_at: link.revoked_at!.toISOString() },
        });
      }
      const [dto] = await toDtos([link]);
      return dto!;
    },
  };
}
