import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import {
  ORDER_ACTION_EVENTS,
  FULFILMENT_MESSAGES,
  FULFILMENT_STATUS,
  JOB_NAMES,
  ORDER_SYNC_STATUS,
  type CreateFulfilmentData,
  type FulfilmentDto,
  type FulfilmentLineProgress,
  type FulfilmentListResponse,
  type OrderActionResult,
} from '@syncdesk/contracts';
import type { Transaction } from 'sequelize';
import type { Order, OrderFulfillment, OrderItem } from '../../db/order.models';
import type { Store } from '../../db/models';
import { AppError, type FieldErrors } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import { isStaleClaim } from '../../flows/outbound-claims/outbound-claims';
import { createCatalogueWrite } from '../products/catalogue-writes';
import { findReachableStore } from '../stores/store-access';
import { namedList, publishOrdersChanged, recordOrderActivities } from './order-action-support';
import type { OrderDomainDeps } from './order-domain-deps';

export interface FulfilmentService {
  list(scope: RequestScope, storeId: number, orderId: number): Promise<FulfilmentListResponse>;
  create(
    scope: RequestScope,
    storeId: number,
    orderId: number,
    input: CreateFulfilmentData,
  ): Promise<FulfilmentDto>;
  /**
   * Failed fulfilments, and ones whose send was left by a run that is gone (pending sync with a
   * lease that ran out), back to "awaiting send", all or nothing; ids the caller can't reach are 404.
   */
  resendFailed(scope: RequestScope, fulfilmentIds: number[]): Promise<OrderActionResult>;
}

const AWAITING_SEND = FULFILMENT_STATUS.byKey('awaiting_send').value;
const FAILED = FULFILMENT_STATUS.byKey('failed').value;
const NO_FULFILMENT = FULFILMENT_STATUS.byKey('no_fulfilment').value;
const CANCELLED = ORDER_SYNC_STATUS.byKey('cancelled').value;

/**
 * The order's fulfilment status, from its fulfilments' own: the one needing attention first
 * (failed, then waiting to be sent, then on its way), synced once every one is; "no fulfilment"
 * when the channel takes none. An order without fulfilments keeps what it had.
 */
const ORDER_FULFILMENT_PRIORITY = [
  'failed',
  'warning',
  'awaiting_send',
  'locations_pending',
  'waiting_process_check',
  'pending_sync',
  'synced',
  'prime',
  'no_fulfilment',
] as const;

export function orderFulfilmentStatus(statuses: readonly number[]): number | null {
  if (statuses.length === 0) return null;
  for (const key of ORDER_FULFILMENT_PRIORITY) {
    const value = FULFILMENT_STATUS.byKey(key).value;
    if (statuses.includes(value)) return value;
  }
  return statuses[0]!;
}

