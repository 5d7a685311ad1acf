import { Op, type Transaction } from 'sequelize';
import {
  ORDER_ACTION_EVENTS,
  ORDER_SYNC_STATUS,
  PLUGIN_SYNC_STATUS,
  WEBHOOK_STATUS,
  canChangePluginOrderSyncStatus,
  canChangeSyncStatus,
  canChangeWebhookOrderStatus,
  syncStatusRefusedMessage,
} from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { Webhook } from '../../db/webhook.models';
import { addStatusMove, moveOrderStatusCounts } from './order-status-counts';
import { type OrderActivity } from './order-action-support';

/** An order as a state change reads it, locked for the change. */
export interface LockedOrder {
  id: number;
  order_number: string;
  sync_status: number;
  status: string | null;
  plugin_sync_status: number | null;
}

/** One order's state in the status being changed (null: the order has none, e.g. never sent to that plugin). */
export interface OrderState {
  order: LockedOrder;
  from: number | null;
}

/**
 * One kind of status a bulk action changes (the `action_type` of `updateSyncStatus`): how to read
 * and lock it, whether a move is allowed (the refusal's message otherwise: orders are grouped by
 * it), how to write it (counters in step), and what the activity says.
 */
export interface StateKind {
  targetLabel: string;
  read(orderIds: number[], transaction: Transaction, lock: boolean): Promise<OrderState[]>;
  refusal(from: number | null): string | null;
  apply(states: OrderState[], transaction: Transaction): Promise<void>;
  activity(state: OrderState): OrderActivity;
}

const label = (vocabulary: { label(value: never): string }, value: number) =>
  vocabulary.label(value as never).toLowerCase();

