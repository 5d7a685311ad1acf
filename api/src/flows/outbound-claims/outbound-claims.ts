import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { literal, Op, type WhereOptions } from 'sequelize';
import { FULFILMENT_STATUS, PLUGIN_SYNC_STATUS, PRODUCT_SYNC_STATUS } from '@syncdesk/contracts';
import type { Models } from '../../db/models';

/**
 * One mechanism for every send that claims a row before it calls out. A claim names its owner (one
 * run of one process) and a lease; the running send renews the lease on a timer while it works or
 * waits (a rate budget's wait included), so only a run that is gone stops renewing. A claim whose
 * lease ran out goes back to waiting, taken by the sweep (`outbound.sweep_claims`, every minute) or
 * by the next run for the same rows, and its job is queued again: a killed worker costs a retry,
 * never a lost send. A live run is never taken over however long its call waits.
 *
 * A retry after a kill may repeat a call the provider already took (the kill landed after its
 * answer, before our write). Each kind's provider makes that harmless: Shopify fulfilments are
 * matched against the order's existing fulfilments (see the Shopify connector), a plugin answers
 * a resent reference with what it answered before, and a stock level is a value set, not a delta.
 */
export type OutboundKind = 'fulfilment' | 'plugin_order' | 'stock_push';

export const OUTBOUND_KINDS: readonly OutboundKind[] = ['fulfilment', 'plugin_order', 'stock_push'];

export type OutboundClaimModels = Pick<
  Models,
  'OrderFulfillment' | 'PluginOrder' | 'ChannelProduct' | 'Order'
>;

/** Default lease: renewed every third of it, so a live run's claim never lapses between two renewals. */
export const OUTBOUND_LEASE_MS = 60_000;

/** The status a row waits in and the one a claim puts it in, per kind. */
export function claimStatusesOf(kind: OutboundKind): { waiting: number; claimed: number } {
  switch (kind) {
    case 'fulfilment':
      return {
        waiting: FULFILMENT_STATUS.byKey('awaiting_send').value,
        claimed: FULFILMENT_STATUS.byKey('pending_sync').value,
      };
    case 'plugin_order':
      return {
        waiting: PLUGIN_SYNC_STATUS.byKey('pending').value,
        claimed: PLUGIN_SYNC_STATUS.byKey('in_progress').value,
      };
    case 'stock_push':
      return {
        waiting: PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value,
        claimed: PRODUCT_SYNC_STATUS.byKey('inventory_level_in_progress').value,
      };
    default:
      return assertUnreachable(kind);
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`Unknown outbound kind ${String(value)}`);
}

/** The three claim tables share the columns the mechanism reads and writes. */
interface ClaimRow {
  id: number;
  sync_status: number;
  claimed_by: string | null;
  lease_until: Date | null;
  updated_at: Date;
}
interface ClaimModel {
  update(values: object, options: { where: WhereOptions }): Promise<[number]>;
  findAll(options: object): Promise<unknown[]>;
  count(options: { where: WhereOptions }): Promise<number>;
}

function modelOf(models: OutboundClaimModels, kind: OutboundKind): ClaimModel {
  switch (kind) {
    case 'fulfilment':
      return models.OrderFulfillment as unknown as ClaimModel;
    case 'plugin_order':
      return models.PluginOrder as unknown as ClaimModel;
    case 'stock_push':
      return models.ChannelProduct as unknown as ClaimModel;
    default:
      return assertUnreachable(kind);
  }
}

/** MySQL/MariaDB: deadlock found, lock wait timeout. */
const TRANSIENT_ERRORS = new Set([1213, 1205]);

/**
 * Runs one claim-table statement again when the database chose it as a deadlock's victim (rows of
 * these tables are claimed, renewed, settled and swept by many runs at once). Without this a send
 * job whose claim statement lost a deadlock fails for good, leaving its rows waiting with no job.
 */
export async function retryOnDeadlock<T>(statement: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      const errno = (error as { parent?: { errno?: number } } | null)?.parent?.errno;
      if (attempt >= attempts || errno === undefined || !TRANSIENT_ERRORS.has(errno)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.floor(Math.random() * 30)));
    }
  }
}

/** The columns a settled or released row gets: no owner, no lease. */
export const RELEASED = { claimed_by: null, lease_until: null } as const;

/**
 * Claims whose lease ran out, as a where clause. A claim without a lease was made before leases
 * existed (or by a version that did not write one): it counts as run out once its row is older
 * than a lease.
 */
