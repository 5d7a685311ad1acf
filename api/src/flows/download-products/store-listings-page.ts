import { randomUUID } from 'node:crypto';
import { Op, type Sequelize } from 'sequelize';
import { CHANNEL_PRODUCT_SYNC_STATUS, rooms, type Publish } from '@syncdesk/contracts';
import type { ChannelListingInput } from '@syncdesk/integrations';
import type { ChannelProduct } from '../../db/catalogue.models';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { RequestScope } from '../../http/request-scope';
import type { ScopeService } from '../../modules/auth/scope.service';
import { updateRowsById } from '../../modules/channel-products/bulk-update';
import type { ChannelProductService } from '../../modules/channel-products/channel-product.service';
import { chunksOf } from '../../modules/channel-products/channel-product-targets';
import { moneyOf } from '../../modules/channel-products/channel-product.mapper';
import { findProductsBySku, resolveSkus, SkuIndex } from '../../modules/channel-products/sku-matching';
import { createCatalogueWrite, type CatalogueWrite } from '../../modules/products/catalogue-writes';
import type { ProductServices } from '../../modules/products/product-services';
import { advanceProductDownload, type ProductDownloadCounts } from './product-download-position';

export interface ProductDownloadDependencies {
  sequelize: Sequelize;
  models: Models;
  publish: Publish;
  scopes: ScopeService;
  /** The products service and stock engine (Services spreads ProductServices). */
  products: ProductServices['products'];
  stock: ProductServices['stock'];
  channelProducts: Pick<ChannelProductService, 'recomputeTargets'>;
}

const UNMATCHED = CHANNEL_PRODUCT_SYNC_STATUS.byKey('unmatched').value;

/** Listing columns a download writes (never the stock push's status, claim and pushed columns). */
const DOWNLOADED_COLUMNS = [
  'sku',
  'title',
  'quantity',
  'price',
  'parent_remote_id',
  'barcode',
  'currency',
  'image_url',
  'weight_grams',
  'listing_extra',
  'product_id',
  'matched_sku',
] as const;
type DownloadedColumn = (typeof DOWNLOADED_COLUMNS)[number];
type ListingValues = { [C in DownloadedColumn]: ChannelProduct[C] };

/** A setting switched on, as forms and the api store it. */
const isOn = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** What the channel's settings ask of a download (integration-domain §3, product download). */
export interface DownloadSettings {
  /** Default on (spec §9): listings find the product with their SKU. */
  autoMatch: boolean;
  addToProducts: boolean;
  initialStock: boolean;
  images: boolean;
  dimensions: boolean;
}

export function downloadSettingsOf(settings: Record<string, unknown>): DownloadSettings {
  return {
    autoMatch: settings.auto_match_product === undefined ? true : isOn(settings.auto_match_product),
    addToProducts: isOn(settings.add_to_products),
    initialStock: isOn(settings.set_initial_stock_levels),
    images: isOn(settings.download_product_images),
    dimensions: isOn(settings.download_product_dimensions),
  };
}

const writers = new WeakMap<Sequelize, CatalogueWrite>();
/** One transaction runner per database (it serialises writes on SQLite and retries deadlocks). */
const writerOf = (sequelize: Sequelize) => {
  let write = writers.get(sequelize);
  if (!write) {
    write = createCatalogueWrite(sequelize);
    writers.set(sequelize, write);
  }
  return write;
};

const text = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
};
const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.max(-2_147_483_648, Math.min(2_147_483_647, Math.trunc(value)))
    : null;

/**
 * The company's owner acts for the download: products it creates are theirs, as a file import of
 * theirs would create them. Null when the company has no owner (then nothing is created).
 */
async function ownerScope(deps: ProductDownloadDependencies, channel: Channel): Promise<RequestScope | null> {
  const company = await deps.models.Company.findByPk(channel.company_id, {
    attributes: ['id', 'owner_user_id'],
  });
  if (!company?.owner_user_id) return null;
  return deps.scopes.scopeFor(
    {
      userId: company.owner_user_id,
      companyId: company.id,
      tokenId: `channel:${channel.uuid}:get_products`,
      tokenExpiresAt: null,
    },
    { clientIp: '127.0.0.1', via: 'api' },
  );
}

