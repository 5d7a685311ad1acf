import { Op, type Attributes, type WhereOptions } from 'sequelize';
import {
  ORDER_ACTION_EVENTS,
  JOB_NAMES,
  ORDER_ACTION_MESSAGES,
  ORDER_SYNC_STATUS,
  PICKUP_PRODUCT_STATUS,
  canChangeSyncStatus,
  canResendToPlugin,
  isPickupOrderType,
  nextPickupOrderAction,
  type OrderActionResult,
  type OrderPickupDto,
  type PickupOrderStatus,
  type UpdateOrderSyncStatusData,
} from '@syncdesk/contracts';
import type { Order } from '../../db/order.models';
import type { Store } from '../../db/models';
import { AppError, type FieldErrors } from '../../http/app-error';
import type { ListQueryInput } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { isStaleClaim } from '../../flows/outbound-claims/outbound-claims';
import { createCatalogueWrite } from '../products/catalogue-writes';
import { findReachableStore } from '../stores/store-access';
import type { OrderDomainDeps } from './order-domain-deps';
import {
  chunksOf,
  namedList,
  publishOrdersChanged,
  recordOrderActivities,
  type OrderActivity,
} from './order-action-support';
import type { OrderIdFile } from './order-id-file';
import {
  matchingIdChunks,
  matchingWhere,
  resolveExplicitSelection,
  type OrderSelection,
} from './order-selection';
import {
  lockOrders,
  orderSyncKind,
  pluginSyncKind,
  webhookKind,
  type OrderState,
  type StateKind,
} from './order-state-changes';
import { addStatusMove, moveOrderStatusCounts } from './order-status-counts';
import { orderPickupOf } from './order-pickup';

/** `updateSyncStatus` after parsing: the fields, the id file (multipart) and the list's query. */
export interface UpdateSyncStatusRequest {
  input: UpdateOrderSyncStatusData;
  file: OrderIdFile | null;
  /** The list's own query parameters: the "all matching" selection. */
  listQuery: ListQueryInput;
}

export interface OrderActionService {
  updateSyncStatus(
    scope: RequestScope,
    storeId: number,
    request: UpdateSyncStatusRequest,
  ): Promise<OrderActionResult>;
  /** Resends one order to one plugin (or every plugin that has it). */
  updatePluginSyncStatus(
    scope: RequestScope,
    storeId: number,
    orderId: number,
    pluginId?: number,
  ): Promise<OrderActionResult>;
  bulkUpdatePluginSyncStatus(
    scope: RequestScope,
    storeId: number,
    orderIds: number[],
    pluginId?: number,
  ): Promise<OrderActionResult>;
  resendExcluded(
    scope: RequestScope,
    storeId: number,
    orderId: number,
    force: boolean,
  ): Promise<OrderActionResult>;
  sendPickupOrder(
    scope: RequestScope,
    storeId: number,
    orderId: number,
    to: PickupOrderStatus,
  ): Promise<{ message: string; data: OrderPickupDto }>;
}

const PENDING = ORDER_SYNC_STATUS.byKey('pending').value;
const EXCLUDED = ORDER_SYNC_STATUS.byKey('excluded').value;
const CANCELLED = ORDER_SYNC_STATUS.byKey('cancelled').value;
const PLUGIN_PENDING = 0;
const WEBHOOK_PENDING = 0;
const WEBHOOK_SENT = 1;
/** SHOPIFY_PICKUP_SYNC_STATUS pending: the sync engine tells the channel. */
const PICKUP_SYNC_PENDING = 1;

/** Refusals grouped by their message, each naming its orders. */
function refusalErrors(refused: { message: string; order: string }[]): string[] {
  const groups = new Map<string, string[]>();
  for (const entry of refused) groups.set(entry.message, [...(groups.get(entry.message) ?? []), entry.order]);
  return [...groups].map(([message, orders]) => `${message.replace(/\.$/, '')}: ${namedList(orders)}.`);
}