export function staleClaimWhere(kind: OutboundKind, now: Date, leaseMs = OUTBOUND_LEASE_MS): WhereOptions {
  return {
    sync_status: claimStatusesOf(kind).claimed,
    [Op.or]: [
      { lease_until: { [Op.lt]: now } },
      { lease_until: null, updated_at: { [Op.lt]: new Date(now.getTime() - leaseMs) } },
    ],
  };
}

/**
 * Rows marked waiting again while a run held them (a stock change lands mid-push) keep that run's
 * lease, so no other run sends them before it settles; this is such a row whose lease ran out
 * without the run releasing it (it died).
 */
export function lapsedWaitingWhere(kind: OutboundKind, now: Date): WhereOptions {
  return {
    sync_status: claimStatusesOf(kind).waiting,
    claimed_by: { [Op.ne]: null },
    lease_until: { [Op.lt]: now },
  };
}

/** Rows no live run holds a lease on: the only ones a run may claim. */
export function unleased(now: Date): WhereOptions {
  return { [Op.or]: [{ lease_until: null }, { lease_until: { [Op.lt]: now } }] };
}

/** Whether a row holds a claim that ran out (what "resend" accepts besides a failure). */
export function isStaleClaim(
  kind: OutboundKind,
  row: Pick<ClaimRow, 'sync_status' | 'lease_until' | 'updated_at'>,
  now: Date = new Date(),
  leaseMs = OUTBOUND_LEASE_MS,
): boolean {
  if (Number(row.sync_status) !== claimStatusesOf(kind).claimed) return false;
  // Raw rows may carry the dates as the driver gave them (a text on SQLite).
  if (row.lease_until) return new Date(row.lease_until).getTime() < now.getTime();
  return new Date(row.updated_at).getTime() < now.getTime() - leaseMs;
}

/**
 * Sets the claims among `where` whose lease ran out back to waiting, without owner or lease, in
 * one UPDATE; answers how many moved. The lease condition is in the UPDATE itself, so a renewal
 * that lands first keeps its claim (the run is alive after all).
 */
