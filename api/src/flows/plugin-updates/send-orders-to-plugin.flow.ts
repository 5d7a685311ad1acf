import { Op, type Sequelize } from 'sequelize';
import {
  ORDER_SYNC_STATUS,
  PLUGIN_SYNC_STATUS,
  type NormalisedOrderInput,
  type Publish,
} from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { Order } from '../../db/order.models';
import { chunksOf, publishOrdersChanged } from '../../modules/orders/order-action-support';
import { addStatusMove, moveOrderStatusCounts } from '../../modules/orders/order-status-counts';
import { createCatalogueWrite } from '../../modules/products/catalogue-writes';
import {
  openLease,
  RELEASED,
  releaseStaleClaims,
  retryOnDeadlock,
  type OutboundLease,
} from '../outbound-claims/outbound-claims';
import type { RuleRunner } from '../apply-rules/rule-runner';

/** One order as the plugin receives it (the connector's PluginOrderPush shape). */
export interface PluginOrderOut {
  /** Our order id: the plugin's reference, so a resend is recognised. */
  reference: string;
  order: NormalisedOrderInput;
}

export interface PluginOrderSender {
  send(orders: PluginOrderOut[]): Promise<{
    accepted: { reference: string; remoteId: string }[];
    rejected: { reference: string; reason: string }[];
  }>;
}

export interface SendOrdersSummary {
  sent: number[];
  failed: { orderId: number; reason: string }[];
}

export interface SendOrdersDependencies {
  sequelize: Sequelize;
  models: Models;
  publish: Publish;
  /** The rule engine: the store's "order sent to a plugin" rules and the plugin's own rules run first. */
  ruleRunner?: Pick<RuleRunner, 'runOnOrders'>;
}

/** The plugin contract takes at most this many orders per call. */
export const PLUGIN_ORDER_BATCH = 100;
/** Orders one run sends at most; a longer backlog is the next run's (it is queued again). */
const RUN_LIMIT = 1000;

/** Orders the plugin may receive: waiting to be sent (pending) or changed since (updated). */
const READY = [ORDER_SYNC_STATUS.byKey('pending').value, ORDER_SYNC_STATUS.byKey('updated').value];
const ORDER_SYNCED = ORDER_SYNC_STATUS.byKey('synced').value;
const ORDER_FAILED = ORDER_SYNC_STATUS.byKey('failed').value;
const COPY_PENDING = PLUGIN_SYNC_STATUS.byKey('pending').value;
const COPY_IN_PROGRESS = PLUGIN_SYNC_STATUS.byKey('in_progress').value;
const COPY_SYNCED = PLUGIN_SYNC_STATUS.byKey('synced').value;
const COPY_FAILED = PLUGIN_SYNC_STATUS.byKey('failed').value;

export const SEND_ORDERS_MESSAGES = {
  noAnswer: 'The plugin did not say whether it took this order.',
} as const;

/**
 * Sends the store's orders that are ready to its plugin (spec job type sync_orders), in batches
 * the plugin takes. Ready: pending or updated (not on hold, excluded, failed or cancelled) and not
 * yet copied to this plugin (no copy, or a copy set back to pending to resend it). Each copy is
 * claimed before the call with this run's lease (flows/outbound-claims, renewed while the call
 * waits for budget), so two runs never send an order twice and a killed run's copies go back to
 * waiting once its lease runs out; the copy then records the plugin's id, or the plugin's reason,
 * and the order's sync status follows (synced, or failed with the reason, counters moved with it).
 */
export async function sendOrdersToPlugin(
  deps: SendOrdersDependencies,
  plugin: Channel,
  sender: PluginOrderSender,
  options: { orderIds?: number[] } = {},
): Promise<SendOrdersSummary> {
  const { models } = deps;
  // A worker killed mid-send leaves its copies in progress; once its lease ran out they wait
  // again (the plugin recognises a resent reference, so a send that did land is not doubled).
  await releaseStaleClaims(models, 'plugin_order', { plugin_id: plugin.id });
  const lease = openLease(models, 'plugin_order');
  try {
    return await sendReady(deps, plugin, sender, options, lease);
  } finally {
    await lease.close();
  }
}

