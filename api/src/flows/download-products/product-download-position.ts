import { Op, type Transaction } from 'sequelize';
import type { Models } from '../../db/models';

/** A download's running figures, saved with each page (so a resumed run goes on counting). */
export interface ProductDownloadCounts {
  pages: number;
  /** Listings the channel handed over and we stored (created, updated or unchanged). */
  listings: number;
  /** Of those, matched to a product of ours (by SKU now, or already). */
  matched: number;
  /** Products created for unknown SKUs (add_to_products). */
  newProducts: number;
  /** Listings without a usable id, left out. */
  skipped: number;
}

export const NO_COUNTS: ProductDownloadCounts = {
  pages: 0,
  listings: 0,
  matched: 0,
  newProducts: 0,
  skipped: 0,
};

/** Where a channel's download stands: the cursor of the next page to ask for and the figures so far. */
export interface ProductDownloadPosition {
  cursor: string | null;
  counts: ProductDownloadCounts;
  startedAt: Date;
  /** True when this run picks up a download a previous run left midway. */
  resumed: boolean;
}

function countsOf(text: string | null): ProductDownloadCounts {
  if (!text) return { ...NO_COUNTS };
  try {
    const parsed = JSON.parse(text) as Partial<ProductDownloadCounts>;
    const read = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
    return {
      pages: read(parsed.pages),
      listings: read(parsed.listings),
      matched: read(parsed.matched),
      newProducts: read(parsed.newProducts),
      skipped: read(parsed.skipped),
    };
  } catch {
    return { ...NO_COUNTS };
  }
}

async function stateRow(models: Models, channelId: number) {
  const found = await models.ChannelSyncState.findByPk(channelId);
  if (found) return found;
  await models.ChannelSyncState.bulkCreate([{ channel_id: channelId }], { ignoreDuplicates: true });
  return (await models.ChannelSyncState.findByPk(channelId))!;
}

/** A claim not refreshed for this long was left by a dead run (a page takes seconds, not minutes). */
export const PRODUCT_DOWNLOAD_CLAIM_STALE_MS = 5 * 60_000;

/**
 * Takes the channel's download for this run: false while another run holds a fresh claim. One
 * conditional UPDATE, so of two runs at once exactly one gets it.
 */
export async function claimProductDownload(
  { models }: { models: Models },
  channelId: number,
  now = new Date(),
): Promise<boolean> {
  await stateRow(models, channelId);
  const [claimed] = await models.ChannelSyncState.update(
    { products_claimed_at: now },
    {
      where: {
        channel_id: channelId,
        [Op.or]: [
          { products_claimed_at: null },
          { products_claimed_at: { [Op.lt]: new Date(now.getTime() - PRODUCT_DOWNLOAD_CLAIM_STALE_MS) } },
        ],
      },
    },
  );
  return claimed === 1;
}

/** Lets the next run take the download (the end, a failure, or a wait for the channel's export). */
export async function releaseProductDownload(
  { models }: { models: Models },
  channelId: number,
): Promise<void> {
  await models.ChannelSyncState.update({ products_claimed_at: null }, { where: { channel_id: channelId } });
}

/**
 * Starts a download, or resumes the one a previous run left midway (a crashed worker, a provider
 * still preparing its export): its cursor and figures are where the last stored page left them.
 * `restart` drops such a download and begins again.
 */
export async function beginProductDownload(
  { models }: { models: Models },
  channelId: number,
  options: { restart?: boolean; now?: Date } = {},
): Promise<ProductDownloadPosition> {
  const state = await stateRow(models, channelId);
  if (state.products_download_started_at && !options.restart) {
    return {
      cursor: state.products_cursor,
      counts: countsOf(state.products_download_counts),
      startedAt: state.products_download_started_at,
      resumed: true,
    };
  }
  const startedAt = options.now ?? new Date();
  await state.update({
    products_cursor: null,
    products_download_started_at: startedAt,
    products_download_counts: JSON.stringify(NO_COUNTS),
  });
  return { cursor: null, counts: { ...NO_COUNTS }, startedAt, resumed: false };
}

/** Whether a download was left midway (to resume), so a resume-only run has something to do. */
export async function productDownloadInProgress(
  { models }: { models: Models },
  channelId: number,
): Promise<boolean> {
  const state = await models.ChannelSyncState.findByPk(channelId, {
    attributes: ['products_download_started_at'],
  });
  return Boolean(state?.products_download_started_at);
}

/** Moves the download past a stored page; called inside the page's transaction. */
export async function advanceProductDownload(
  { models }: { models: Models },
  channelId: number,
  cursor: string | null,
  counts: ProductDownloadCounts,
  transaction?: Transaction,
): Promise<void> {
  await models.ChannelSyncState.update(
    // The claim is refreshed with each page: a long download is never taken for a dead one.
    {
      products_cursor: cursor,
      products_download_counts: JSON.stringify(counts),
      products_claimed_at: new Date(),
    },
    { where: { channel_id: channelId }, transaction },
  );
}

/** The download reached its last page: nothing to resume any more. */
export async function finishProductDownload(
  { models }: { models: Models },
  channelId: number,
  at = new Date(),
): Promise<void> {
  await models.ChannelSyncState.update(
    {
      products_cursor: null,
      products_download_started_at: null,
      products_download_counts: null,
      products_downloaded_at: at,
    },
    { where: { channel_id: channelId } },
  );
}

/**
 * The channel refused or failed midway: the next run starts over rather than resuming a cursor
 * the provider may no longer honour (an export that failed, an expired bulk operation). Pages
 * stored so far stay; storing them again writes nothing.
 */
export async function abandonProductDownload(
  { models }: { models: Models },
  channelId: number,
): Promise<void> {
  await models.ChannelSyncState.update(
    { products_cursor: null, products_download_started_at: null, products_download_counts: null },
    { where: { channel_id: channelId } },
  );
}