export async function lockOrders(
  models: Models,
  orderIds: number[],
  transaction: Transaction,
  lock: boolean,
): Promise<LockedOrder[]> {
  if (orderIds.length === 0) return [];
  const rows = await models.Order.findAll({
    where: { id: { [Op.in]: orderIds } },
    attributes: ['id', 'order_number', 'sync_status', 'status', 'plugin_sync_status'],
    order: [['id', 'ASC']],
    raw: true,
    transaction,
    ...(lock ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The row options of a state read: in the transaction, locked for update when asked. */
type CopyReadOptions = { transaction: Transaction; lock?: Transaction['LOCK'][keyof Transaction['LOCK']] };

/**
 * Each order (locked when asked) with the sync status of its copy at one plugin or webhook
 * (`plugin_orders` / `webhook_orders`); null when it was never sent there.
 */
async function readCopyStates(
  models: Models,
  orderIds: number[],
  transaction: Transaction,
  lock: boolean,
  findCopies: (
    orderIds: number[],
    options: CopyReadOptions,
  ) => Promise<{ order_id: number | string; sync_status: number }[]>,
): Promise<{ order: LockedOrder; from: number | null }[]> {
  const orders = await lockOrders(models, orderIds, transaction, lock);
  const rows = orders.length
    ? await findCopies(
        orders.map((order) => order.id),
        { transaction, ...(lock ? { lock: transaction.LOCK.UPDATE } : {}) },
      )
    : [];
  const states = new Map(rows.map((row) => [Number(row.order_id), row.sync_status]));
  return orders.map((order) => ({ order, from: states.get(order.id) ?? null }));
}

/** The order's own sync status, by the transition table. */
export function orderSyncKind(models: Models, storeId: number, to: number): StateKind {
  return {
    targetLabel: ORDER_SYNC_STATUS.label(to as never),
    async read(orderIds, transaction, lock) {
      return (await lockOrders(models, orderIds, transaction, lock)).map((order) => ({
        order,
        from: order.sync_status,
      }));
    },
    refusal(from) {
      return canChangeSyncStatus(from!, to) ? null : syncStatusRefusedMessage(from!, to);
    },
    async apply(states, transaction) {
      const ids = states.map((state) => state.order.id);
      await models.Order.update(
        { sync_status: to },
        { where: { id: { [Op.in]: ids }, store_id: storeId }, transaction },
      );
      const deltas = new Map<string, number>();
      for (const { order } of states) {
        addStatusMove(deltas, order, { sync_status: to, status: order.status });
      }
      await moveOrderStatusCounts(models.Order.sequelize!, storeId, deltas, transaction);
    },
    activity(state) {
      return {
        orderId: state.order.id,
        event: ORDER_ACTION_EVENTS.syncStatusUpdated,
        old: { sync_status: state.from },
        new: { sync_status: to },
      };
    },
  };
}

/**
 * What one plugin did with the orders (plugin_orders). The order's own `plugin_sync_status` shows
 * the store's default plugin, so it moves with that plugin's rows.
 */
export function pluginSyncKind(models: Models, plugin: Channel, to: number): StateKind {
  return {
    targetLabel: PLUGIN_SYNC_STATUS.label(to as never),
    read(orderIds, transaction, lock) {
      return readCopyStates(models, orderIds, transaction, lock, (ids, options) =>
        models.PluginOrder.findAll({
          where: { plugin_id: plugin.id, order_id: { [Op.in]: ids } },
          attributes: ['order_id', 'sync_status'],
          raw: true,
          ...options,
        }),
      );
    },
    refusal(from) {
      if (from === null) return `These orders have not been sent to ${plugin.name}.`;
      return canChangePluginOrderSyncStatus(from, to)
        ? null
        : `An order that is ${label(PLUGIN_SYNC_STATUS, from)} in ${plugin.name} cannot be set to ${label(PLUGIN_SYNC_STATUS, to)}.`;
    },
    async apply(states, transaction) {
      const ids = states.map((state) => state.order.id);
      await models.PluginOrder.update(
        { sync_status: to },
        { where: { plugin_id: plugin.id, order_id: { [Op.in]: ids } }, transaction },
      );
      if (plugin.is_default) {
        await models.Order.update(
          { plugin_sync_status: to },
          { where: { id: { [Op.in]: ids } }, transaction },
        );
      }
    },
    activity(state) {
      return {
        orderId: state.order.id,
        event: ORDER_ACTION_EVENTS.pluginSyncStatusUpdated,
        old: { plugin: plugin.name, plugin_sync_status: state.from },
        new: { plugin: plugin.name, plugin_sync_status: to },
      };
    },
  };
}

/** Whether one webhook has been sent the orders (webhook_orders). */
export function webhookKind(models: Models, webhook: Webhook, to: number): StateKind {
  return {
    targetLabel: WEBHOOK_STATUS.label(to as never),
    read(orderIds, transaction, lock) {
      return readCopyStates(models, orderIds, transaction, lock, (ids, options) =>
        models.WebhookOrder.findAll({
          where: { webhook_id: webhook.id, order_id: { [Op.in]: ids } },
          attributes: ['order_id', 'sync_status'],
          raw: true,
          ...options,
        }),
      );
    },
    refusal(from) {
      if (from === null) return `These orders have not been sent to the webhook ${webhook.name}.`;
      return canChangeWebhookOrderStatus(from, to)
        ? null
        : `An order that is ${label(WEBHOOK_STATUS, from)} for the webhook ${webhook.name} cannot be set to ${label(WEBHOOK_STATUS, to)}.`;
    },
    async apply(states, transaction) {
      await models.WebhookOrder.update(
        { sync_status: to },
        {
          where: { webhook_id: webhook.id, order_id: { [Op.in]: states.map((state) => state.order.id) } },
          transaction,
        },
      );
    },
    activity(state) {
      return {
        orderId: state.order.id,
        event: ORDER_ACTION_EVENTS.webhookStatusUpdated,
        old: { webhook: webhook.name, webhook_status: state.from },
        new: { webhook: webhook.name, webhook_status: to },
      };
    },
  };
}
