import { Op, type Attributes, type Sequelize } from 'sequelize';
import type {
  ChannelCourierDto,
  CreateChannelCourierInput,
  ListResponse,
  UpdateChannelCourierInput,
} from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { ChannelCourier, Courier } from '../../db/courier.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findStoreChannel } from '../channels/channel-access';
import { toChannelCourierDto } from './courier.mapper';

const LIST_SPEC: ListQuerySpec<Attributes<ChannelCourier>> = {
  filters: {
    name: { type: 'string', operators: ['eq', 'like'] },
    custom_name: { type: 'string', operators: ['eq', 'like'] },
    courier_id: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { created_at: {} },
  search: ['name', 'custom_name'],
  sort: { fields: ['name', 'custom_name', 'created_at'], default: { field: 'name', direction: 'asc' } },
};

/** Where a channel courier or mapping lives in the api path. */
export interface ChannelPath {
  storeId: number;
  channelId: number;
}

/** How the seller's carriers are named on one sales channel (spec §7 "Couriers and mappings"). */
export interface ChannelCourierService {
  list(
    scope: RequestScope,
    path: ChannelPath,
    query: ListQueryInput,
  ): Promise<ListResponse<ChannelCourierDto>>;
  show(scope: RequestScope, path: ChannelPath, id: number): Promise<ChannelCourierDto>;
  create(
    scope: RequestScope,
    path: ChannelPath,
    input: CreateChannelCourierInput,
  ): Promise<ChannelCourierDto>;
  update(
    scope: RequestScope,
    path: ChannelPath,
    id: number,
    input: UpdateChannelCourierInput,
  ): Promise<ChannelCourierDto>;
  /** Removes the courier and, with it, the shipping-method mappings that point to it. */
  remove(scope: RequestScope, path: ChannelPath, id: number): Promise<void>;
}

const invalidCourier = () => AppError.validation({ courier_id: ['The selected courier is invalid.'] });

export function createChannelCourierService(deps: {
  sequelize: Sequelize;
  models: Models;
  activities: ActivityService;
}): ChannelCourierService {
  const { models } = deps;

  const channelOf = (scope: RequestScope, path: ChannelPath): Promise<Channel> =>
    findStoreChannel(models, scope, path.storeId, path.channelId);

  /** A courier of this channel; one of another channel is as unknown as a missing one. */
  async function findCourier(channel: Channel, id: number): Promise<ChannelCourier> {
    const row = await models.ChannelCourier.findOne({ where: { id, channel_id: channel.id } });
    if (!row) throw AppError.notFound();
    return row;
  }

  async function globalCourier(id: number | null | undefined): Promise<Courier | null> {
    if (!id) return null;
    const courier = await models.Courier.findByPk(id);
    if (!courier) throw invalidCourier();
    return courier;
  }

  async function toDto(row: ChannelCourier): Promise<ChannelCourierDto> {
    return toChannelCourierDto(row, row.courier_id ? await models.Courier.findByPk(row.courier_id) : null);
  }

  const recorded = (row: ChannelCourier) => ({
    channel_id: row.channel_id,
    courier_id: row.courier_id,
    name: row.name,
    custom_name: row.custom_name,
  });

  return {
    async list(scope, path, query) {
      const channel = await channelOf(scope, path);
      const page = await findPage(models.ChannelCourier, query, LIST_SPEC, { channel_id: channel.id });
      const courierIds = [...new Set(page.data.flatMap((row) => (row.courier_id ? [row.courier_id] : [])))];
      const couriers = courierIds.length
        ? await models.Courier.findAll({ where: { id: { [Op.in]: courierIds } } })
        : [];
      const byId = new Map(couriers.map((courier) => [courier.id, courier]));
      return {
        data: page.data.map((row) => toChannelCourierDto(row, byId.get(row.courier_id ?? 0) ?? null)),
        meta: page.meta,
      };
    },

    async show(scope, path, id) {
      return toDto(await findCourier(await channelOf(scope, path), id));
    },

    async create(scope, path, input) {
      const channel = await channelOf(scope, path);
      const courier = await globalCourier(input.courier_id);
      const row = await models.ChannelCourier.create({
        company_id: channel.company_id,
        store_id: channel.store_id,
        channel_id: channel.id,
        courier_id: courier?.id ?? null,
        // The schema asks for a name only when no global courier gives one.
        name: input.name || courier!.name,
        custom_name: input.custom_name ?? null,
      });
      await deps.activities.record(scope, {
        event: 'channel_courier.created',
        subjectType: 'channel_courier',
        subjectId: row.id,
        new: recorded(row),
      });
      return toChannelCourierDto(row, courier);
    },

    async update(scope, path, id, input) {
      const row = await findCourier(await channelOf(scope, path), id);
      const before = recorded(row);
      const changes: Partial<Attributes<ChannelCourier>> = {};
      if (input.courier_id !== undefined && input.courier_id !== row.courier_id) {
        const courier = await globalCourier(input.courier_id);
        changes.courier_id = courier?.id ?? null;
        // Linked to another global courier: its name comes along unless one is given.
        if (courier && input.name === undefined) changes.name = courier.name;
      }
      if (input.name !== undefined) changes.name = input.name;
      if (input.custom_name !== undefined) changes.custom_name = input.custom_name;
      await row.update(changes);
      const changed = changedFields(before, recorded(row));
      if (changed) {
        await deps.activities.record(scope, {
          event: 'channel_courier.updated',
          subjectType: 'channel_courier',
          subjectId: row.id,
          ...changed,
        });
      }
      return toDto(row);
    },

    async remove(scope, path, id) {
      const row = await findCourier(await channelOf(scope, path), id);
      await deps.sequelize.transaction(async (transaction) => {
        await models.CourierMapping.destroy({ where: { channel_courier_id: row.id }, transaction });
        await row.destroy({ transaction });
      });
      await deps.activities.record(scope, {
        event: 'channel_courier.deleted',
        subjectType: 'channel_courier',
        subjectId: row.id,
        old: recorded(row),
      });
    },
  };
}