export async function releaseStaleClaims(
  models: OutboundClaimModels,
  kind: OutboundKind,
  where: WhereOptions,
  options: { now?: Date; leaseMs?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const stale = {
    [Op.or]: [staleClaimWhere(kind, now, options.leaseMs), lapsedWaitingWhere(kind, now)],
  };
  const [moved] = await retryOnDeadlock(() =>
    modelOf(models, kind).update(
      { sync_status: claimStatusesOf(kind).waiting, ...RELEASED },
      { where: { [Op.and]: [where, stale] } },
    ),
  );
  return moved;
}

export interface OutboundLease {
  /** This run's name on the rows it claims. */
  readonly owner: string;
  readonly kind: OutboundKind;
  /** What a claim writes besides its status: the owner and a fresh lease. */
  claimValues(): { claimed_by: string; lease_until: Date };
  /** The rows this run's claims took (each after its claiming UPDATE said 1): the renewals' rows. */
  hold(ids: readonly number[]): void;
  /** Pushes every claim this run holds one lease further; answers how many it renewed. */
  renew(): Promise<number>;
  /** Stops renewing (waits for a renewal under way, so none lands after the run's last write). */
  close(): Promise<void>;
}

export interface LeaseOptions {
  /** Default `OUTBOUND_LEASE_MS`; `OUTBOUND_LEASE_MS` in the environment shortens it (crash tests). */
  leaseMs?: number;
  /** Default a third of the lease. */
  renewEveryMs?: number;
  now?: () => Date;
}

/** The lease length in force: the environment's `OUTBOUND_LEASE_MS` (tests shorten it) or the default. */
export function leaseMsOf(environment: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(environment.OUTBOUND_LEASE_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : OUTBOUND_LEASE_MS;
}

/** Unique per run of a process; the host and pid say whose it was when someone reads the row. */
function ownerName(): string {
  return `${hostname().slice(0, 30)}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * A lease for one run's claims of one kind, renewed on a timer until `close`. The timer runs in
 * the process that sends, so it keeps renewing while the send waits for anything; when the process
 * dies the renewals stop and the lease runs out.
 */
export function openLease(
  models: OutboundClaimModels,
  kind: OutboundKind,
  options: LeaseOptions = {},
): OutboundLease {
  const model = modelOf(models, kind);
  const leaseMs = options.leaseMs ?? leaseMsOf();
  const now = options.now ?? (() => new Date());
  const owner = ownerName();
  const { claimed } = claimStatusesOf(kind);
  const held = new Set<number>();
  // By primary key, so a renewal locks only its own rows: a scan of every claim of the status
  // would fight (deadlock) with another run claiming rows at the same moment.
  const renew = async () => {
    let renewed = 0;
    const ids = [...held];
    for (let start = 0; start < ids.length; start += 500) {
      const [count] = await model.update(
        { lease_until: new Date(now().getTime() + leaseMs) },
        {
          where: { id: { [Op.in]: ids.slice(start, start + 500) }, claimed_by: owner, sync_status: claimed },
        },
      );
      renewed += count;
    }
    return renewed;
  };
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      // A failed renewal (database away a moment) is tried again at the next tick.
      renewing = renewing.then(renew).catch(() => undefined);
    },
    options.renewEveryMs ?? Math.max(100, Math.floor(leaseMs / 3)),
  );
  // A renewal never keeps a process alive that is otherwise done.
  timer.unref?.();
  return {
    owner,
    kind,
    claimValues: () => ({ claimed_by: owner, lease_until: new Date(now().getTime() + leaseMs) }),
    hold(ids) {
      for (const id of ids) held.add(Number(id));
    },
    renew,
    async close() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/** Runs `work` holding a lease of `kind`, closed however the work ends. */
export async function withLease<T>(
  models: OutboundClaimModels,
  kind: OutboundKind,
  work: (lease: OutboundLease) => Promise<T>,
  options: LeaseOptions = {},
): Promise<T> {
  const lease = openLease(models, kind, options);
  try {
    return await work(lease);
  } finally {
    await lease.close();
  }
}

/** What a sweep set back to waiting, grouped the way each kind's job is queued. */
export interface SweptClaims {
  /** Fulfilments per channel (a submit_fulfillment run names them). */
  fulfilments: { channelId: number; fulfilmentIds: number[] }[];
  /** Plugins whose order copies wait again (a sync_orders run sends every copy that waits). */
  pluginIds: number[];
  /** Channels whose listings wait again (a submit_inventory run pushes every one that waits). */
  stockChannelIds: number[];
}

/** The ids of the claims of `kind` whose lease ran out (read only). */
async function staleIds(
  models: OutboundClaimModels,
  kind: OutboundKind,
  options: { now?: Date; leaseMs?: number },
): Promise<number[]> {
  const now = options.now ?? new Date();
  const rows = (await modelOf(models, kind).findAll({
    where: { [Op.or]: [staleClaimWhere(kind, now, options.leaseMs), lapsedWaitingWhere(kind, now)] },
    attributes: ['id'],
    order: [['id', 'ASC']],
    limit: 1000,
    raw: true,
  })) as { id: number }[];
  return rows.map((row) => Number(row.id));
}

/**
 * Every claim of every kind whose lease ran out goes back to waiting, and `requeue` is told which
 * jobs to queue so they are sent. The jobs are queued first and the claims released after: a
 * sweep killed in between leaves queued jobs, whose runs release the claims themselves (each flow
 * takes back its own rows' stale claims), never waiting rows that no job will send. Safe to run
 * anywhere at any time: a live run's lease is not touched.
 */
export async function sweepStaleClaims(
  models: OutboundClaimModels,
  requeue: (swept: SweptClaims) => Promise<void>,
  options: { now?: Date; leaseMs?: number } = {},
): Promise<SweptClaims> {
  const swept: SweptClaims = { fulfilments: [], pluginIds: [], stockChannelIds: [] };
  const fulfilmentIds = await staleIds(models, 'fulfilment', options);
  if (fulfilmentIds.length > 0) {
    const rows = await models.OrderFulfillment.findAll({
      where: { id: { [Op.in]: fulfilmentIds } },
      attributes: ['id', 'order_id'],
      raw: true,
    });
    const orders = await models.Order.findAll({
      where: { id: { [Op.in]: [...new Set(rows.map((row) => Number(row.order_id)))] } },
      attributes: ['id', 'channel_id'],
      raw: true,
    });
    const channelOf = new Map(orders.map((order) => [Number(order.id), Number(order.channel_id)]));
    const byChannel = new Map<number, number[]>();
    for (const row of rows) {
      const channelId = channelOf.get(Number(row.order_id));
      if (channelId === undefined) continue;
      byChannel.set(channelId, [...(byChannel.get(channelId) ?? []), Number(row.id)]);
    }
    for (const [channelId, ids] of byChannel) swept.fulfilments.push({ channelId, fulfilmentIds: ids });
  }
  const copyIds = await staleIds(models, 'plugin_order', options);
  if (copyIds.length > 0) {
    const copies = await models.PluginOrder.findAll({
      where: { id: { [Op.in]: copyIds } },
      attributes: ['plugin_id'],
      raw: true,
    });
    swept.pluginIds = [...new Set(copies.map((copy) => Number(copy.plugin_id)))];
  }
  const listingIds = await staleIds(models, 'stock_push', options);
  if (listingIds.length > 0) {
    const listings = await models.ChannelProduct.findAll({
      where: { id: { [Op.in]: listingIds } },
      attributes: ['channel_id'],
      raw: true,
    });
    swept.stockChannelIds = [...new Set(listings.map((listing) => Number(listing.channel_id)))];
  }
  if (fulfilmentIds.length + copyIds.length + listingIds.length === 0) return swept;

  await requeue(swept);
  const released: [OutboundKind, number[]][] = [
    ['fulfilment', fulfilmentIds],
    ['plugin_order', copyIds],
    ['stock_push', listingIds],
  ];
  for (const [kind, ids] of released) {
    for (let start = 0; start < ids.length; start += 500) {
      await releaseStaleClaims(models, kind, { id: { [Op.in]: ids.slice(start, start + 500) } }, options);
    }
  }
  return swept;
}

/** Stuck sends of one connection: how many, and since when the oldest has been stuck. */
export interface StuckSends {
  count: number;
  since: Date;
}

/**
 * Sends whose claim's lease ran out and that nothing has taken back yet, per connection (a channel
 * for fulfilments and stock, a plugin for its orders): the sync lag counts them from the moment
 * the oldest one's lease ran out. Normally none: the sweep takes them back within a minute.
 */
export async function stuckSendsOf(
  models: OutboundClaimModels,
  connectionIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, StuckSends>> {
  const stuck = new Map<number, StuckSends>();
  if (connectionIds.length === 0) return stuck;
  const add = (connectionId: number, row: Pick<ClaimRow, 'lease_until' | 'updated_at'>) => {
    const since = new Date(row.lease_until ?? row.updated_at);
    const known = stuck.get(connectionId);
    if (!known) stuck.set(connectionId, { count: 1, since });
    else {
      known.count += 1;
      if (since < known.since) known.since = since;
    }
  };
  const ids = connectionIds.map(Number);
  const fulfilments = (await models.OrderFulfillment.findAll({
    where: {
      [Op.and]: [
        staleClaimWhere('fulfilment', now),
        // Our own integers, never caller input.
        { order_id: { [Op.in]: literal(`(SELECT id FROM orders WHERE channel_id IN (${ids.join(',')}))`) } },
      ],
    },
    attributes: ['order_id', 'lease_until', 'updated_at'],
    raw: true,
  })) as unknown as (Pick<ClaimRow, 'lease_until' | 'updated_at'> & { order_id: number })[];
  if (fulfilments.length > 0) {
    const orders = await models.Order.findAll({
      where: { id: { [Op.in]: [...new Set(fulfilments.map((row) => Number(row.order_id)))] } },
      attributes: ['id', 'channel_id'],
      raw: true,
    });
    const channelOf = new Map(orders.map((order) => [Number(order.id), Number(order.channel_id)]));
    for (const row of fulfilments) {
      const channelId = channelOf.get(Number(row.order_id));
      if (channelId !== undefined) add(channelId, row);
    }
  }
  const copies = (await models.PluginOrder.findAll({
    where: { [Op.and]: [staleClaimWhere('plugin_order', now), { plugin_id: { [Op.in]: ids } }] },
    attributes: ['plugin_id', 'lease_until', 'updated_at'],
    raw: true,
  })) as unknown as (Pick<ClaimRow, 'lease_until' | 'updated_at'> & { plugin_id: number })[];
  for (const row of copies) add(Number(row.plugin_id), row);
  const listings = (await models.ChannelProduct.findAll({
    where: { [Op.and]: [staleClaimWhere('stock_push', now), { channel_id: { [Op.in]: ids } }] },
    attributes: ['channel_id', 'lease_until', 'updated_at'],
    raw: true,
  })) as unknown as (Pick<ClaimRow, 'lease_until' | 'updated_at'> & { channel_id: number })[];
  for (const row of listings) add(Number(row.channel_id), row);
  return stuck;
}
