import { Op, type InferCreationAttributes } from 'sequelize';
import {
  CHANNEL_PRODUCT_SYNC_STATUS,
  channelQuantity,
  JOB_NAMES,
  PRODUCT_SYNC_STATUS,
  rooms,
  type Publish,
} from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { StockPushRecord } from '../../db/stock-push.models';
import type { JobScheduler } from '../../jobs/job-scheduler';
import { stockSettingsOf } from '../../modules/channel-products/channel-quantities';
import {
  chunksOf,
  markTargetsChanged,
  MAX_EVENT_IDS,
} from '../../modules/channel-products/channel-product-targets';
import {
  openLease,
  RELEASED,
  releaseStaleClaims,
  retryOnDeadlock,
  unleased,
} from '../outbound-claims/outbound-claims';
import { lowersFirst, relistGuard, type OrdersFreshness } from './relist-guard';
import { stockInputsOf, type StockInputs } from './stock-inputs';

/** One listing's level as the channel is told it (the connector's StockLevel shape). */
export interface StockLevelOut {
  sku: string;
  remoteId: string | null;
  quantity: number;
  /**
   * What we last knew the channel to hold (our last push, else what it reported): a channel that
   * sets stock by compare-and-swap (Shopify) refuses the set when someone changed it there meanwhile.
   */
  lastKnownQuantity: number | null;
}

/** The channel's side of a push, supplied by the job from the channel's connector. */
export interface StockPusher {
  /** The most levels one call may carry. */
  batchSize: number;
  push(levels: StockLevelOut[]): Promise<{
    accepted: string[];
    rejected: { sku: string; reason: string }[];
    /** SKUs the channel held at another figure than we knew (changed there), read before pushing again. */
    channelHad?: { sku: string; quantity: number }[];
  }>;
}

export interface StockPushSummary {
  pushed: number;
  failed: number;
  held: number;
  /** Listings this run held back (left pending for the run after the next order download). */
  heldIds: number[];
}

export const STOCK_PUSH_MESSAGES = {
  pushOff: 'Push stock levels is off in this channel’s settings, so its stock is not sent.',
  notOffered: 'This channel does not take stock levels from us.',
  notMatched: 'Match this listing to a product before pushing its stock.',
  noAnswer: 'The channel did not say whether it took this quantity.',
  noSku: 'This listing has no SKU the channel knows it by.',
  /** Someone changed the quantity at the channel since our last push: what it had, then ours. */
  changedAtChannel: (had: number, knew: number | null) =>
    `The channel had ${had}${knew === null ? '' : ` (we last knew ${knew})`}: changed there since our last push; ours was set from that figure.`,
} as const;

const PENDING = PRODUCT_SYNC_STATUS.byKey('pending').value;
const LEVEL_PENDING = PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value;
const IN_PROGRESS = PRODUCT_SYNC_STATUS.byKey('inventory_level_in_progress').value;
const SYNCED = PRODUCT_SYNC_STATUS.byKey('synced').value;
const FAILED = PRODUCT_SYNC_STATUS.byKey('failed').value;
const UNMATCHED = CHANNEL_PRODUCT_SYNC_STATUS.byKey('unmatched').value;
const WAITING = [PENDING, LEVEL_PENDING];

const isOn = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

export interface PushChannelStockDependencies {
  models: Models;
  publish: Publish;
  jobs: JobScheduler;
}

export interface PushChannelStockOptions {
  /** The channel's operation is `calls: 0` in the catalogue: fail the listings without a call. */
  offered?: boolean;
  /** What we know of the channel's orders now (relist guard). */
  freshness: OrdersFreshness;
  now?: () => Date;
  /** A retry of a failed push (from the transaction records): the listings that failed wait again. */
  resendFailed?: boolean;
}

interface Planned {
  listingId: number;
  productId: number;
  sku: string;
  remoteId: string | null;
  previous: number | null;
  quantity: number;
  inputs: StockInputs;
}