async function sendReady(
  deps: SendOrdersDependencies,
  plugin: Channel,
  sender: PluginOrderSender,
  options: { orderIds?: number[] },
  lease: OutboundLease,
): Promise<SendOrdersSummary> {
  const { models } = deps;
  const summary: SendOrdersSummary = { sent: [], failed: [] };
  const copies = await models.PluginOrder.findAll({
    where: { plugin_id: plugin.id, sync_status: { [Op.ne]: COPY_PENDING } },
    attributes: ['order_id'],
    raw: true,
  });
  const taken = new Set(copies.map((copy) => Number(copy.order_id)));
  // Copies set back to pending are resends the seller asked for, whenever the order arrived.
  const resends = (
    await models.PluginOrder.findAll({
      where: { plugin_id: plugin.id, sync_status: COPY_PENDING },
      attributes: ['order_id'],
      raw: true,
    })
  ).map((copy) => Number(copy.order_id));
  const candidates = (
    await models.Order.findAll({
      where: {
        store_id: plugin.store_id,
        sync_status: { [Op.in]: READY },
        [Op.or]: [{ status: null }, { status: { [Op.ne]: 'Cancelled' } }],
        // Named orders go whenever; otherwise a newly connected warehouse gets the orders that arrive
        // from then on, not the store's whole history (those can be sent on purpose, by name).
        ...(options.orderIds
          ? { id: { [Op.in]: options.orderIds } }
          : {
              [Op.and]: [
                {
                  [Op.or]: [
                    { created_at: { [Op.gte]: plugin.created_at } },
                    ...(resends.length ? [{ id: { [Op.in]: resends } }] : []),
                  ],
                },
              ],
            }),
      },
      order: [['id', 'ASC']],
      limit: RUN_LIMIT + taken.size,
    })
  )
    .filter((order) => !taken.has(order.id))
    .slice(0, RUN_LIMIT);
  if (candidates.length === 0) return summary;

  // A copy row for each (the unique (order, plugin) key makes a concurrent insert harmless), then
  // the claims: only the run whose UPDATE moved a copy sends it.
  await models.PluginOrder.bulkCreate(
    candidates.map((order) => ({
      order_id: order.id,
      plugin_id: plugin.id,
      remote_id: null,
      sync_status: COPY_PENDING,
      synced_at: null,
    })),
    { ignoreDuplicates: true },
  );
  // One claim per copy, made in bulk: the copies this run's UPDATE moved carry its owner's name,
  // so reading them back by that name says which it (and no other run) took.
  const claimValues = lease.claimValues();
  const candidateIds = candidates.map((order) => order.id);
  for (const part of chunksOf(candidateIds, 500)) {
    await retryOnDeadlock(() =>
      models.PluginOrder.update(
        { sync_status: COPY_IN_PROGRESS, ...claimValues },
        { where: { plugin_id: plugin.id, order_id: { [Op.in]: part }, sync_status: COPY_PENDING } },
      ),
    );
  }
  const mine = await models.PluginOrder.findAll({
    where: { plugin_id: plugin.id, claimed_by: lease.owner, sync_status: COPY_IN_PROGRESS },
    attributes: ['id', 'order_id'],
    raw: true,
  });
  lease.hold(mine.map((copy) => Number(copy.id)));
  const claimedNow = new Set(mine.map((copy) => Number(copy.order_id)));
  let claimed: Order[] = candidates.filter((order) => claimedNow.has(order.id));
  if (deps.ruleRunner && claimed.length > 0) claimed = await applySendRules(deps, plugin, claimed);

  for (let start = 0; start < claimed.length; start += PLUGIN_ORDER_BATCH) {
    const batch = claimed.slice(start, start + PLUGIN_ORDER_BATCH);
    const pushes = await pushesOf(models, batch);
    let answer: Awaited<ReturnType<PluginOrderSender['send']>>;
    try {
      answer = await sender.send(pushes);
    } catch (error) {
      // The plugin refused the call itself: these copies and the rest wait as pending for the next run.
      await models.PluginOrder.update(
        { sync_status: COPY_PENDING, ...RELEASED },
        {
          where: {
            plugin_id: plugin.id,
            order_id: { [Op.in]: claimed.slice(start).map((order) => order.id) },
            sync_status: COPY_IN_PROGRESS,
          },
        },
      );
      throw error;
    }
    const accepted = new Map(answer.accepted.map((entry) => [entry.reference, entry.remoteId]));
    const rejected = new Map(answer.rejected.map((entry) => [entry.reference, entry.reason]));
    const now = new Date();
    const outcomes = batch.map((order) => {
      const reference = String(order.id);
      const remoteId = accepted.get(reference);
      return remoteId !== undefined && !rejected.has(reference)
        ? { order, ok: true as const, remoteId }
        : { order, ok: false as const, reason: rejected.get(reference) ?? SEND_ORDERS_MESSAGES.noAnswer };
    });
    await settleOrders(deps, plugin, outcomes, now);
    for (const outcome of outcomes) {
      if (outcome.ok) summary.sent.push(outcome.order.id);
      else summary.failed.push({ orderId: outcome.order.id, reason: outcome.reason });
    }
  }
  publishOrdersChanged(
    deps.publish,
    plugin.store_id,
    claimed.map((order) => order.id),
  );
  return summary;
}