async function storedListings(
  models: Models,
  channelId: number,
  remoteIds: readonly string[],
  transaction?: Parameters<typeof updateRowsById>[3],
): Promise<Map<string, ChannelProduct>> {
  const stored = new Map<string, ChannelProduct>();
  for (const chunk of chunksOf([...remoteIds])) {
    const rows = await models.ChannelProduct.findAll({
      where: { channel_id: channelId, channel_product_id: { [Op.in]: chunk } },
      transaction,
    });
    for (const row of rows) stored.set(row.channel_product_id, row);
  }
  return stored;
}

const same = (column: DownloadedColumn, before: unknown, after: unknown) =>
  column === 'price' ? moneyOf(before) === moneyOf(after) : (before ?? null) === (after ?? null);

/**
 * Stores one page of a channel's listings and moves the download past it, in one transaction: a
 * crash before the commit leaves both the listings and the cursor as they were (the page is read
 * again), after it both moved. Listings are keyed on (channel, the channel's id of the listing), so
 * storing a page twice never duplicates one.
 *
 * With auto_match_product (default on) a listing not matched yet finds our product with its SKU; a
 * listing already matched, by hand or before, keeps its product. With add_to_products an unknown SKU
 * becomes a product, created before the transaction through the products service (one product per
 * SKU whatever runs at once, so a page read again finds it and creates nothing). Its stock starts at
 * the channel's quantity only with set_initial_stock_levels, and only for a product created here:
 * stock we already hold is what we sell from and push to every channel, and a channel's figure
 * (often stale, or lowered by its own buffer) must never overwrite it. Unknown SKUs otherwise stay
 * as unmatched listings, visible to the seller.
 */
