import type { Sequelize } from 'sequelize';
import type { NormalisedOrderInput, OrderImportResult } from '@syncdesk/contracts';
import type { OrderImportService } from './order-import.service';
import { newerStored, noteChannelUpdatedAt, timedOrders } from './channel-order-times';

/**
 * An order download's work on our side (spec job type get_orders), whatever the provider: the
 * get_orders job reads a page (or a webhook's bodies) from the channel's connector and hands the
 * orders here. Orders older than the version stored are left out (webhooks and pages arrive in any
 * order), the rest go through the import service in one batch, each imported order keeps the
 * channel's change time of the data stored, and with "Accept orders automatically" on the orders
 * still waiting for the seller are accepted through the job's `accept`.
 */
export interface ChannelOrdersDependencies {
  sequelize: Sequelize;
  orderImport: Pick<OrderImportService, 'importBatch'>;
}

export interface ChannelOrdersBatch {
  channelId: number;
  /** The channel's settings (`auto_confirmation`). */
  settings: Record<string, unknown>;
  orders: readonly NormalisedOrderInput[];
  /** Who read them, as the import's records say it: `Shopify connector`. */
  source: string;
  /** The orders the provider says wait for the seller's acceptance, when it knows. */
  awaitingAcceptance?: readonly string[];
  /**
   * Accepts every line of one order on the channel; absent when the provider cannot. An order the
   * channel says is accepted already is the job's to skip (it knows the provider's answers).
   */
  accept?: (remoteId: string, lineRemoteIds: string[]) => Promise<void>;
}

export interface ChannelOrdersOutcome {
  /** The import's result; null when every order was older than the version stored. */
  result: OrderImportResult | null;
  /** Orders created or updated. */
  stored: number;
  /**
   * Remote ids another run stored in a newer version between our check and our import (the data
   * written may be the older one): fetch them again to be sure.
   */
  lost: string[];
}

/** Imports one batch of a channel's orders; safe to repeat (the import upserts on channel + remote id). */
export async function importChannelOrders(
  deps: ChannelOrdersDependencies,
  batch: ChannelOrdersBatch,
): Promise<ChannelOrdersOutcome> {
  const orders = await withoutStale(deps.sequelize, batch.channelId, batch.orders);
  if (orders.length === 0) return { result: null, stored: 0, lost: [] };
  const result = await deps.orderImport.importBatch(batch.channelId, orders, {
    source: batch.source,
    via: 'get_orders',
  });
  if (!result.imported) return { result, stored: 0, lost: [] };
  const times = timedOrders(orders);
  await noteChannelUpdatedAt(deps.sequelize, batch.channelId, times);
  const lost = [...(await newerStored(deps.sequelize, batch.channelId, times))];
  if (batch.accept) {
    for (const order of ordersToAccept(batch.settings, orders, batch.awaitingAcceptance)) {
      await batch.accept(String(order.remote_id), lineRemoteIdsOf(order));
    }
  }
  return { result, stored: result.created + result.updated, lost };
}

/** Where a download of changed orders starts: the later of the watermark and "ignore orders before". */
export function ordersSince(watermark: Date | null, settings: Record<string, unknown>): Date | null {
  let since = watermark;
  if (settings.ignore_orders_before === true && settings.ignore_orders_before_at) {
    const ignoreBefore = new Date(String(settings.ignore_orders_before_at));
    if (!Number.isNaN(ignoreBefore.getTime()) && (!since || ignoreBefore > since)) since = ignoreBefore;
  }
  return since;
}

/** Only sales channels with get_orders on download orders. */
export function downloadsOrders(channel: { kind: string }, settings: Record<string, unknown>): boolean {
  return channel.kind === 'channel' && settings.get_orders !== false;
}

/** The orders less those older than the version stored. */
async function withoutStale<T extends NormalisedOrderInput>(
  sequelize: Sequelize,
  channelId: number,
  orders: readonly T[],
): Promise<T[]> {
  const stale = await newerStored(sequelize, channelId, timedOrders(orders));
  return stale.size === 0 ? [...orders] : orders.filter((order) => !stale.has(String(order.remote_id)));
}

/**
 * With "Accept orders automatically" on, every order still waiting for the seller (Mirakl OR21).
 * Orders are accepted as they come, without checking stock first: a line the seller cannot ship is
 * better refused on the channel by hand than silently left to expire. The provider names the
 * orders waiting for acceptance when it knows; else every unpaid, pending one is tried (waiting
 * for acceptance and waiting for the customer's debit both import that way).
 */
function ordersToAccept(
  settings: Record<string, unknown>,
  orders: readonly NormalisedOrderInput[],
  awaitingAcceptance: readonly string[] | undefined,
): NormalisedOrderInput[] {
  if (settings.auto_confirmation !== true) return [];
  const waiting = awaitingAcceptance ? new Set(awaitingAcceptance) : null;
  return orders.filter((order) =>
    waiting
      ? waiting.has(String(order.remote_id))
      : order.status === 'Unpaid' && order.payment_status === 'Pending',
  );
}

function lineRemoteIdsOf(order: NormalisedOrderInput): string[] {
  return order.lines
    .map((line) => (line.remote_id === null || line.remote_id === undefined ? '' : String(line.remote_id)))
    .filter((id) => id !== '');
}
