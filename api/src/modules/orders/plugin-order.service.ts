import type { Attributes, Includeable, WhereOptions } from 'sequelize';
import type { ListResponse, PluginOrderDto } from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { Order, PluginOrder } from '../../db/order.models';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import { protectPersonalData } from '../../http/personal-data';
import type { RequestScope } from '../../http/request-scope';
import { findReachableStore } from '../stores/store-access';
import type { OrderDomainDeps } from './order-domain-deps';

/** The alias of a plugin order's order (an association only this module defines). */
export const PLUGIN_ORDER_ORDER = 'pluginOrderOrder';

export type PluginOrderRow = PluginOrder & { [PLUGIN_ORDER_ORDER]?: Order };

/** Idempotent: the models of one Sequelize instance get the association once. */
export function definePluginOrderAssociations(models: Models): void {
  if (!models.PluginOrder.associations[PLUGIN_ORDER_ORDER]) {
    models.PluginOrder.belongsTo(models.Order, {
      as: PLUGIN_ORDER_ORDER,
      foreignKey: 'order_id',
      constraints: false,
    });
  }
}

const orderColumn = (name: keyof Attributes<Order>) => `$${PLUGIN_ORDER_ORDER}.${name}$` as const;

/**
 * What `GET plugins/orders/{storeId}` filters, searches and sorts on (the exports reuse it, so an
 * export means what the list shows). Order fields are read through the joined order.
 */
export const PLUGIN_ORDER_LIST_SPEC: ListQuerySpec<Attributes<PluginOrder>> = {
  filters: {
    plugin_id: { type: 'number', operators: ['eq', 'in'] },
    sync_status: { type: 'number', operators: ['eq', 'in', 'ne'] },
    channel_id: { column: orderColumn('channel_id'), type: 'number', operators: ['eq', 'in'] },
    order_sync_status: { column: orderColumn('sync_status'), type: 'number', operators: ['eq', 'in'] },
    order_number: { column: orderColumn('order_number'), type: 'string', operators: ['eq', 'like'] },
    order_remote_id: { column: orderColumn('remote_id'), type: 'string', operators: ['eq'] },
    remote_id: { type: 'string', operators: ['eq', 'like'] },
  },
  dateRanges: { order_date: { column: orderColumn('order_date') }, synced_at: {}, created_at: {} },
  search: ['order_number', 'remote_id', 'order_remote_id'],
  sort: {
    fields: ['order_date', 'synced_at', 'sync_status', 'order_number', 'created_at'],
    default: { field: 'order_date', direction: 'desc' },
  },
};

/** The join and the store condition of the list (and of an export of it). */
export function pluginOrderListScope(
  models: Models,
  storeId: number,
): { where: WhereOptions<Attributes<PluginOrder>>; include: Includeable[] } {
  definePluginOrderAssociations(models);
  return {
    where: {},
    include: [
      {
        model: models.Order,
        as: PLUGIN_ORDER_ORDER,
        required: true,
        where: { store_id: storeId },
        attributes: [
          'id',
          'uuid',
          'store_id',
          'channel_id',
          'order_number',
          'remote_id',
          'order_date',
          'sync_status',
          'customer_name',
        ],
      },
    ],
  };
}

/** The store's channels and plugins by id: names for the rows without a join per row. */
export async function pluginOrderChannels(models: Models, storeId: number): Promise<Map<number, Channel>> {
  const rows = await models.Channel.findAll({ where: { store_id: storeId } });
  return new Map(rows.map((row) => [row.id, row]));
}

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** One row of the list (customer masked for data-protection roles). */
export function toPluginOrderDto(
  viewer: Pick<RequestScope, 'dataProtection'>,
  row: PluginOrderRow,
  channels: Map<number, Channel>,
): PluginOrderDto {
  const order = row[PLUGIN_ORDER_ORDER]!;
  return {
    id: row.id,
    order_id: Number(order.id),
    order_uuid: order.uuid,
    order_number: order.order_number,
    order_remote_id: order.remote_id,
    channel_id: order.channel_id,
    channel_name: channels.get(order.channel_id)?.name ?? null,
    plugin_id: row.plugin_id,
    plugin_name: channels.get(row.plugin_id)?.name ?? null,
    remote_id: row.remote_id,
    sync_status: row.sync_status,
    synced_at: iso(row.synced_at),
    order_date: iso(order.order_date),
    order_sync_status: order.sync_status,
    customer_name: protectPersonalData(viewer, order.customer_name, 'name'),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export interface PluginOrderService {
  list(scope: RequestScope, storeId: number, query: ListQueryInput): Promise<ListResponse<PluginOrderDto>>;
}

export function createPluginOrderService(deps: OrderDomainDeps): PluginOrderService {
  const { models } = deps.core;
  return {
    async list(scope, storeId, query) {
      const { store } = await findReachableStore(models, scope, storeId);
      const { where, include } = pluginOrderListScope(models, store.id);
      const channels = await pluginOrderChannels(models, store.id);
      return findPage(models.PluginOrder, query, PLUGIN_ORDER_LIST_SPEC, where, {
        include,
        map: (row) => toPluginOrderDto(scope, row as PluginOrderRow, channels),
      });
    },
  };
}