function toDto(row: OrderFulfillment): FulfilmentDto {
  return {
    id: row.id,
    uuid: row.uuid,
    order_id: row.order_id,
    courier: row.courier,
    shipping_method: row.shipping_method,
    shipping_tracking_code: row.shipping_tracking_code,
    sync_status: row.sync_status,
    lines: row.lines,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Per line: ordered, fulfilled so far (a fulfilment without lines took the whole order). */
function progressOf(items: OrderItem[], fulfilments: OrderFulfillment[]): FulfilmentLineProgress[] {
  const fulfilled = new Map<number, number>();
  for (const fulfilment of fulfilments) {
    const lines =
      fulfilment.lines ?? items.map((item) => ({ order_item_id: item.id, quantity: item.quantity }));
    for (const line of lines)
      fulfilled.set(line.order_item_id, (fulfilled.get(line.order_item_id) ?? 0) + line.quantity);
  }
  return items.map((item) => {
    const done = Math.min(item.quantity, fulfilled.get(item.id) ?? 0);
    return {
      order_item_id: item.id,
      product_sku: item.product_sku,
      title: item.title,
      ordered: item.quantity,
      fulfilled: done,
      remaining: item.quantity - done,
    };
  });
}

export function createFulfilmentService(deps: OrderDomainDeps): FulfilmentService {
  const { core } = deps;
  const { models } = core;
  const mysql = core.sequelize.getDialect() !== 'sqlite';
  const write = createCatalogueWrite(core.sequelize);

  const storeOf = async (scope: RequestScope, storeId: number): Promise<Store> =>
    (await findReachableStore(models, scope, storeId)).store;

  async function findOrder(storeId: number, orderId: number, transaction?: Transaction): Promise<Order> {
    const order = await models.Order.findOne({
      where: { id: orderId, store_id: storeId },
      transaction,
      ...(transaction && mysql ? { lock: transaction.LOCK.UPDATE } : {}),
    });
    if (!order) throw AppError.notFound();
    return order;
  }

  const itemsOf = (orderId: number, transaction?: Transaction) =>
    models.OrderItem.findAll({ where: { order_id: orderId }, order: [['id', 'ASC']], transaction });
  const fulfilmentsOf = (orderIds: number[], transaction?: Transaction) =>
    models.OrderFulfillment.findAll({
      where: { order_id: { [Op.in]: orderIds } },
      order: [['id', 'ASC']],
      transaction,
    });

  /** The courier a channel's mapping names for this shipping method (its custom name first). */
  async function mappedCourier(order: Order, shippingMethod: string | null): Promise<string | null> {
    if (!shippingMethod) return null;
    const mapping = await models.CourierMapping.findOne({
      where: { channel_id: order.channel_id, store_id: order.store_id, shipping_method: shippingMethod },
    });
    if (!mapping) return null;
    const courier = await models.ChannelCourier.findOne({
      where: { id: mapping.channel_courier_id, channel_id: order.channel_id },
    });
    return courier ? courier.custom_name || courier.name : null;
  }

  /** Brings each order's fulfilment status in line with its fulfilments (in the caller's transaction). */
  async function refreshOrderStatus(orderIds: number[], transaction: Transaction): Promise<void> {
    const rows = await models.OrderFulfillment.findAll({
      where: { order_id: { [Op.in]: orderIds } },
      attributes: ['order_id', 'sync_status'],
      raw: true,
      transaction,
    });
    for (const orderId of orderIds) {
      const status = orderFulfilmentStatus(
        rows.filter((row) => Number(row.order_id) === orderId).map((row) => row.sync_status),
      );
      if (status !== null) {
        await models.Order.update({ fulfillment_status: status }, { where: { id: orderId }, transaction });
      }
    }
  }

  return {
    async list(scope, storeId, orderId) {
      const store = await storeOf(scope, storeId);
      const order = await findOrder(store.id, orderId);
      const [items, fulfilments] = await Promise.all([itemsOf(order.id), fulfilmentsOf([order.id])]);
      return {
        data: fulfilments.map(toDto),
        meta: { total: fulfilments.length, lines: progressOf(items, fulfilments) },
      };
    },

    async create(scope, storeId, orderId, input) {
      const store = await storeOf(scope, storeId);
      const found = await findOrder(store.id, orderId);
      const shippingMethod = input.shipping_method ?? found.shipping_method;
      const courier = input.courier ?? (await mappedCourier(found, shippingMethod));
      if (!courier) {
        throw AppError.validation({ courier: [FULFILMENT_MESSAGES.courierRequired(shippingMethod)] });
      }
      const channel = await models.Channel.findByPk(found.channel_id);
      // A channel that takes no fulfilments keeps the record for the seller, with nothing to send.
      const disabled = Boolean(channel?.settings?.disable_fulfillment);

      const created = await write(async (transaction) => {
        // The order's lock serialises fulfilments of one order: two at once can't both take the last unit.
        const order = await findOrder(store.id, found.id, transaction);
        if (order.status === 'Cancelled' || order.sync_status === CANCELLED) {
          throw AppError.validation(
            { order: [FULFILMENT_MESSAGES.cancelled] },
            FULFILMENT_MESSAGES.cancelled,
          );
        }
        const items = await itemsOf(order.id, transaction);
        if (items.length === 0) throw AppError.validation({ lines: [FULFILMENT_MESSAGES.noLines] });
        const progress = new Map(
          progressOf(items, await fulfilmentsOf([order.id], transaction)).map((line) => [
            line.order_item_id,
            line,
          ]),
        );
        let lines: { order_item_id: number; quantity: number }[];
        if (input.lines.length === 0) {
          lines = [...progress.values()]
            .filter((line) => line.remaining > 0)
            .map((line) => ({ order_item_id: line.order_item_id, quantity: line.remaining }));
          if (lines.length === 0) throw AppError.validation({ lines: [FULFILMENT_MESSAGES.nothingLeft] });
        } else {
          const errors: FieldErrors = {};
          const seen = new Set<number>();
          input.lines.forEach((line, index) => {
            const at = `lines.${index}`;
            const entry = progress.get(line.order_item_id);
            if (!entry) errors[`${at}.order_item_id`] = [FULFILMENT_MESSAGES.notALine];
            else if (seen.has(line.order_item_id))
              errors[`${at}.order_item_id`] = [FULFILMENT_MESSAGES.repeatedLine];
            else if (line.quantity > entry.remaining)
              errors[`${at}.quantity`] = [FULFILMENT_MESSAGES.tooMany(entry.remaining)];
            seen.add(line.order_item_id);
          });
          if (Object.keys(errors).length) throw AppError.validation(errors);
          lines = input.lines.map((line) => ({ order_item_id: line.order_item_id, quantity: line.quantity }));
        }
        const row = await models.OrderFulfillment.create(
          {
            uuid: randomUUID(),
            order_id: order.id,
            courier,
            shipping_method: shippingMethod,
            shipping_tracking_code: input.shipping_tracking_code,
            sync_status: disabled ? NO_FULFILMENT : AWAITING_SEND,
            lines,
          },
          { transaction },
        );
        await refreshOrderStatus([order.id], transaction);
        await recordOrderActivities(
          models,
          scope,
          store.company_id,
          [
            {
              orderId: order.id,
              event: ORDER_ACTION_EVENTS.fulfilmentCreated,
              old: null,
              new: {
                fulfilment_id: row.id,
                courier,
                shipping_method: shippingMethod,
                shipping_tracking_code: input.shipping_tracking_code,
                lines: lines.map((line) => {
                  const item = items.find((entry) => entry.id === line.order_item_id)!;
                  return { sku: item.product_sku, quantity: line.quantity };
                }),
              },
            },
          ],
          transaction,
        );
        return row;
      });
      if (!disabled) {
        await core.jobs.enqueue(JOB_NAMES.submitFulfillment, {
          channelId: found.channel_id,
          orderFulfillmentIds: [created.id],
        });
      }
      publishOrdersChanged(core.publish, store.id, [found.id]);
      return toDto(created);
    },

    async resendFailed(scope, fulfilmentIds) {
      const ids = [...new Set(fulfilmentIds)];
      // Only what the caller's company can reach: its own stores and those shared with it, read now.
      const shared = await models.StoreShare.findAll({
        where: { company_id: scope.companyId },
        attributes: ['store_id'],
        raw: true,
      });
      const own = await models.Store.findAll({
        where: { company_id: scope.companyId },
        attributes: ['id'],
        raw: true,
      });
      const storeIds = [...own.map((row) => row.id), ...shared.map((row) => row.store_id)];

      const changed = await write(async (transaction) => {
        const fulfilments = await models.OrderFulfillment.findAll({
          where: { id: { [Op.in]: ids } },
          transaction,
          ...(mysql ? { lock: transaction.LOCK.UPDATE } : {}),
        });
        const orders = fulfilments.length
          ? await models.Order.findAll({
              where: {
                id: { [Op.in]: [...new Set(fulfilments.map((row) => row.order_id))] },
                store_id: { [Op.in]: storeIds },
              },
              attributes: ['id', 'store_id', 'company_id', 'channel_id', 'order_number'],
              transaction,
            })
          : [];
        const orderOf = new Map(orders.map((order) => [order.id, order]));
        // Another company's fulfilment is the same as none: nothing is changed, nothing is said about it.
        const reachable = fulfilments.filter((row) => orderOf.has(row.order_id));
        if (reachable.length !== ids.length) throw AppError.notFound();
        const stale = new Set(
          reachable.filter((row) => isStaleClaim('fulfilment', row)).map((row) => row.id),
        );
        const refused = reachable.filter((row) => row.sync_status !== FAILED && !stale.has(row.id));
        if (refused.length) {
          const names = refused.map(
            (row) =>
              `${orderOf.get(row.order_id)!.order_number} (${FULFILMENT_STATUS.label(row.sync_status as never).toLowerCase()})`,
          );
          const message = `Only failed fulfilments can be resent: ${namedList(names)}.`;
          throw AppError.validation({ order_fulfillment_ids: [message] }, message);
        }
        await models.OrderFulfillment.update(
          { sync_status: AWAITING_SEND, claimed_by: null, lease_until: null },
          { where: { id: { [Op.in]: ids } }, transaction },
        );
        await refreshOrderStatus([...orderOf.keys()], transaction);
        const byCompany = new Map<number, typeof reachable>();
        for (const row of reachable) {
          const companyId = orderOf.get(row.order_id)!.company_id;
          byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), row]);
        }
        for (const [companyId, rows] of byCompany) {
          await recordOrderActivities(
            models,
            scope,
            companyId,
            rows.map((row) => ({
              orderId: row.order_id,
              event: ORDER_ACTION_EVENTS.fulfilmentResent,
              old: { fulfilment_id: row.id, fulfilment_status: row.sync_status },
              new: { fulfilment_id: row.id, fulfilment_status: AWAITING_SEND },
            })),
            transaction,
          );
        }
        return reachable.map((row) => ({ row, order: orderOf.get(row.order_id)! }));
      });
      const byChannel = new Map<number, number[]>();
      const byStore = new Map<number, number[]>();
      for (const { row, order } of changed) {
        byChannel.set(order.channel_id, [...(byChannel.get(order.channel_id) ?? []), row.id]);
        byStore.set(order.store_id, [...(byStore.get(order.store_id) ?? []), order.id]);
      }
      for (const [channelId, orderFulfillmentIds] of byChannel) {
        await core.jobs.enqueue(JOB_NAMES.submitFulfillment, { channelId, orderFulfillmentIds });
      }
      for (const [storeId, orderIds] of byStore)
        publishOrdersChanged(core.publish, storeId, [...new Set(orderIds)]);
      return { message: FULFILMENT_MESSAGES.resent, data: { updated: changed.length, skipped: 0 } };
    },
  };
}