export async function storeListingsPage(
  deps: ProductDownloadDependencies,
  channel: Channel,
  listings: readonly ChannelListingInput[],
  progress: { next: string | null; counts: ProductDownloadCounts },
  now = new Date(),
): Promise<ProductDownloadCounts> {
  const { models } = deps;
  const settings = downloadSettingsOf(channel.settings ?? {});
  const counts: ProductDownloadCounts = { ...progress.counts, pages: progress.counts.pages + 1 };

  // 1. One entry per listing id (the last wins); a listing without an id cannot be kept.
  const byRemoteId = new Map<string, ChannelListingInput>();
  for (const listing of listings) {
    const remoteId = text(listing.remoteId, 190);
    if (!remoteId) counts.skipped += 1;
    else byRemoteId.set(remoteId, listing);
  }
  const remoteIds = [...byRemoteId.keys()];

  // 2. Products for the SKUs of listings not matched yet (created when the seller asked for it).
  const before = await storedListings(models, channel.id, remoteIds);
  const wanted = new Map<string, ChannelListingInput>();
  if (settings.autoMatch) {
    for (const [remoteId, listing] of byRemoteId) {
      const sku = text(listing.sku, 190);
      const stored = before.get(remoteId);
      if (sku && (!stored || stored.product_id === null) && !wanted.has(SkuIndex.fold(sku))) {
        wanted.set(SkuIndex.fold(sku), listing);
      }
    }
  }
  let index = new SkuIndex();
  if (wanted.size > 0) {
    const skus = [...wanted.values()].map((listing) => text(listing.sku, 190)!);
    const scope = settings.addToProducts ? await ownerScope(deps, channel) : null;
    if (scope) {
      const products: ProductServices = { products: deps.products, stock: deps.stock };
      const resolved = await resolveSkus({ models, products }, scope, channel.store_id, skus, {
        sourceRef: `channel:${channel.id}`,
        missing: (sku) => {
          const listing = wanted.get(SkuIndex.fold(sku))!;
          return {
            sku,
            title: text(listing.title, 255),
            price: moneyOf(listing.price),
            quantity: settings.initialStock ? Math.max(0, whole(listing.quantity) ?? 0) : undefined,
          };
        },
      });
      index = resolved.index;
      counts.newProducts += resolved.created;
    } else {
      index = await findProductsBySku(models, channel.store_id, skus);
    }
  }

  // 3. The listings and the download's position, together.
  const newlyMatched = new Set<number>();
  await writerOf(deps.sequelize)(async (transaction) => {
    // The runner may run the work again (a deadlock, a lost unique race): start from nothing.
    newlyMatched.clear();
    const stored = await storedListings(models, channel.id, remoteIds, transaction);
    const inserts: (ListingValues & { channel_product_id: string })[] = [];
    const updates: { id: number; values: ListingValues }[] = [];
    const seen: number[] = [];
    let matched = 0;
    for (const [remoteId, listing] of byRemoteId) {
      const row = stored.get(remoteId);
      const sku = text(listing.sku, 190);
      const next: ListingValues = {
        sku,
        title: text(listing.title, 255),
        quantity: whole(listing.quantity),
        price: moneyOf(listing.price),
        parent_remote_id: text(listing.parentRemoteId, 190),
        barcode: text(listing.barcode, 64),
        currency: text(listing.currency, 3),
        image_url: settings.images ? text(listing.imageUrl, 2048) : (row?.image_url ?? null),
        weight_grams: settings.dimensions ? whole(listing.weightGrams) : (row?.weight_grams ?? null),
        listing_extra:
          listing.extra && Object.keys(listing.extra).length ? JSON.stringify(listing.extra) : null,
        product_id: row?.product_id ?? null,
        matched_sku: row?.matched_sku ?? null,
      };
      if (next.product_id === null && settings.autoMatch && sku) {
        const product = index.get(sku);
        if (product) {
          next.product_id = product.id;
          next.matched_sku = product.sku;
          newlyMatched.add(product.id);
        }
      }
      if (next.product_id !== null) matched += 1;
      if (!row) inserts.push({ ...next, channel_product_id: remoteId });
      else if (DOWNLOADED_COLUMNS.some((column) => !same(column, row[column], next[column])))
        updates.push({ id: row.id, values: next });
      else seen.push(row.id);
    }
    for (const chunk of chunksOf(inserts, 500)) {
      await models.ChannelProduct.bulkCreate(
        chunk.map((values) => ({
          ...values,
          uuid: randomUUID(),
          company_id: channel.company_id,
          store_id: channel.store_id,
          channel_id: channel.id,
          // Matched or not, it starts Unmatched: matching below moves the matched ones to pending
          // (the channel is then told our stock), the others stay out of the stock push.
          sync_status: UNMATCHED,
          downloaded_at: now,
        })),
        { ignoreDuplicates: true, transaction },
      );
    }
    await updateRowsById(
      models.ChannelProduct,
      [...DOWNLOADED_COLUMNS, 'downloaded_at'],
      updates.map(({ id, values }) => ({ id, values: { ...values, downloaded_at: now } })),
      transaction,
    );
    for (const chunk of chunksOf(seen)) {
      await models.ChannelProduct.update(
        { downloaded_at: now },
        { where: { id: { [Op.in]: chunk } }, transaction, silent: true },
      );
    }
    counts.listings = progress.counts.listings + byRemoteId.size;
    counts.matched = progress.counts.matched + matched;
    await advanceProductDownload({ models }, channel.id, progress.next, counts, transaction);
    return inserts.length;
  });

  // 4. After the commit: matched listings' targets are computed (and their pushes queued); pages refetch.
  if (newlyMatched.size > 0) await deps.channelProducts.recomputeTargets(channel.store_id, [...newlyMatched]);
  if (byRemoteId.size > 0) {
    deps.publish({
      name: 'catalogue:changed',
      rooms: [rooms.store(channel.store_id)],
      payload: {
        storeId: channel.store_id,
        subject: 'channel_products',
        channelId: channel.id,
      },
    });
  }
  return counts;
}
