import {
  isOfferableChannelType,
  settingsFormFor,
  type ChannelDto,
  type CustomOrderStatusDto,
  type CustomOrderStatusInput,
  type HostedPageUserDto,
  type ListResponse,
  type SettingField,
  type UpdateCustomOrderStatusInput,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { ListQueryInput } from '../../http/list-query';
import type { ActivityService } from '../activities/activity.service';
import type { ChannelService } from '../channels/channel.service';
import type {
  ChannelAuthorizationLink,
  ChannelAuthorizationService,
} from '../channels/oauth/channel-authorization.service';
import type { CustomStatusService } from '../custom-statuses/custom-status.service';
import type { HostedPageSettingsService } from './hosted-page-settings.service';
import type { HostedCaller } from './hosted-visitor-access';

export const CHANNEL_TYPE_NOT_OFFERED = 'The selected channel type is not offered on this page.';

/** How often the same page of a link is recorded as visited at most. */
const VISIT_RECORD_INTERVAL_MS = 60_000;

/**
 * What a hosted-page visitor does (platform-shell §7 "Hosted pages", integration-domain §7): read
 * the page's look, connect channels of the offered types to the link's store, and manage the
 * channels connected through this link — no other channel of the store. Every call goes through the
 * same channel, OAuth and custom-status services a signed-in seller uses, with the visitor's scope
 * (the link's company and store, acting as the hosted page), so validation, secrets, store checks
 * and activities are theirs.
 */
export interface HostedVisitorService {
  me(caller: HostedCaller): Promise<HostedPageUserDto>;
  /** `GET rules/store/{channelType}`: the settings form of an offered type. */
  channelForm(caller: HostedCaller, type: string): readonly SettingField[];
  listChannels(caller: HostedCaller, query: ListQueryInput): Promise<ListResponse<ChannelDto>>;
  createChannel(caller: HostedCaller, type: string, body: Record<string, unknown>): Promise<ChannelDto>;
  showChannel(caller: HostedCaller, id: number): Promise<ChannelDto>;
  updateChannel(caller: HostedCaller, id: number, body: Record<string, unknown>): Promise<ChannelDto>;
  setChannelStatus(caller: HostedCaller, id: number, isActive: boolean): Promise<ChannelDto>;
  removeChannel(caller: HostedCaller, id: number): Promise<void>;
  /** The provider's consent link (the guest flow: the visitor has no login here). */
  authorizeChannel(caller: HostedCaller, id: number): Promise<ChannelAuthorizationLink>;
  listStatuses(
    caller: HostedCaller,
    channelId: number,
    query: ListQueryInput,
  ): Promise<ListResponse<CustomOrderStatusDto>>;
  showStatus(caller: HostedCaller, channelId: number, id: number): Promise<CustomOrderStatusDto>;
  createStatus(
    caller: HostedCaller,
    channelId: number,
    input: CustomOrderStatusInput,
  ): Promise<CustomOrderStatusDto>;
  updateStatus(
    caller: HostedCaller,
    channelId: number,
    id: number,
    input: UpdateCustomOrderStatusInput,
  ): Promise<CustomOrderStatusDto>;
  removeStatus(caller: HostedCaller, channelId: number, id: number): Promise<void>;
  /** `POST activities`: the page the visitor opened, recorded for the store (via 'hosted_page'). */
  recordVisit(caller: HostedCaller, path: string): Promise<void>;
}

export function createHostedVisitorService(deps: {
  models: Models;
  activities: ActivityService;
  channels: ChannelService;
  customStatuses: CustomStatusService;
  channelAuthorization: ChannelAuthorizationService;
  settings: HostedPageSettingsService;
}): HostedVisitorService {
  const { models, channels, customStatuses } = deps;
  const lastVisits = new Map<string, number>();

  function offered(caller: HostedCaller, type: string): boolean {
    return caller.visitor.channelTypes.includes(type) && isOfferableChannelType(type);
  }

  /** A channel this link connected; any other id (the store's other channels included) is 404. */
  async function linkedChannelId(caller: HostedCaller, id: number): Promise<number> {
    const row = await models.HostedPageChannel.findOne({
      where: { hosted_page_id: caller.visitor.hostedPageId, channel_id: id },
      attributes: ['id'],
    });
    if (!row) throw AppError.notFound();
    return id;
  }

  const storeOf = (caller: HostedCaller) => caller.visitor.storeId;

  return {
    async me(caller) {
      const [look, store, company] = await Promise.all([
        deps.settings.lookOf(caller.visitor.companyId),
        models.Store.findByPk(caller.visitor.storeId, { attributes: ['id', 'name'] }),
        models.Company.findByPk(caller.visitor.companyId, { attributes: ['id', 'name'] }),
      ]);
      return {
        logo_url: look.logo_url,
        styles: look.styles,
        store_name: store?.name ?? '',
        company_name: company?.name ?? '',
        channel_types: [...caller.visitor.channelTypes],
        expires_at: caller.visitor.expiresAt.toISOString(),
      };
    },

    channelForm(caller, type) {
      if (!offered(caller, type)) throw AppError.notFound();
      return settingsFormFor(type);
    },

    async listChannels(caller, query) {
      const rows = await models.HostedPageChannel.findAll({
        where: { hosted_page_id: caller.visitor.hostedPageId },
        attributes: ['channel_id'],
      });
      return channels.list(caller.scope, storeOf(caller), 'channel', query, {
        ids: rows.map((row) => row.channel_id),
      });
    },

    async createChannel(caller, type, body) {
      if (!offered(caller, type))
        throw AppError.validation({ channel_type: [CHANNEL_TYPE_NOT_OFFERED] }, CHANNEL_TYPE_NOT_OFFERED);
      const channel = await channels.create(caller.scope, storeOf(caller), 'channel', type, body);
      try {
        await models.HostedPageChannel.create({
          hosted_page_id: caller.visitor.hostedPageId,
          channel_id: channel.id,
        });
      } catch (error) {
        // Not reachable through the link, so not left behind half-made either.
        await models.Channel.destroy({ where: { id: channel.id } });
        throw error;
      }
      return channel;
    },

    async showChannel(caller, id) {
      return channels.show(caller.scope, storeOf(caller), 'channel', await linkedChannelId(caller, id));
    },

    async updateChannel(caller, id, body) {
      return channels.update(
        caller.scope,
        storeOf(caller),
        'channel',
        await linkedChannelId(caller, id),
        body,
      );
    },

    async setChannelStatus(caller, id, isActive) {
      const channelId = await linkedChannelId(caller, id);
      return channels.setStatus(caller.scope, storeOf(caller), 'channel', channelId, isActive);
    },

    async removeChannel(caller, id) {
      const channelId = await linkedChannelId(caller, id);
      await channels.remove(caller.scope, storeOf(caller), 'channel', channelId);
      await models.HostedPageChannel.destroy({ where: { channel_id: channelId } });
    },

    async authorizeChannel(caller, id) {
      const channelId = await linkedChannelId(caller, id);
      return deps.channelAuthorization.authorize(
        caller.scope,
        { storeId: storeOf(caller), channelId, kind: 'channel' },
        { guest: true },
      );
    },

    async listStatuses(caller, channelId, query) {
      return customStatuses.list(
        caller.scope,
        storeOf(caller),
        await linkedChannelId(caller, channelId),
        query,
      );
    },

    async showStatus(caller, channelId, id) {
      return customStatuses.show(caller.scope, storeOf(caller), await linkedChannelId(caller, channelId), id);
    },

    async createStatus(caller, channelId, input) {
      return customStatuses.create(
        caller.scope,
        storeOf(caller),
        await linkedChannelId(caller, channelId),
        input,
      );
    },

    async updateStatus(caller, channelId, id, input) {
      return customStatuses.update(
        caller.scope,
        storeOf(caller),
        await linkedChannelId(caller, channelId),
        id,
        input,
      );
    },

    async removeStatus(caller, channelId, id) {
      await customStatuses.remove(
        caller.scope,
        storeOf(caller),
        await linkedChannelId(caller, channelId),
        id,
      );
    },

    async recordVisit(caller, path) {
      // The token is the visitor's credential: what is recorded names the page, never the token.
      const page = path.split(caller.visitor.token).join(':token');
      const key = `${caller.visitor.hostedPageId} ${page}`;
      const now = Date.now();
      if ((lastVisits.get(key) ?? 0) > now - VISIT_RECORD_INTERVAL_MS) return;
      lastVisits.set(key, now);
      if (lastVisits.size > 10_000) lastVisits.clear();
      await deps.activities.record(caller.scope, {
        event: 'hosted_page.visited',
        subjectType: 'hosted_page',
        subjectId: caller.visitor.hostedPageId,
        new: { name: caller.visitor.name, store_id: caller.visitor.storeId, path: page },
      });
    },
  };
}
