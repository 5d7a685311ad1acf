import { Op, type Transaction } from 'sequelize';
import { channelQuantity, JOB_NAMES, PRODUCT_SYNC_STATUS, rooms, type Publish } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { JobScheduler } from '../../jobs/job-scheduler';
import { availabilityOf } from '../products/product-availability';
import { stockSettingsOf } from './channel-quantities';

/** Ids per IN (…) list: well under every dialect's limits, and small enough to keep plans cheap. */
export const ID_CHUNK = 1000;

export function chunksOf<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** How many ids a realtime event names before it just says "the list changed". */
export const MAX_EVENT_IDS = 100;

const INVENTORY_LEVEL_PENDING = PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value;
/**
 * Listings the recompute leaves alone: already waiting for a push (pending, inventory level
 * pending) or excluded from sync by the seller.
 */
const NOT_REMARKED = [
  PRODUCT_SYNC_STATUS.byKey('pending').value,
  INVENTORY_LEVEL_PENDING,
  PRODUCT_SYNC_STATUS.byKey('excluded').value,
];

/** What each product's listings are told: its available quantity and its own auto_sync_stock. */
export async function productStockOf(
  models: Models,
  productIds: number[],
  transaction?: Transaction,
): Promise<Map<number, { available: number; autoSyncStock: boolean }>> {
  const ids = [...new Set(productIds)];
  const result = new Map<number, { available: number; autoSyncStock: boolean }>();
  if (ids.length === 0) return result;
  const available = await availabilityOf(models, ids, transaction);
  for (const chunk of chunksOf(ids)) {
    const rows = await models.Product.findAll({
      where: { id: { [Op.in]: chunk } },
      attributes: ['id', 'auto_sync_stock'],
      raw: true,
      transaction,
    });
    for (const row of rows) {
      result.set(row.id, {
        available: available.get(row.id) ?? 0,
        autoSyncStock: Boolean(row.auto_sync_stock),
      });
    }
  }
  return result;
}

/**
 * The quantity each listing of one channel will be told (`ChannelProductDto.target_quantity`):
 * null for an unmatched listing, or when the channel's or the product's auto sync is off.
 */
export async function targetsOf(
  models: Models,
  channelSettings: Record<string, unknown> | null | undefined,
  listings: readonly { id: number; product_id: number | null }[],
): Promise<Map<number, number | null>> {
  const settings = stockSettingsOf(channelSettings);
  const stock = await productStockOf(
    models,
    listings.flatMap((listing) => (listing.product_id === null ? [] : [listing.product_id])),
  );
  const result = new Map<number, number | null>();
  for (const listing of listings) {
    const product = listing.product_id === null ? undefined : stock.get(listing.product_id);
    result.set(
      listing.id,
      product ? channelQuantity(product.available, settings, product.autoSyncStock).quantity : null,
    );
  }
  return result;
}

/**
 * After stock changed (or listings were matched): every listing of those products, on a sales
 * channel of the store that is told its stock, whose target differs from what was last pushed is
 * marked 'inventory level pending' for the sync engine to push. A handful of statements however
 * many listings: channels, listings and products are read in bulk, and the marks are written in
 * IN (…) chunks. Answers how many listings were marked.
 */
export async function markTargetsChanged(
  deps: { models: Models; publish: Publish; jobs?: JobScheduler },
  storeId: number,
  productIds: readonly number[],
): Promise<number> {
  const { models } = deps;
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return 0;
  const channels = await models.Channel.findAll({
    where: { store_id: storeId, kind: 'channel' },
    attributes: ['id', 'settings'],
  });
  const settingsOf = new Map(
    channels
      .map((channel) => [channel.id, stockSettingsOf(channel.settings)] as const)
      // A channel that is not told its stock needs no mark; its listings are not even read.
      .filter(([, settings]) => channelQuantity(0, settings).quantity !== null),
  );
  if (settingsOf.size === 0) return 0;

  const listings: { id: number; channel_id: number; product_id: number; pushed_quantity: number | null }[] =
    [];
  for (const chunk of chunksOf(ids)) {
    const rows = await models.ChannelProduct.findAll({
      where: {
        product_id: { [Op.in]: chunk },
        channel_id: { [Op.in]: [...settingsOf.keys()] },
        sync_status: { [Op.notIn]: NOT_REMARKED },
      },
      attributes: ['id', 'channel_id', 'product_id', 'pushed_quantity'],
      raw: true,
    });
    for (const row of rows) listings.push(row as (typeof listings)[number]);
  }
  if (listings.length === 0) return 0;

  const stock = await productStockOf(
    models,
    listings.map((listing) => listing.product_id),
  );
  const marked: number[] = [];
  const markedByChannel = new Map<number, number[]>();
  for (const listing of listings) {
    const product = stock.get(listing.product_id);
    if (!product) continue;
    const target = channelQuantity(
      product.available,
      settingsOf.get(listing.channel_id),
      product.autoSyncStock,
    ).quantity;
    if (target !== null && target !== listing.pushed_quantity) {
      marked.push(listing.id);
      const ofChannel = markedByChannel.get(listing.channel_id);
      if (ofChannel) ofChannel.push(listing.id);
      else markedByChannel.set(listing.channel_id, [listing.id]);
    }
  }
  for (const chunk of chunksOf(marked)) {
    await models.ChannelProduct.update(
      { sync_status: INVENTORY_LEVEL_PENDING },
      { where: { id: { [Op.in]: chunk }, sync_status: { [Op.notIn]: NOT_REMARKED } } },
    );
  }
  for (const [channelId, listingIds] of markedByChannel) {
    deps.publish({
      name: 'catalogue:changed',
      rooms: [rooms.store(storeId)],
      payload: {
        storeId,
        subject: 'channel_products',
        channelId,
        ...(listingIds.length <= MAX_EVENT_IDS ? { ids: listingIds } : {}),
      },
    });
    // One run per channel pushes every pending listing; extra runs of a burst find nothing to do.
    await deps.jobs?.enqueue(JOB_NAMES.submitInventory, { channelId });
  }
  return marked.length;
}