/**
 * Timing 1: the store's rules for "order sent to a plugin", then the plugin's own rules, on the
 * claimed orders. The orders are read again after: what the rules changed is what the plugin
 * receives, and an order they moved off ready (on hold, excluded) is not sent; its copy waits as
 * pending, so it goes once the seller releases it.
 */
async function applySendRules(
  deps: SendOrdersDependencies,
  plugin: Channel,
  claimed: Order[],
): Promise<Order[]> {
  const ids = claimed.map((order) => order.id);
  await deps.ruleRunner!.runOnOrders({
    storeId: plugin.store_id,
    orderIds: ids,
    trigger: 'order_sending_to_plugin',
    plugin: { id: plugin.id, name: plugin.name },
  });
  const fresh = await deps.models.Order.findAll({
    where: { id: { [Op.in]: ids } },
    order: [['id', 'ASC']],
  });
  const ready = fresh.filter((order) => (READY as number[]).includes(order.sync_status));
  const held = fresh
    .filter((order) => !(READY as number[]).includes(order.sync_status))
    .map((order) => order.id);
  if (held.length > 0) {
    await deps.models.PluginOrder.update(
      { sync_status: COPY_PENDING, ...RELEASED },
      { where: { plugin_id: plugin.id, order_id: { [Op.in]: held }, sync_status: COPY_IN_PROGRESS } },
    );
  }
  return ready;
}

/** The orders as the plugin contract reads them: lines by SKU (the product's, when matched). */
async function pushesOf(models: Models, orders: Order[]): Promise<PluginOrderOut[]> {
  const items = await models.OrderItem.findAll({
    where: { order_id: { [Op.in]: orders.map((order) => order.id) } },
    order: [['id', 'ASC']],
    raw: true,
  });
  return orders.map((order) => ({
    reference: String(order.id),
    order: {
      remote_id: order.remote_id,
      order_number: order.order_number,
      status: order.status ?? undefined,
      currency: order.currency ?? undefined,
      order_date: order.order_date ?? undefined,
      customer: { name: order.customer_name, email: order.customer_email, phone: order.customer_phone },
      shipping_address: order.shipping_address ?? null,
      invoice_address: order.invoice_address ?? null,
      shipping_method: order.shipping_method,
      tags: order.tags ?? [],
      order_type: order.order_type,
      lines: items
        .filter((item) => Number(item.order_id) === order.id)
        .map((item) => ({
          remote_id: item.remote_id,
          sku: item.matched_sku ?? item.product_sku,
          title: item.title,
          quantity: item.quantity,
        })),
    } as NormalisedOrderInput,
  }));
}

/**
 * The copies and the orders' sync status after the plugin answered, with the counters, in one
 * transaction. An order the seller moved meanwhile (held, excluded) keeps the seller's status.
 */
async function settleOrders(
  deps: SendOrdersDependencies,
  plugin: Channel,
  outcomes: ({ order: Order; ok: true; remoteId: string } | { order: Order; ok: false; reason: string })[],
  now: Date,
): Promise<void> {
  const storeId = plugin.store_id;
  const write = createCatalogueWrite(deps.sequelize);
  const mysql = deps.sequelize.getDialect() !== 'sqlite';
  await write(async (transaction) => {
    const rows = await deps.models.Order.findAll({
      where: {
        id: { [Op.in]: outcomes.map((outcome) => outcome.order.id) },
        sync_status: { [Op.in]: READY },
      },
      attributes: ['id', 'sync_status', 'status'],
      transaction,
      ...(mysql ? { lock: transaction.LOCK.UPDATE } : {}),
    });
    const current = new Map(rows.map((row) => [row.id, row]));
    // The copies in the same transaction as their orders: a worker killed in between would leave
    // a copy synced (never sent again) and its order still waiting to be sent, for good.
    for (const outcome of outcomes) {
      await deps.models.PluginOrder.update(
        outcome.ok
          ? { sync_status: COPY_SYNCED, remote_id: outcome.remoteId, synced_at: now, ...RELEASED }
          : { sync_status: COPY_FAILED, ...RELEASED },
        { where: { order_id: outcome.order.id, plugin_id: plugin.id }, transaction },
      );
    }
    const deltas = new Map<string, number>();
    for (const outcome of outcomes) {
      const row = current.get(outcome.order.id);
      if (!row) continue;
      const syncStatus = outcome.ok ? ORDER_SYNCED : ORDER_FAILED;
      addStatusMove(deltas, row, { sync_status: syncStatus, status: row.status });
      await deps.models.Order.update(
        outcome.ok
          ? { sync_status: syncStatus, plugin_sync_status: COPY_SYNCED }
          : { sync_status: syncStatus, plugin_sync_status: COPY_FAILED, failure_reason: outcome.reason },
        { where: { id: row.id }, transaction },
      );
    }
    await moveOrderStatusCounts(deps.sequelize, storeId, deltas, transaction);
  });
}
