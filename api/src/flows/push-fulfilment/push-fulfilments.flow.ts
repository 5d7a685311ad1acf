import { Op } from 'sequelize';
import { FULFILMENT_STATUS } from '@syncdesk/contracts';
import type { Sequelize } from 'sequelize';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { OrderFulfillment } from '../../db/order.models';
import { orderFulfilmentStatus } from '../../modules/orders/fulfilment.service';
import { publishOrdersChanged } from '../../modules/orders/order-action-support';
import { openLease, RELEASED, releaseStaleClaims, retryOnDeadlock } from '../outbound-claims/outbound-claims';
import type { Publish } from '@syncdesk/contracts';

/** One fulfilment as the channel is told it (the connector's FulfilmentPush shape). */
export interface FulfilmentOut {
  orderRemoteId: string;
  lines: { remoteId: string; quantity: number }[];
  courier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  shippingMethod: string | null;
}

export interface FulfilmentSender {
  send(fulfilment: FulfilmentOut): Promise<unknown>;
}

export interface FulfilmentPushSummary {
  synced: number[];
  failed: { id: number; reason: string }[];
  /** Held back by the channel's delay: when each may go. */
  delayed: { id: number; at: Date }[];
  /** The channel takes no fulfilments: marked "no fulfilment", nothing sent. */
  notSent: number[];
}

export interface PushFulfilmentsDependencies {
  sequelize: Sequelize;
  models: Models;
  publish: Publish;
}

const AWAITING_SEND = FULFILMENT_STATUS.byKey('awaiting_send').value;
const PENDING_SYNC = FULFILMENT_STATUS.byKey('pending_sync').value;
const SYNCED = FULFILMENT_STATUS.byKey('synced').value;
const FAILED = FULFILMENT_STATUS.byKey('failed').value;
const NO_FULFILMENT = FULFILMENT_STATUS.byKey('no_fulfilment').value;

export const FULFILMENT_PUSH_MESSAGES = {
  notOffered: 'This channel does not take fulfilments from us.',
  noRemoteLines: 'The channel did not give ids for this order’s lines, so it cannot be told which were sent.',
} as const;

const isOn = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** The channel's delay before a fulfilment may go (use_delay_fulfilment, in hours); 0 when none. */
export function fulfilmentDelayMs(settings: Record<string, unknown> | null | undefined): number {
  if (!settings || !isOn(settings.use_delay_fulfilment)) return 0;
  const hours = Number(settings.delay_fulfilment_interval);
  return Number.isFinite(hours) && hours > 0 ? hours * 3_600_000 : 0;
}

/**
 * Sends the named fulfilments of one channel's orders that are waiting to be sent. Each is
 * claimed (pending sync, with this run's lease: flows/outbound-claims) before its call so two runs
 * never send it twice, and the lease is renewed while the call waits for the channel's budget, so
 * a run that outlives its job's lock keeps its claim and a killed one loses it; then synced or failed,
 * and the order's fulfilment status follows by the orders module's own rule. A fulfilment still
 * inside the channel's delay is left waiting and answered in `delayed` for the job to requeue.
 */