/**
 * Tells one channel the stock of every listing waiting for it (sync status pending or inventory
 * level pending). Each listing is claimed (in progress) before its quantity is worked out, so the
 * number sent is the latest one: a burst of changes queues several runs, the first sends the last
 * value and the others find nothing to do. Lowers go out before raises, raises wait while the
 * channel has orders we have not imported (relist guard), and every listing gets a provenance row.
 * A change that lands while a push is in flight is caught by the recompute at the end.
 */
export async function pushChannelStock(
  deps: PushChannelStockDependencies,
  channel: Channel,
  pusher: StockPusher,
  options: PushChannelStockOptions,
): Promise<StockPushSummary> {
  const { models } = deps;
  const now = options.now ?? (() => new Date());
  const summary: StockPushSummary = { pushed: 0, failed: 0, held: 0, heldIds: [] };
  const pushedProducts = new Set<number>();
  if (options.resendFailed) {
    await models.ChannelProduct.update(
      { sync_status: LEVEL_PENDING, ...RELEASED },
      { where: { channel_id: channel.id, sync_status: FAILED } },
    );
  }
  // A worker killed mid-push leaves its listings in progress: once their lease ran out they wait
  // again (the sweep does the same every minute), and this run sends their quantity as it is now.
  await releaseStaleClaims(models, 'stock_push', { channel_id: channel.id }, { now: now() });
  const waiting = await models.ChannelProduct.findAll({
    where: { channel_id: channel.id, sync_status: { [Op.in]: WAITING }, ...unleased(now()) },
    attributes: [
      'id',
      'product_id',
      'sku',
      'remote_sku',
      'quantity',
      'pushed_quantity',
      'channel_product_id',
      'downloaded_at',
    ],
    order: [['id', 'ASC']],
    raw: true,
  });
  if (waiting.length === 0) return summary;

  // One claim per listing: the UPDATE's count says whether this run (and no other) took it. The
  // lease is the only claim rule: renewed while the push waits (a Mirakl file a minute), it lapses
  // only when its run is gone. A listing re-marked by a stock change while a run's call for it is
  // in flight keeps that run's lease, so no second run sends it until the first has settled: two
  // calls for one SKU never race, and the last value sent is the last one worked out.
  const lease = openLease(models, 'stock_push');
  const claimed: typeof waiting = [];
  try {
    for (const listing of waiting) {
      const [count] = await retryOnDeadlock(() =>
        models.ChannelProduct.update(
          { sync_status: IN_PROGRESS, ...lease.claimValues() },
          { where: { id: listing.id, sync_status: { [Op.in]: WAITING }, ...unleased(now()) } },
        ),
      );
      if (count === 1) {
        claimed.push(listing);
        lease.hold([listing.id]);
      }
    }
  } finally {
    if (claimed.length === 0) await lease.close();
  }
  if (claimed.length === 0) return summary;

  const records: Omit<InferCreationAttributes<StockPushRecord>, 'id'>[] = [];
  const record = (
    listing: { id: number; sku: string | null },
    outcome: StockPushRecord['outcome'],
    values: Partial<Pick<StockPushRecord, 'quantity' | 'previous_quantity' | 'note'>> & {
      inputs?: StockInputs;
    },
  ) => {
    records.push({
      company_id: channel.company_id,
      store_id: channel.store_id,
      channel_id: channel.id,
      channel_product_id: listing.id,
      sku: listing.sku,
      quantity: values.quantity ?? null,
      previous_quantity: values.previous_quantity ?? null,
      on_hand: values.inputs?.onHand ?? null,
      kit_components: values.inputs?.kitComponents ?? null,
      buffer: values.inputs?.buffer ?? null,
      cap: values.inputs?.cap ?? null,
      note: values.note ?? null,
      outcome,
      log_id: null,
      pushed_at: now(),
    });
  };
  const finish = async (ids: number[], values: { sync_status: number; pushed_quantity?: number }) => {
    if (ids.length === 0) return;
    // Only rows still in progress under this run's claim: a listing re-marked meanwhile keeps its
    // mark for the next run.
    await models.ChannelProduct.update(
      { ...values, ...RELEASED, ...(values.sync_status === SYNCED ? { pushed_at: now() } : {}) },
      { where: { id: { [Op.in]: ids }, sync_status: IN_PROGRESS, claimed_by: lease.owner } },
    );
  };
  const failAll = async (listings: { id: number; sku: string | null }[], note: string) => {
    for (const listing of listings) record(listing, 'failed', { note });
    await finish(
      listings.map((listing) => listing.id),
      { sync_status: FAILED },
    );
    summary.failed += listings.length;
  };

  const settings = channel.settings ?? {};
  const skuOf = (listing: (typeof claimed)[number]) => listing.sku ?? listing.remote_sku;
  try {
    if (!isOn(settings.push_stock_levels)) {
      await failAll(claimed, STOCK_PUSH_MESSAGES.pushOff);
      return summary;
    }
    if (options.offered === false) {
      await failAll(claimed, STOCK_PUSH_MESSAGES.notOffered);
      return summary;
    }
    // A shop-only listing has no stock of ours to send: nothing was tried, so it is Unmatched,
    // not a failed push, and stays out of the failures until the seller matches it.
    const unmatched = claimed.filter((listing) => listing.product_id === null);
    await finish(
      unmatched.map((listing) => listing.id),
      { sync_status: UNMATCHED },
    );
    const noSku = claimed.filter((listing) => listing.product_id !== null && !skuOf(listing));
    await failAll(noSku, STOCK_PUSH_MESSAGES.noSku);
    const matched = claimed.filter((listing) => listing.product_id !== null && skuOf(listing));

    // Worked out now, after the claim: whatever changed before this moment is in the number.
    const stockSettings = stockSettingsOf(settings);
    const inputs = await stockInputsOf(
      models,
      matched.map((listing) => listing.product_id!),
      stockSettings,
    );
    const planned: Planned[] = [];
    const off: { listing: (typeof claimed)[number]; note: string; inputs?: StockInputs }[] = [];
    for (const listing of matched) {
      const input = inputs.get(listing.product_id!);
      const told = input
        ? channelQuantity(input.available, stockSettings, input.autoSyncStock)
        : { quantity: null, explanation: [STOCK_PUSH_MESSAGES.notMatched] };
      if (!input || told.quantity === null) {
        off.push({ listing, note: told.explanation.join('; '), inputs: input });
        continue;
      }
      planned.push({
        listingId: listing.id,
        productId: listing.product_id!,
        sku: skuOf(listing)!,
        // A downloaded listing carries the id its provider's stock push names (the connector's
        // contract: Shopify's inventory item); one from a file may hold any id of the channel's
        // (a variant), so the connector looks its SKU up rather than trust a guess.
        remoteId: listing.downloaded_at ? (listing.channel_product_id ?? null) : null,
        previous: listing.pushed_quantity ?? listing.quantity,
        quantity: told.quantity,
        inputs: input,
      });
    }
    for (const { listing, note, inputs: input } of off) record(listing, 'failed', { note, inputs: input });
    await finish(
      off.map(({ listing }) => listing.id),
      { sync_status: FAILED },
    );
    summary.failed += off.length;

    const going: Planned[] = [];
    const held: Planned[] = [];
    for (const level of planned) {
      const decision = relistGuard(level.previous, level.quantity, options.freshness);
      if (decision.action === 'hold') {
        held.push(level);
        record({ id: level.listingId, sku: level.sku }, 'held', {
          quantity: level.quantity,
          previous_quantity: level.previous,
          note: decision.note,
          inputs: level.inputs,
        });
      } else going.push(level);
    }
    // Held raises wait as pending; the run after the next order download sends them.
    if (held.length > 0) {
      await models.ChannelProduct.update(
        { sync_status: LEVEL_PENDING, ...RELEASED },
        {
          where: {
            id: { [Op.in]: held.map((level) => level.listingId) },
            sync_status: IN_PROGRESS,
            claimed_by: lease.owner,
          },
        },
      );
      summary.held += held.length;
      summary.heldIds.push(...held.map((level) => level.listingId));
    }

    const ordered = lowersFirst(going);
    const lowers = ordered.filter((level) => level.previous !== null && level.quantity < level.previous);
    const rest = ordered.slice(lowers.length);
    const batches = [
      ...chunksOf(lowers, Math.max(1, pusher.batchSize)),
      ...chunksOf(rest, Math.max(1, pusher.batchSize)),
    ];
    for (let index = 0; index < batches.length; index += 1) {
      const batch = batches[index]!;
      let answer: Awaited<ReturnType<StockPusher['push']>>;
      try {
        answer = await pusher.push(
          batch.map((level) => ({
            sku: level.sku,
            remoteId: level.remoteId,
            quantity: level.quantity,
            lastKnownQuantity: level.previous,
          })),
        );
      } catch (error) {
        // The channel refused the call itself: this batch and the ones not sent yet fail with its words.
        const note = error instanceof Error ? error.message : String(error);
        for (const level of batches.slice(index).flat()) {
          record({ id: level.listingId, sku: level.sku }, 'failed', {
            quantity: level.quantity,
            previous_quantity: level.previous,
            note,
            inputs: level.inputs,
          });
        }
        const failed = batches.slice(index).flat();
        await finish(
          failed.map((level) => level.listingId),
          { sync_status: FAILED },
        );
        summary.failed += failed.length;
        throw error;
      }
      const accepted = new Set(answer.accepted);
      const rejected = new Map(answer.rejected.map((entry) => [entry.sku, entry.reason]));
      const channelHad = new Map((answer.channelHad ?? []).map((entry) => [entry.sku, entry.quantity]));
      for (const level of batch) {
        const had = channelHad.get(level.sku);
        const values = {
          quantity: level.quantity,
          // What the channel really held before this push, when it was not what we knew.
          previous_quantity: had ?? level.previous,
          inputs: level.inputs,
          ...(had !== undefined ? { note: STOCK_PUSH_MESSAGES.changedAtChannel(had, level.previous) } : {}),
        };
        if (accepted.has(level.sku) && !rejected.has(level.sku)) {
          record({ id: level.listingId, sku: level.sku }, 'pushed', values);
          await finish([level.listingId], { sync_status: SYNCED, pushed_quantity: level.quantity });
          pushedProducts.add(level.productId);
          summary.pushed += 1;
        } else {
          const note = rejected.get(level.sku) ?? STOCK_PUSH_MESSAGES.noAnswer;
          record({ id: level.listingId, sku: level.sku }, 'failed', { ...values, note });
          await finish([level.listingId], { sync_status: FAILED });
          summary.failed += 1;
        }
      }
    }
    return summary;
  } finally {
    await lease.close();
    // Listings re-marked while this run held them waited behind its lease; released now, a run of
    // their own sends them (the one their change queued found them held and left).
    const [remarked] = await retryOnDeadlock(() =>
      models.ChannelProduct.update(
        { ...RELEASED },
        { where: { channel_id: channel.id, claimed_by: lease.owner, sync_status: { [Op.in]: WAITING } } },
      ),
    );
    if (remarked > 0) await deps.jobs.enqueue(JOB_NAMES.submitInventory, { channelId: channel.id });
    for (const chunk of chunksOf(records, 500)) await models.StockPushRecord.bulkCreate(chunk);
    announce(
      deps.publish,
      channel,
      claimed.map((listing) => listing.id),
    );
    // A stock change while the push was in flight compared against the old pushed figure; compare
    // again now, so the newest value is queued if it differs from what just went out.
    // Only what went out: a failed listing waits for the next change or a resend, never a loop.
    await markTargetsChanged(deps, channel.store_id, [...pushedProducts]);
  }
}

function announce(publish: Publish, channel: Channel, ids: number[]): void {
  publish({
    name: 'catalogue:changed',
    rooms: [rooms.store(channel.store_id)],
    payload: {
      storeId: channel.store_id,
      subject: 'channel_products',
      channelId: channel.id,
      ...(ids.length <= MAX_EVENT_IDS ? { ids } : {}),
    },
  });
}
