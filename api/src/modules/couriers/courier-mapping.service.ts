import {
  Op,
  Sequelize,
  UniqueConstraintError,
  type Attributes,
  type Sequelize as SequelizeInstance,
} from 'sequelize';
import type {
  CourierMappingDto,
  CreateCourierMappingInput,
  ListResponse,
  UpdateCourierMappingInput,
} from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { ChannelCourier, CourierMapping } from '../../db/courier.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { findStoreChannel } from '../channels/channel-access';
import type { ChannelPath } from './channel-courier.service';
import { toCourierMappingDto } from './courier.mapper';

const LIST_SPEC: ListQuerySpec<Attributes<CourierMapping>> = {
  filters: {
    shipping_method: { type: 'string', operators: ['eq', 'like'] },
    channel_courier_id: { type: 'number', operators: ['eq', 'in'] },
    service_code: { type: 'string', operators: ['eq', 'like'] },
  },
  dateRanges: { created_at: {} },
  search: ['shipping_method', 'service_code'],
  sort: {
    fields: ['shipping_method', 'service_code', 'created_at'],
    default: { field: 'shipping_method', direction: 'asc' },
  },
};

/** Shipping method of a channel's orders → the channel courier that fulfils them. */
export interface CourierMappingService {
  list(
    scope: RequestScope,
    path: ChannelPath,
    query: ListQueryInput,
  ): Promise<ListResponse<CourierMappingDto>>;
  show(scope: RequestScope, path: ChannelPath, id: number): Promise<CourierMappingDto>;
  create(
    scope: RequestScope,
    path: ChannelPath,
    input: CreateCourierMappingInput,
  ): Promise<CourierMappingDto>;
  update(
    scope: RequestScope,
    path: ChannelPath,
    id: number,
    input: UpdateCourierMappingInput,
  ): Promise<CourierMappingDto>;
  remove(scope: RequestScope, path: ChannelPath, id: number): Promise<void>;
}

const TAKEN = { shipping_method: ['The shipping method has already been mapped.'] };

export function createCourierMappingService(deps: {
  sequelize: SequelizeInstance;
  models: Models;
  activities: ActivityService;
}): CourierMappingService {
  const { models } = deps;

  const channelOf = (scope: RequestScope, path: ChannelPath): Promise<Channel> =>
    findStoreChannel(models, scope, path.storeId, path.channelId);

  async function findMapping(channel: Channel, id: number): Promise<CourierMapping> {
    const row = await models.CourierMapping.findOne({ where: { id, channel_id: channel.id } });
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The courier a mapping points to must be one of the same channel. */
  async function courierOfChannel(channel: Channel, id: number): Promise<ChannelCourier> {
    const courier = await models.ChannelCourier.findOne({ where: { id, channel_id: channel.id } });
    if (!courier) {
      throw AppError.validation({
        channel_courier_id: ['The selected courier is not a courier of this channel.'],
      });
    }
    return courier;
  }

  /**
   * One mapping per shipping method and channel, compared without case on both databases (the
   * unique index alone would differ: MySQL ignores case, SQLite does not).
   */
  async function refuseTaken(channel: Channel, shippingMethod: string, exceptId?: number) {
    const clash = await models.CourierMapping.findOne({
      where: {
        channel_id: channel.id,
        ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}),
        [Op.and]: [
          Sequelize.where(
            Sequelize.fn('lower', Sequelize.col('shipping_method')),
            shippingMethod.toLowerCase(),
          ),
        ],
      },
    });
    if (clash) throw AppError.validation(TAKEN);
  }

  /** Two requests racing past `refuseTaken` meet the unique index: the same 422. */
  async function savingUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw AppError.validation(TAKEN);
      throw error;
    }
  }

  const recorded = (row: CourierMapping) => ({
    channel_id: row.channel_id,
    shipping_method: row.shipping_method,
    channel_courier_id: row.channel_courier_id,
    service_code: row.service_code,
  });

  return {
    async list(scope, path, query) {
      const channel = await channelOf(scope, path);
      const page = await findPage(models.CourierMapping, query, LIST_SPEC, { channel_id: channel.id });
      const courierIds = [...new Set(page.data.map((row) => row.channel_courier_id))];
      const couriers = courierIds.length
        ? await models.ChannelCourier.findAll({ where: { id: { [Op.in]: courierIds } } })
        : [];
      const byId = new Map(couriers.map((courier) => [courier.id, courier]));
      return {
        data: page.data.map((row) => toCourierMappingDto(row, byId.get(row.channel_courier_id) ?? null)),
        meta: page.meta,
      };
    },

    async show(scope, path, id) {
      const row = await findMapping(await channelOf(scope, path), id);
      return toCourierMappingDto(row, await models.ChannelCourier.findByPk(row.channel_courier_id));
    },

    async create(scope, path, input) {
      const channel = await channelOf(scope, path);
      const courier = await courierOfChannel(channel, input.channel_courier_id);
      await refuseTaken(channel, input.shipping_method);
      const row = await savingUnique(() =>
        models.CourierMapping.create({
          company_id: channel.company_id,
          store_id: channel.store_id,
          channel_id: channel.id,
          shipping_method: input.shipping_method,
          channel_courier_id: courier.id,
          service_code: input.service_code ?? null,
        }),
      );
      await deps.activities.record(scope, {
        event: 'courier_mapping.created',
        subjectType: 'courier_mapping',
        subjectId: row.id,
        new: recorded(row),
      });
      return toCourierMappingDto(row, courier);
    },

    async update(scope, path, id, input) {
      const channel = await channelOf(scope, path);
      const row = await findMapping(channel, id);
      const before = recorded(row);
      const changes: Partial<Attributes<CourierMapping>> = {};
      if (input.channel_courier_id !== undefined) {
        changes.channel_courier_id = (await courierOfChannel(channel, input.channel_courier_id)).id;
      }
      if (input.shipping_method !== undefined) {
        await refuseTaken(channel, input.shipping_method, row.id);
        changes.shipping_method = input.shipping_method;
      }
      if (input.service_code !== undefined) changes.service_code = input.service_code;
      await savingUnique(() => row.update(changes));
      const changed = changedFields(before, recorded(row));
      if (changed) {
        await deps.activities.record(scope, {
          event: 'courier_mapping.updated',
          subjectType: 'courier_mapping',
          subjectId: row.id,
          ...changed,
        });
      }
      return toCourierMappingDto(row, await models.ChannelCourier.findByPk(row.channel_courier_id));
    },

    async remove(scope, path, id) {
      const row = await findMapping(await channelOf(scope, path), id);
      await row.destroy();
      await deps.activities.record(scope, {
        event: 'courier_mapping.deleted',
        subjectType: 'courier_mapping',
        subjectId: row.id,
        old: recorded(row),
      });
    },
  };
}