export async function pushFulfilments(
  deps: PushFulfilmentsDependencies,
  channel: Channel,
  fulfilmentIds: number[],
  sender: FulfilmentSender | null,
  options: {
    now?: Date;
    /**
     * A retry from the transaction records: the named fulfilments that failed wait again, since
     * this flow only sends what waits (without it a retry would make no call).
     */
    resendFailed?: boolean;
  } = {},
): Promise<FulfilmentPushSummary> {
  const { models } = deps;
  const now = options.now ?? new Date();
  const summary: FulfilmentPushSummary = { synced: [], failed: [], delayed: [], notSent: [] };
  const ids = [...new Set(fulfilmentIds)];
  if (ids.length === 0) return summary;
  if (options.resendFailed) {
    await models.OrderFulfillment.update(
      { sync_status: AWAITING_SEND },
      { where: { id: { [Op.in]: ids }, sync_status: FAILED } },
    );
  }
  // A worker killed mid-send leaves its claim; once its lease ran out it may go again.
  await releaseStaleClaims(models, 'fulfilment', { id: { [Op.in]: ids } });
  const rows = await models.OrderFulfillment.findAll({
    where: { id: { [Op.in]: ids }, sync_status: AWAITING_SEND },
    order: [['id', 'ASC']],
  });
  const orders = rows.length
    ? await models.Order.findAll({
        where: { id: { [Op.in]: [...new Set(rows.map((row) => row.order_id))] }, channel_id: channel.id },
        attributes: ['id', 'store_id', 'remote_id', 'shipping_method'],
      })
    : [];
  const orderOf = new Map(orders.map((order) => [order.id, order]));
  // Another channel's fulfilment is not this run's business.
  const mine = rows.filter((row) => orderOf.has(row.order_id));
  const touched = new Set<number>();

  const settle = async (row: OrderFulfillment, from: number, to: number) => {
    await retryOnDeadlock(() =>
      models.OrderFulfillment.update(
        { sync_status: to, ...RELEASED },
        { where: { id: row.id, sync_status: from } },
      ),
    );
    touched.add(row.order_id);
  };
  const lease = openLease(models, 'fulfilment');
  try {
    await sendAll();
  } finally {
    await lease.close();
  }
  await refreshOrders(deps, [...touched]);
  announceOrders(deps.publish, touched, orderOf);
  return summary;

  async function sendAll(): Promise<void> {
    if (isOn(channel.settings?.disable_fulfillment)) {
      for (const row of mine) {
        await settle(row, AWAITING_SEND, NO_FULFILMENT);
        summary.notSent.push(row.id);
      }
    } else {
      const delay = fulfilmentDelayMs(channel.settings);
      for (const row of mine) {
        const at = new Date(row.created_at.getTime() + delay);
        if (at > now) {
          summary.delayed.push({ id: row.id, at });
          continue;
        }
        const [claimed] = await retryOnDeadlock(() =>
          models.OrderFulfillment.update(
            { sync_status: PENDING_SYNC, ...lease.claimValues() },
            { where: { id: row.id, sync_status: AWAITING_SEND } },
          ),
        );
        if (claimed !== 1) continue;
        lease.hold([row.id]);
        touched.add(row.order_id);
        const fail = async (reason: string) => {
          await settle(row, PENDING_SYNC, FAILED);
          summary.failed.push({ id: row.id, reason });
        };
        if (!sender) {
          await fail(FULFILMENT_PUSH_MESSAGES.notOffered);
          continue;
        }
        const order = orderOf.get(row.order_id)!;
        const items = await models.OrderItem.findAll({
          where: { order_id: order.id },
          attributes: ['id', 'remote_id', 'quantity'],
          order: [['id', 'ASC']],
        });
        const remoteOf = new Map(items.map((item) => [item.id, item.remote_id]));
        const wanted =
          row.lines ?? items.map((item) => ({ order_item_id: item.id, quantity: item.quantity }));
        const lines = wanted.map((line) => ({
          remoteId: remoteOf.get(line.order_item_id) ?? null,
          quantity: line.quantity,
        }));
        if (lines.some((line) => !line.remoteId)) {
          await fail(FULFILMENT_PUSH_MESSAGES.noRemoteLines);
          continue;
        }
        try {
          await sender.send({
            orderRemoteId: order.remote_id,
            // Every line of the order: the channel's "all lines" (the connector may send none).
            lines: lines as { remoteId: string; quantity: number }[],
            courier: row.courier,
            trackingCode: row.shipping_tracking_code,
            trackingUrl: null,
            shippingMethod: row.shipping_method ?? order.shipping_method ?? null,
          });
          await settle(row, PENDING_SYNC, SYNCED);
          summary.synced.push(row.id);
        } catch (error) {
          await fail(error instanceof Error ? error.message : String(error));
          // A refusal of the channel itself (auth, outage) stops the run: the rest stay waiting.
          if (isWholeChannelError(error)) {
            await refreshOrders(deps, [...touched]);
            // The open order pages still learn which fulfilments failed.
            announceOrders(deps.publish, touched, orderOf);
            throw error;
          }
        }
      }
    }
  }
}

/** One orders-changed event per store for the orders whose fulfilments moved. */
function announceOrders(
  publish: Publish,
  touched: ReadonlySet<number>,
  orderOf: ReadonlyMap<number, { store_id: number }>,
): void {
  const byStore = new Map<number, number[]>();
  for (const orderId of touched) {
    const storeId = orderOf.get(orderId)!.store_id;
    byStore.set(storeId, [...(byStore.get(storeId) ?? []), orderId]);
  }
  for (const [storeId, orderIds] of byStore) publishOrdersChanged(publish, storeId, orderIds);
}

/** Errors about the connection rather than this one fulfilment (ConnectorError kinds, by name). */
function isWholeChannelError(error: unknown): boolean {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return (
    kind === 'auth' ||
    kind === 'token_expired' ||
    kind === 'rate_limited' ||
    kind === 'server' ||
    kind === 'timeout' ||
    kind === 'network' ||
    kind === 'refused_target'
  );
}

/** Each order's fulfilment status from its fulfilments, by the orders module's rule. */
async function refreshOrders(deps: PushFulfilmentsDependencies, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await deps.models.OrderFulfillment.findAll({
    where: { order_id: { [Op.in]: orderIds } },
    attributes: ['order_id', 'sync_status'],
    raw: true,
  });
  for (const orderId of orderIds) {
    const status = orderFulfilmentStatus(
      rows.filter((row) => Number(row.order_id) === orderId).map((row) => row.sync_status),
    );
    if (status !== null) {
      await deps.models.Order.update({ fulfillment_status: status }, { where: { id: orderId } });
    }
  }
}