export function createOrderActionService(deps: OrderDomainDeps): OrderActionService {
  const { core } = deps;
  const { models } = core;
  const mysql = core.sequelize.getDialect() !== 'sqlite';
  const write = createCatalogueWrite(core.sequelize);

  const storeOf = async (scope: RequestScope, storeId: number): Promise<Store> =>
    (await findReachableStore(models, scope, storeId)).store;

  async function findOrder(storeId: number, orderId: number): Promise<Order> {
    const order = await models.Order.findOne({ where: { id: orderId, store_id: storeId } });
    if (!order) throw AppError.notFound();
    return order;
  }

  async function kindOf(store: Store, input: UpdateOrderSyncStatusData): Promise<StateKind> {
    if (input.action_type === 'plugin') {
      const plugin = await models.Channel.findOne({
        where: { id: input.plugin_id!, store_id: store.id, kind: 'plugin' },
      });
      if (!plugin) throw AppError.validation({ plugin_id: [ORDER_ACTION_MESSAGES.pluginNotFound] });
      return pluginSyncKind(models, plugin, input.status);
    }
    if (input.action_type === 'webhook') {
      const webhook = await models.Webhook.findOne({ where: { id: input.webhook_id!, store_id: store.id } });
      if (!webhook) throw AppError.validation({ webhook_id: [ORDER_ACTION_MESSAGES.webhookNotFound] });
      return webhookKind(models, webhook, input.status);
    }
    return orderSyncKind(models, store.id, input.status);
  }

  /** Explicit orders: all of them move, or none (422 naming the refused). */
  async function changeExplicit(scope: RequestScope, store: Store, kind: StateKind, orderIds: number[]) {
    await write(async (transaction) => {
      const states: OrderState[] = [];
      for (const part of chunksOf(orderIds)) states.push(...(await kind.read(part, transaction, mysql)));
      const refused = states.flatMap((state) => {
        const message = kind.refusal(state.from);
        return message ? [{ message, order: state.order.order_number }] : [];
      });
      if (refused.length) {
        throw AppError.validation(
          { status: refusalErrors(refused) },
          `${refused.length} of the chosen orders cannot be set to ${kind.targetLabel.toLowerCase()}: ${namedList(refused.map((entry) => entry.order))}.`,
        );
      }
      for (const part of chunksOf(states)) {
        await kind.apply(part, transaction);
        await recordOrderActivities(models, scope, store.company_id, part.map(kind.activity), transaction);
      }
    });
    return { updated: orderIds.length, skipped: 0, ids: orderIds };
  }

  /**
   * All matching: a chunk per transaction (a 100k-order selection never holds one long lock), the
   * orders the rules allow move, the others are counted as skipped; 422 when nothing can move.
   */
  async function changeMatching(scope: RequestScope, store: Store, kind: StateKind, query: ListQueryInput) {
    const where = matchingWhere(models, store.id, query, scope);
    let updated = 0;
    const changedIds: number[] = [];
    const refused: { message: string; order: string }[] = [];
    let skipped = 0;
    for await (const chunk of matchingIdChunks(models, where)) {
      const result = await write(async (transaction) => {
        // Read again under the lock: an order changed since it was listed is judged as it is now.
        const stillMatching = await models.Order.findAll({
          where: { [Op.and]: [where, { id: { [Op.in]: chunk } }] } as WhereOptions<Attributes<Order>>,
          attributes: ['id'],
          raw: true,
          transaction,
        });
        const states = await kind.read(
          stillMatching.map((row) => Number(row.id)),
          transaction,
          mysql,
        );
        const allowed: OrderState[] = [];
        const notAllowed: { message: string; order: string }[] = [];
        for (const state of states) {
          const message = kind.refusal(state.from);
          if (message) notAllowed.push({ message, order: state.order.order_number });
          else allowed.push(state);
        }
        if (allowed.length) {
          await kind.apply(allowed, transaction);
          await recordOrderActivities(
            models,
            scope,
            store.company_id,
            allowed.map(kind.activity),
            transaction,
          );
        }
        return { allowed: allowed.map((state) => state.order.id), notAllowed };
      });
      updated += result.allowed.length;
      changedIds.push(...result.allowed);
      skipped += result.notAllowed.length;
      if (refused.length < 100) refused.push(...result.notAllowed.slice(0, 100));
    }
    if (updated === 0) {
      if (skipped === 0) {
        throw AppError.validation({ all: ['No orders match the filters.'] }, 'No orders match the filters.');
      }
      throw AppError.validation(
        { status: refusalErrors(refused) },
        `None of the ${skipped} matching orders can be set to ${kind.targetLabel.toLowerCase()}.`,
      );
    }
    return { updated, skipped, ids: changedIds };
  }

  /**
   * Resend to plugins, all or nothing per order: to `pluginId`'s copy, or (none named) to every
   * plugin whose copy can be resent; an order with no plugin copy but a plugin status of its own
   * (set by the sync engine) has that status reset.
   */
  async function resendToPlugins(scope: RequestScope, store: Store, orderIds: number[], pluginId?: number) {
    const plugin =
      pluginId === undefined
        ? null
        : await models.Channel.findOne({ where: { id: pluginId, store_id: store.id, kind: 'plugin' } });
    if (pluginId !== undefined && !plugin) {
      throw AppError.validation({ plugin_id: [ORDER_ACTION_MESSAGES.pluginNotFound] });
    }
    const plugins = new Map(
      (await models.Channel.findAll({ where: { store_id: store.id, kind: 'plugin' } })).map((row) => [
        row.id,
        row,
      ]),
    );
    return write(async (transaction) => {
      const refused: string[] = [];
      const plans: {
        orderId: number;
        rows: { id: number; plugin_id: number; from: number }[];
        own: number | null;
        fromOwn: number | null;
      }[] = [];
      for (const part of chunksOf(orderIds)) {
        const orders = await lockOrders(models, part, transaction, mysql);
        const rows = await models.PluginOrder.findAll({
          where: { order_id: { [Op.in]: part }, ...(plugin ? { plugin_id: plugin.id } : {}) },
          attributes: ['id', 'order_id', 'plugin_id', 'sync_status', 'lease_until', 'updated_at'],
          raw: true,
          transaction,
          ...(mysql ? { lock: transaction.LOCK.UPDATE } : {}),
        });
        for (const order of orders) {
          const mine = rows.filter((row) => Number(row.order_id) === order.id);
          // A send whose run is gone (its claim's lease ran out) may be resent like a failed one.
          const resendable = mine.filter(
            (row) => canResendToPlugin(row.sync_status) || isStaleClaim('plugin_order', row),
          );
          const defaultMoves = resendable.some((row) => plugins.get(row.plugin_id)?.is_default);
          const ownOnly =
            !plugin &&
            mine.length === 0 &&
            order.plugin_sync_status !== null &&
            canResendToPlugin(order.plugin_sync_status);
          if (resendable.length === 0 && !ownOnly) {
            refused.push(order.order_number);
            continue;
          }
          plans.push({
            orderId: order.id,
            rows: resendable.map((row) => ({ id: row.id, plugin_id: row.plugin_id, from: row.sync_status })),
            own: defaultMoves || ownOnly ? PLUGIN_PENDING : null,
            fromOwn: order.plugin_sync_status,
          });
        }
      }
      if (refused.length) {
        const where = plugin ? plugin.name : 'a plugin';
        const message = `These orders cannot be resent to ${where}: ${namedList(refused)}. An order can be resent once the plugin has it, failed it or it was excluded.`;
        throw AppError.validation({ order_ids: [message] }, message);
      }
      const rowIds = plans.flatMap((plan) => plan.rows.map((row) => row.id));
      for (const part of chunksOf(rowIds)) {
        await models.PluginOrder.update(
          { sync_status: PLUGIN_PENDING, claimed_by: null, lease_until: null },
          { where: { id: { [Op.in]: part } }, transaction },
        );
      }
      const own = plans.filter((plan) => plan.own !== null).map((plan) => plan.orderId);
      for (const part of chunksOf(own)) {
        await models.Order.update(
          { plugin_sync_status: PLUGIN_PENDING },
          { where: { id: { [Op.in]: part } }, transaction },
        );
      }
      const activities: OrderActivity[] = plans.map((plan) => ({
        orderId: plan.orderId,
        event: ORDER_ACTION_EVENTS.pluginSyncStatusUpdated,
        old: {
          plugin_sync_status: plan.rows.length ? undefined : plan.fromOwn,
          plugins: plan.rows.map((row) => ({
            plugin: plugins.get(row.plugin_id)?.name ?? null,
            plugin_sync_status: row.from,
          })),
        },
        new: {
          plugin_sync_status: PLUGIN_PENDING,
          plugins: plan.rows.map((row) => ({
            plugin: plugins.get(row.plugin_id)?.name ?? null,
            plugin_sync_status: PLUGIN_PENDING,
          })),
        },
      }));
      for (const part of chunksOf(activities)) {
        await recordOrderActivities(models, scope, store.company_id, part, transaction);
      }
      return plans.map((plan) => plan.orderId);
    });
  }

  return {
    async updateSyncStatus(scope, storeId, { input, file, listQuery }) {
      const store = await storeOf(scope, storeId);
      const kind = await kindOf(store, input);
      const selection: OrderSelection = input.all
        ? { kind: 'all', query: listQuery }
        : { kind: 'explicit', orderIds: input.order_ids, remoteIds: input.order_remote_ids, file };
      if (
        selection.kind === 'explicit' &&
        !selection.orderIds.length &&
        !selection.remoteIds.length &&
        !selection.file
      ) {
        throw AppError.validation(
          { order_ids: [ORDER_ACTION_MESSAGES.noSelection] },
          ORDER_ACTION_MESSAGES.noSelection,
        );
      }
      if (selection.kind === 'all' && file) {
        throw AppError.validation(
          { all: [ORDER_ACTION_MESSAGES.allWithIds] },
          ORDER_ACTION_MESSAGES.allWithIds,
        );
      }
      const result =
        selection.kind === 'explicit'
          ? await changeExplicit(
              scope,
              store,
              kind,
              await resolveExplicitSelection(models, store.id, selection),
            )
          : await changeMatching(scope, store, kind, selection.query);
      publishOrdersChanged(core.publish, store.id, result.ids);
      return {
        message: ORDER_ACTION_MESSAGES.updated,
        data: { updated: result.updated, skipped: result.skipped },
      };
    },

    async updatePluginSyncStatus(scope, storeId, orderId, pluginId) {
      const store = await storeOf(scope, storeId);
      await findOrder(store.id, orderId);
      const ids = await resendToPlugins(scope, store, [orderId], pluginId);
      publishOrdersChanged(core.publish, store.id, ids);
      return { message: ORDER_ACTION_MESSAGES.resent, data: { updated: ids.length, skipped: 0 } };
    },

    async bulkUpdatePluginSyncStatus(scope, storeId, orderIds, pluginId) {
      const store = await storeOf(scope, storeId);
      const ids = await resolveExplicitSelection(models, store.id, {
        kind: 'explicit',
        orderIds,
        remoteIds: [],
        file: null,
      });
      const changed = await resendToPlugins(scope, store, ids, pluginId);
      publishOrdersChanged(core.publish, store.id, changed);
      return { message: ORDER_ACTION_MESSAGES.resent, data: { updated: changed.length, skipped: 0 } };
    },

    async resendExcluded(scope, storeId, orderId, force) {
      const store = await storeOf(scope, storeId);
      await findOrder(store.id, orderId);
      await write(async (transaction) => {
        const [order] = await lockOrders(models, [orderId], transaction, mysql);
        if (!order) throw AppError.notFound();
        if (order.sync_status !== EXCLUDED || !canChangeSyncStatus(order.sync_status, PENDING)) {
          const message = `Order ${order.order_number} is ${ORDER_SYNC_STATUS.label(order.sync_status as never).toLowerCase()}, not excluded: only an excluded order can be resent this way.`;
          throw AppError.validation({ order_id: [message] }, message);
        }
        await models.Order.update({ sync_status: PENDING }, { where: { id: order.id }, transaction });
        const deltas = new Map<string, number>();
        addStatusMove(deltas, order, { sync_status: PENDING, status: order.status });
        await moveOrderStatusCounts(core.sequelize, store.id, deltas, transaction);
        // Force: the plugins and webhooks that had the order before it was excluded get it again.
        let plugins = 0;
        let webhooks = 0;
        if (force) {
          const rows = await models.PluginOrder.findAll({ where: { order_id: order.id }, transaction });
          const resendable = rows.filter((row) => canResendToPlugin(row.sync_status)).map((row) => row.id);
          if (resendable.length) {
            [plugins] = await models.PluginOrder.update(
              { sync_status: PLUGIN_PENDING },
              { where: { id: { [Op.in]: resendable } }, transaction },
            );
          }
          if (order.plugin_sync_status !== null && canResendToPlugin(order.plugin_sync_status)) {
            await models.Order.update(
              { plugin_sync_status: PLUGIN_PENDING },
              { where: { id: order.id }, transaction },
            );
          }
          [webhooks] = await models.WebhookOrder.update(
            { sync_status: WEBHOOK_PENDING },
            { where: { order_id: order.id, sync_status: WEBHOOK_SENT }, transaction },
          );
        }
        await recordOrderActivities(
          models,
          scope,
          store.company_id,
          [
            {
              orderId: order.id,
              event: ORDER_ACTION_EVENTS.excludedResent,
              old: { sync_status: order.sync_status },
              new: { sync_status: PENDING, ...(force ? { force_resend: true, plugins, webhooks } : {}) },
            },
          ],
          transaction,
        );
      });
      publishOrdersChanged(core.publish, store.id, [orderId]);
      return { message: ORDER_ACTION_MESSAGES.resent, data: { updated: 1, skipped: 0 } };
    },

    async sendPickupOrder(scope, storeId, orderId, to) {
      const store = await storeOf(scope, storeId);
      const found = await findOrder(store.id, orderId);
      const updated = await write(async (transaction) => {
        const order = await models.Order.findOne({
          where: { id: found.id },
          transaction,
          ...(mysql ? { lock: transaction.LOCK.UPDATE } : {}),
        });
        if (!order) throw AppError.notFound();
        const refuse = (message: string) =>
          AppError.validation({ action: [message] } as FieldErrors, message);
        if (!isPickupOrderType(order.order_type)) {
          throw refuse(`Order ${order.order_number} is not a click-and-collect order.`);
        }
        if (order.sync_status === CANCELLED || order.status === 'Cancelled') {
          throw refuse(`Order ${order.order_number} is cancelled, so it cannot be picked up.`);
        }
        const current = (order.pickup_status ?? 'awaiting') as PickupOrderStatus;
        const next = nextPickupOrderAction(current);
        if (next?.to !== to) {
          const message =
            current === 'picked_up'
              ? `Order ${order.order_number} has already been picked up.`
              : current === to
                ? `Order ${order.order_number} is ${PICKUP_PRODUCT_STATUS.label(to).toLowerCase()} already.`
                : `Mark order ${order.order_number} as Ready For Pickup before marking it as Picked Up.`;
          throw refuse(message);
        }
        const before = order.pickup_status;
        await order.update({ pickup_status: to, pickup_sync_status: PICKUP_SYNC_PENDING }, { transaction });
        await recordOrderActivities(
          models,
          scope,
          store.company_id,
          [
            {
              orderId: order.id,
              event: ORDER_ACTION_EVENTS.pickupStatusUpdated,
              old: { pickup_status: before ?? 'awaiting' },
              new: { pickup_status: to },
            },
          ],
          transaction,
        );
        return order;
      });
      // Queued once committed: the sync engine tells the channel (no handler until it exists).
      await core.jobs.enqueue(JOB_NAMES.pickupOrder, {
        channelId: updated.channel_id,
        orderId: updated.id,
        pickupStatus: to as 'ready_for_pickup' | 'picked_up',
      });
      publishOrdersChanged(core.publish, store.id, [updated.id]);
      return { message: ORDER_ACTION_MESSAGES.pickupUpdated, data: orderPickupOf(updated)! };
    },
  };
}
