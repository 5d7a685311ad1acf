import { randomUUID } from 'node:crypto';
import { Op, type Attributes, type WhereOptions } from 'sequelize';
import {
  CHANNEL_PRODUCT_SYNC_STATUS,
  JOB_NAMES,
  PRODUCT_LISTING_FILTER,
  PRODUCT_SYNC_STATUS,
  TIKTOK_PRODUCT_FILTER,
  rooms,
  type ChannelProductDto,
  type DeleteChannelProductsInput,
  type ListResponse,
  type MatchBySkuResultDto,
  type ProductSyncStatus,
  type Publish,
  type UpdateChannelProductInput,
} from '@syncdesk/contracts';
import type { ChannelProduct } from '../../db/catalogue.models';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { JobScheduler } from '../../jobs/job-scheduler';
import type { ActivityService } from '../activities/activity.service';
import { findStoreChannel } from '../channels/channel-access';
import type { UpsertRowResult } from '../products/product-batch.types';
import type { ProductServices } from '../products/product-services';
import { updateRowsById } from './bulk-update';
import { CHANNEL_PRODUCT_LIST_SPEC, listSelection, splitListingFilters } from './channel-product-query';
import { chunksOf, markTargetsChanged, MAX_EVENT_IDS, targetsOf } from './channel-product-targets';
import { matchValues, moneyOf, toChannelProductDto } from './channel-product.mapper';
import { resolveSkus, SkuIndex, type MatchedProduct } from './sku-matching';

/** Where a channel's listings live in the api path (`stores/{storeId}/channels/{channelId}/products`). */
export interface ChannelPath {
  storeId: number;
  channelId: number;
}

/** One listing of a batch write (an import file's row, a channel's product download). */
export interface ChannelProductUpsertRow {
  channel_product_id: string;
  sku?: string | null;
  remote_sku?: string | null;
  title?: string | null;
  quantity?: number | null;
  price?: string | null;
  listing_status?: number;
  tiktok_status?: string | null;
  /** Manual match to a product of the store by SKU; null unmatches; absent keeps. */
  matched_sku?: string | null;
}

export const NO_PRODUCT_WITH_SKU = 'There is no product with this SKU in this store.';
export const MATCH_BEFORE_PUSH = 'Match this listing to a product before pushing its stock.';

const PENDING = PRODUCT_SYNC_STATUS.byKey('pending').value;
const UNMATCHED = CHANNEL_PRODUCT_SYNC_STATUS.byKey('unmatched').value;
/** Statuses that mean "the channel must be told": setting one queues the channel's stock push. */
const PUSHING_STATUSES: readonly number[] = [
  PENDING,
  PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value,
];
/** Listing states a listing can be in (the filter's 0 'all' is not one). */
const LISTING_STATES = PRODUCT_LISTING_FILTER.values.filter(
  (value) => value !== PRODUCT_LISTING_FILTER.byKey('all').value,
);
const TIKTOK_STATES = TIKTOK_PRODUCT_FILTER.values.filter(
  (value) => value !== TIKTOK_PRODUCT_FILTER.byKey('all').value,
);
const MAX_INT = 2_147_483_647;
const PRICE = /^\d{1,10}(\.\d{1,2})?$/;

/** The listing columns a batch write sets (never the sync engine's status and push columns). */
const DATA_COLUMNS = [
  'sku',
  'remote_sku',
  'title',
  'quantity',
  'price',
  'listing_status',
  'tiktok_status',
  'product_id',
  'matched_sku',
] as const;
type DataColumn = (typeof DATA_COLUMNS)[number];
type ListingData = Pick<Attributes<ChannelProduct>, DataColumn>;

/** A sales channel's listings: what it sells, which product each is, and what it will be told. */
export interface ChannelProductService {
  list(
    scope: RequestScope,
    path: ChannelPath,
    query: ListQueryInput,
  ): Promise<ListResponse<ChannelProductDto>>;
  show(scope: RequestScope, path: ChannelPath, id: number): Promise<ChannelProductDto>;
  /** Manual match (`matched_sku`: a SKU of the store's products) or unmatch (null). */
  update(
    scope: RequestScope,
    path: ChannelPath,
    id: number,
    input: UpdateChannelProductInput,
  ): Promise<ChannelProductDto>;
  /** Marks one matched listing pending and queues the channel's stock push for it. */
  pushStockLevel(scope: RequestScope, path: ChannelPath, id: number): Promise<ChannelProductDto>;
  /** Sets the sync status of listings of the channel (ids of other channels are ignored); answers how many. */
  updateSyncStatus(
    scope: RequestScope,
    path: ChannelPath,
    ids: number[],
    status: ProductSyncStatus,
  ): Promise<{ updated: number }>;
  /** The same for every listing the list's filters (`query`) select. */
  updateSyncStatusAll(
    scope: RequestScope,
    path: ChannelPath,
    status: ProductSyncStatus,
    query: ListQueryInput,
  ): Promise<{ updated: number }>;
  /** Matches every unmatched listing to the product with its SKU (creating missing ones with add_to_products). */
  matchBySku(scope: RequestScope, path: ChannelPath): Promise<MatchBySkuResultDto>;
  /** Deletes the selection, or with `all` every listing the list's filters select. */
  remove(
    scope: RequestScope,
    path: ChannelPath,
    input: DeleteChannelProductsInput,
    query: ListQueryInput,
  ): Promise<{ deleted: number }>;
  /**
   * Batch write on (channel, channel_product_id), results in row order: auto-match by SKU with the
   * channel's auto_match_product, missing products created with add_to_products. A bad row fails
   * alone; a row that changes nothing writes nothing.
   */
  upsertMany(
    scope: RequestScope,
    storeId: number,
    channelId: number,
    rows: ChannelProductUpsertRow[],
  ): Promise<UpsertRowResult[]>;
  /** After stock changed: marks the products' listings whose target moved (see markTargetsChanged). */
  recomputeTargets(storeId: number, productIds: readonly number[]): Promise<number>;
}

export interface ChannelProductServiceDependencies {
  models: Models;
  publish: Publish;
  jobs: JobScheduler;
  activities: ActivityService;
  products: ProductServices;
}

const isOn = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

type RowError = { field: string; message: string };

/** Checks one batch row; answers the fields it sets (absent: keep) or what is wrong with it. */
function cleanRow(row: ChannelProductUpsertRow): { row: ChannelProductUpsertRow } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const text = (
    field: keyof ChannelProductUpsertRow,
    label: string,
    max: number,
  ): string | null | undefined => {
    const value = row[field];
    if (value === undefined) return undefined;
    if (value === null) return null;
    if (typeof value !== 'string') {
      errors.push({ field, message: `The ${label} must be text.` });
      return undefined;
    }
    const trimmed = value.trim();
    if (trimmed.length > max)
      errors.push({ field, message: `The ${label} may not be greater than ${max} characters.` });
    return trimmed === '' ? null : trimmed;
  };
  const clean: ChannelProductUpsertRow = { channel_product_id: '' };
  const listingId = text('channel_product_id', 'channel product id', 190);
  if (!listingId)
    errors.push({ field: 'channel_product_id', message: 'The channel product id is required.' });
  else clean.channel_product_id = listingId;
  const sku = text('sku', 'SKU', 190);
  if (sku !== undefined) clean.sku = sku;
  const remoteSku = text('remote_sku', 'remote SKU', 190);
  if (remoteSku !== undefined) clean.remote_sku = remoteSku;
  const title = text('title', 'title', 255);
  if (title !== undefined) clean.title = title;
  const matchedSku = text('matched_sku', 'matched SKU', 190);
  if (matchedSku !== undefined) clean.matched_sku = matchedSku;

  if (row.quantity !== undefined) {
    if (row.quantity === null) clean.quantity = null;
    else if (!Number.isInteger(row.quantity) || Math.abs(row.quantity) > MAX_INT)
      errors.push({ field: 'quantity', message: 'The quantity must be a whole number.' });
    else clean.quantity = row.quantity;
  }
  if (row.price !== undefined) {
    const price = row.price === null ? '' : String(row.price).trim();
    if (price === '') clean.price = null;
    else if (!PRICE.test(price))
      errors.push({
        field: 'price',
        message: 'The price must be a number of at least 0 with at most 2 decimals.',
      });
    else clean.price = moneyOf(price);
  }
  if (row.listing_status !== undefined) {
    if (!(LISTING_STATES as number[]).includes(row.listing_status))
      errors.push({
        field: 'listing_status',
        message: 'The listing status must be 1 (draft), 2 (pending) or 4 (live).',
      });
    else clean.listing_status = row.listing_status;
  }
  if (row.tiktok_status !== undefined) {
    const status = typeof row.tiktok_status === 'string' ? row.tiktok_status.trim().toUpperCase() : null;
    if (status === null || status === '') clean.tiktok_status = null;
    else if (!(TIKTOK_STATES as string[]).includes(status))
      errors.push({
        field: 'tiktok_status',
        message: `The TikTok status must be one of: ${TIKTOK_STATES.join(', ')}.`,
      });
    else clean.tiktok_status = status;
  }
  return errors.length > 0 ? { errors } : { row: clean };
}

const sameValue = (column: DataColumn, before: unknown, after: unknown): boolean =>
  column === 'price' ? moneyOf(before) === moneyOf(after) : (before ?? null) === (after ?? null);

export function createChannelProductService(deps: ChannelProductServiceDependencies): ChannelProductService {
  const { models } = deps;

  const channelOf = (scope: RequestScope, path: ChannelPath) =>
    findStoreChannel(models, scope, path.storeId, path.channelId, 'channel');

  async function findListing(channel: Channel, id: number): Promise<ChannelProduct> {
    const row = await models.ChannelProduct.findOne({ where: { id, channel_id: channel.id } });
    if (!row) throw AppError.notFound();
    return row;
  }

  async function dtoOf(channel: Channel, row: ChannelProduct): Promise<ChannelProductDto> {
    const targets = await targetsOf(models, channel.settings, [row]);
    return toChannelProductDto(row, channel, targets.get(row.id) ?? null);
  }

  function announce(channel: Channel, ids?: readonly number[]): void {
    deps.publish({
      name: 'catalogue:changed',
      rooms: [rooms.store(channel.store_id)],
      payload: {
        storeId: channel.store_id,
        subject: 'channel_products',
        channelId: channel.id,
        ...(ids && ids.length <= MAX_EVENT_IDS ? { ids: [...ids] } : {}),
      },
    });
  }

  async function queuePush(channel: Channel, ids?: number[]): Promise<void> {
    await deps.jobs.enqueue(JOB_NAMES.submitInventory, {
      channelId: channel.id,
      ...(ids ? { channelProductIds: ids } : {}),
    });
  }

  /**
   * After listings were matched to these products: the targets that moved are marked (and their
   * pushes queued); a listing still reading Unmatched (its channel is not told stock, or already
   * shows the figure) is pending like any listing never pushed, never Unmatched once matched.
   */
  const recomputeTargets = async (storeId: number, productIds: readonly number[]) => {
    const marked = await markTargetsChanged(deps, storeId, productIds);
    for (const chunk of chunksOf([...new Set(productIds)])) {
      await models.ChannelProduct.update(
        { sync_status: PENDING },
        { where: { store_id: storeId, product_id: { [Op.in]: chunk }, sync_status: UNMATCHED } },
      );
    }
    return marked;
  };

  async function setStatus(
    scope: RequestScope,
    channel: Channel,
    where: WhereOptions<Attributes<ChannelProduct>>,
    status: ProductSyncStatus,
    ids?: number[],
  ): Promise<number> {
    const selected = { [Op.and]: [{ channel_id: channel.id }, where] } as WhereOptions<
      Attributes<ChannelProduct>
    >;
    // Counted, not the UPDATE's answer: a listing already in that status is still one the seller
    // selected (and asking again for pending must still queue a push).
    const updated = await models.ChannelProduct.count({ where: selected });
    if (updated === 0) return 0;
    await models.ChannelProduct.update({ sync_status: status }, { where: selected });
    if (PUSHING_STATUSES.includes(status)) await queuePush(channel, ids);
    await deps.activities.record(scope, {
      event: 'channel_product.sync_status_updated',
      subjectType: 'channel',
      subjectId: channel.id,
      companyId: channel.company_id,
      new: { sync_status: status, channel_products: updated },
    });
    announce(channel, ids);
    return updated;
  }

  return {
    async list(scope, path, query) {
      const channel = await channelOf(scope, path);
      const { rest, conditions } = splitListingFilters(query);
      const page = await findPage(models.ChannelProduct, rest, CHANNEL_PRODUCT_LIST_SPEC, {
        [Op.and]: [{ channel_id: channel.id }, ...conditions],
      } as WhereOptions<Attributes<ChannelProduct>>);
      const targets = await targetsOf(models, channel.settings, page.data);
      return {
        data: page.data.map((row) => toChannelProductDto(row, channel, targets.get(row.id) ?? null)),
        meta: page.meta,
      };
    },

    async show(scope, path, id) {
      const channel = await channelOf(scope, path);
      return dtoOf(channel, await findListing(channel, id));
    },

    async update(scope, path, id, input) {
      const channel = await channelOf(scope, path);
      const row = await findListing(channel, id);
      const before = matchValues(row);
      let product: MatchedProduct | undefined;
      if (input.matched_sku !== null) {
        product = (await resolveSkus(deps, scope, channel.store_id, [input.matched_sku])).index.get(
          input.matched_sku,
        );
        if (!product) throw AppError.validation({ matched_sku: [NO_PRODUCT_WITH_SKU] }, NO_PRODUCT_WITH_SKU);
      }
      const after = { product_id: product?.id ?? null, matched_sku: product?.sku ?? null };
      if (after.product_id !== before.product_id || after.matched_sku !== before.matched_sku) {
        // Unmatched, it has no stock of ours to be told: its own state, never a failure.
        await row.update(product ? after : { ...after, sync_status: UNMATCHED });
        await deps.activities.record(scope, {
          event: product ? 'channel_product.matched' : 'channel_product.unmatched',
          subjectType: 'channel_product',
          subjectId: row.id,
          companyId: channel.company_id,
          old: before,
          new: after,
        });
        if (product) await recomputeTargets(channel.store_id, [product.id]);
        await row.reload();
        announce(channel, [row.id]);
      }
      return dtoOf(channel, row);
    },

    async pushStockLevel(scope, path, id) {
      const channel = await channelOf(scope, path);
      const row = await findListing(channel, id);
      if (row.product_id === null) {
        throw AppError.validation({ channel_product_id: [MATCH_BEFORE_PUSH] }, MATCH_BEFORE_PUSH);
      }
      await row.update({ sync_status: PENDING });
      await queuePush(channel, [row.id]);
      await deps.activities.record(scope, {
        event: 'channel_product.stock_push_requested',
        subjectType: 'channel_product',
        subjectId: row.id,
        companyId: channel.company_id,
        new: { sync_status: PENDING },
      });
      announce(channel, [row.id]);
      return dtoOf(channel, row);
    },

    async updateSyncStatus(scope, path, ids, status) {
      const channel = await channelOf(scope, path);
      const wanted = [...new Set(ids)];
      const found = (
        await models.ChannelProduct.findAll({
          where: { channel_id: channel.id, id: { [Op.in]: wanted } },
          attributes: ['id'],
          raw: true,
        })
      ).map((row) => row.id);
      if (found.length === 0) return { updated: 0 };
      const updated = await setStatus(scope, channel, { id: { [Op.in]: found } }, status, found);
      return { updated };
    },

    async updateSyncStatusAll(scope, path, status, query) {
      const channel = await channelOf(scope, path);
      const updated = await setStatus(scope, channel, listSelection(models.ChannelProduct, query), status);
      return { updated };
    },

    async matchBySku(scope, path) {
      const channel = await channelOf(scope, path);
      const addToProducts = isOn(channel.settings?.add_to_products);
      const initialStock = isOn(channel.settings?.set_initial_stock_levels);
      let matched = 0;
      let created = 0;
      let lastId = 0;
      const matchedProducts = new Set<number>();
      // Page by id so listings left unmatched (no product, no creation) are not read again.
      for (;;) {
        const page = await models.ChannelProduct.findAll({
          where: {
            channel_id: channel.id,
            product_id: null,
            sku: { [Op.ne]: null },
            id: { [Op.gt]: lastId },
          },
          attributes: ['id', 'sku', 'title', 'price', 'quantity'],
          order: [['id', 'ASC']],
          limit: 1000,
          raw: true,
        });
        if (page.length === 0) break;
        lastId = page[page.length - 1]!.id;
        const bySku = new Map(page.map((row) => [SkuIndex.fold(row.sku!), row]));
        const resolved = await resolveSkus(
          deps,
          scope,
          channel.store_id,
          page.map((row) => row.sku!),
          addToProducts
            ? {
                sourceRef: `channel:${channel.id}`,
                missing: (sku) => {
                  const listing = bySku.get(SkuIndex.fold(sku))!;
                  return {
                    sku,
                    title: listing.title,
                    price: moneyOf(listing.price),
                    quantity: initialStock ? Math.max(0, listing.quantity ?? 0) : undefined,
                  };
                },
              }
            : undefined,
        );
        created += resolved.created;
        const updates = page.flatMap((row) => {
          const product = resolved.index.get(row.sku!);
          if (!product) return [];
          matchedProducts.add(product.id);
          return [{ id: row.id, values: { product_id: product.id, matched_sku: product.sku } }];
        });
        await updateRowsById(models.ChannelProduct, ['product_id', 'matched_sku'], updates);
        matched += updates.length;
      }
      if (matched > 0) {
        await recomputeTargets(channel.store_id, [...matchedProducts]);
        announce(channel);
      }
      await deps.activities.record(scope, {
        event: 'channel_product.matched_by_sku',
        subjectType: 'channel',
        subjectId: channel.id,
        companyId: channel.company_id,
        new: { matched, created },
      });
      return { matched, created };
    },

    async remove(scope, path, input, query) {
      const channel = await channelOf(scope, path);
      const selection: WhereOptions<Attributes<ChannelProduct>> = input.all
        ? listSelection(models.ChannelProduct, query)
        : { uuid: { [Op.in]: input.channel_product_uuids ?? [] } };
      const deleted = await models.ChannelProduct.destroy({
        where: { [Op.and]: [{ channel_id: channel.id }, selection] },
      });
      if (deleted > 0) {
        await deps.activities.record(scope, {
          event: 'channel_product.deleted',
          subjectType: 'channel',
          subjectId: channel.id,
          companyId: channel.company_id,
          old: { channel_products: deleted },
        });
        announce(channel);
      }
      return { deleted };
    },

    async upsertMany(scope, storeId, channelId, rows) {
      const channel = await findStoreChannel(models, scope, storeId, channelId, 'channel');
      const autoMatch = isOn(channel.settings?.auto_match_product);
      const addToProducts = isOn(channel.settings?.add_to_products);
      const initialStock = isOn(channel.settings?.set_initial_stock_levels);
      const results: UpsertRowResult[] = new Array(rows.length);

      // 1. Each row on its own: what it sets, or why it can't.
      const valid: { index: number; row: ChannelProductUpsertRow }[] = [];
      const seen = new Set<string>();
      rows.forEach((raw, index) => {
        const checked = cleanRow(raw);
        if ('errors' in checked) {
          results[index] = { status: 'failed', errors: checked.errors };
        } else if (seen.has(checked.row.channel_product_id)) {
          results[index] = {
            status: 'failed',
            errors: [{ field: 'channel_product_id', message: 'This listing is already in an earlier row.' }],
          };
        } else {
          seen.add(checked.row.channel_product_id);
          valid.push({ index, row: checked.row });
        }
      });

      // 2. The listings already stored, in bulk.
      const existing = new Map<string, ChannelProduct>();
      for (const chunk of chunksOf(valid.map(({ row }) => row.channel_product_id))) {
        const found = await models.ChannelProduct.findAll({
          where: { channel_id: channel.id, channel_product_id: { [Op.in]: chunk } },
        });
        for (const row of found) existing.set(row.channel_product_id, row);
      }

      // 3. Products by SKU: manual matches must exist; auto matches may be created.
      const manualSkus = new Set<string>();
      const autoSkus = new Map<string, ChannelProductUpsertRow>();
      const wantsAutoMatch = (row: ChannelProductUpsertRow, stored: ChannelProduct | undefined) =>
        row.matched_sku === undefined && autoMatch && (stored ? stored.product_id === null : true);
      for (const { row } of valid) {
        const stored = existing.get(row.channel_product_id);
        if (typeof row.matched_sku === 'string') manualSkus.add(row.matched_sku);
        const sku = row.sku !== undefined ? row.sku : (stored?.sku ?? null);
        // The first listing of a SKU names the product that may be created for it.
        if (sku && wantsAutoMatch(row, stored) && !autoSkus.has(SkuIndex.fold(sku))) {
          autoSkus.set(SkuIndex.fold(sku), { ...row, sku });
        }
      }
      const manual = await resolveSkus(deps, scope, channel.store_id, manualSkus);
      const auto = await resolveSkus(
        deps,
        scope,
        channel.store_id,
        [...autoSkus.values()].map((row) => row.sku!),
        addToProducts
          ? {
              sourceRef: `channel:${channel.id}`,
              missing: (sku) => {
                const row = autoSkus.get(SkuIndex.fold(sku))!;
                const stored = existing.get(row.channel_product_id);
                const quantity = row.quantity !== undefined ? row.quantity : (stored?.quantity ?? null);
                return {
                  sku,
                  title: row.title !== undefined ? row.title : (stored?.title ?? null),
                  price: row.price !== undefined ? row.price : moneyOf(stored?.price),
                  quantity: initialStock ? Math.max(0, quantity ?? 0) : undefined,
                };
              },
            }
          : undefined,
      );

      // 4. What each row becomes; unchanged rows write nothing.
      const inserts: { index: number; values: ListingData & { channel_product_id: string; uuid: string } }[] =
        [];
      const updates: { index: number; id: number; values: ListingData }[] = [];
      const newlyMatched = new Set<number>();
      for (const { index, row } of valid) {
        const stored = existing.get(row.channel_product_id);
        const next: ListingData = {
          sku: row.sku !== undefined ? row.sku : (stored?.sku ?? null),
          remote_sku: row.remote_sku !== undefined ? row.remote_sku : (stored?.remote_sku ?? null),
          title: row.title !== undefined ? row.title : (stored?.title ?? null),
          quantity: row.quantity !== undefined ? row.quantity : (stored?.quantity ?? null),
          price: row.price !== undefined ? row.price : moneyOf(stored?.price),
          listing_status:
            row.listing_status ?? stored?.listing_status ?? PRODUCT_LISTING_FILTER.byKey('live').value,
          tiktok_status:
            row.tiktok_status !== undefined ? row.tiktok_status : (stored?.tiktok_status ?? null),
          product_id: stored?.product_id ?? null,
          matched_sku: stored?.matched_sku ?? null,
        };
        if (row.matched_sku === null) {
          next.product_id = null;
          next.matched_sku = null;
        } else if (typeof row.matched_sku === 'string') {
          const product = manual.index.get(row.matched_sku);
          if (!product) {
            results[index] = {
              status: 'failed',
              errors: [{ field: 'matched_sku', message: NO_PRODUCT_WITH_SKU }],
            };
            continue;
          }
          next.product_id = product.id;
          next.matched_sku = product.sku;
        } else if (next.sku && wantsAutoMatch(row, stored)) {
          const product = auto.index.get(next.sku);
          if (product) {
            next.product_id = product.id;
            next.matched_sku = product.sku;
          }
        }
        if (next.product_id !== null && next.product_id !== (stored?.product_id ?? null)) {
          newlyMatched.add(next.product_id);
        }
        if (!stored) {
          inserts.push({
            index,
            values: { ...next, channel_product_id: row.channel_product_id, uuid: randomUUID() },
          });
        } else if (DATA_COLUMNS.some((column) => !sameValue(column, stored[column], next[column]))) {
          updates.push({ index, id: stored.id, values: next });
        } else {
          results[index] = { status: 'unchanged', id: stored.id };
        }
      }

      // 5. New listings in one insert. One a concurrent writer stored first is updated instead.
      if (inserts.length > 0) {
        for (const chunk of chunksOf(inserts, 500)) {
          await models.ChannelProduct.bulkCreate(
            chunk.map(({ values }) => ({
              ...values,
              company_id: channel.company_id,
              store_id: channel.store_id,
              channel_id: channel.id,
            })),
            { ignoreDuplicates: true },
          );
        }
        const stored = new Map<string, { id: number; uuid: string }>();
        for (const chunk of chunksOf(inserts.map(({ values }) => values.channel_product_id))) {
          const found = await models.ChannelProduct.findAll({
            where: { channel_id: channel.id, channel_product_id: { [Op.in]: chunk } },
            attributes: ['id', 'uuid', 'channel_product_id'],
            raw: true,
          });
          for (const row of found) stored.set(row.channel_product_id, row);
        }
        for (const { index, values } of inserts) {
          const row = stored.get(values.channel_product_id);
          if (!row) {
            // Gone again already (deleted meanwhile): nothing to point at.
            results[index] = {
              status: 'failed',
              errors: [
                { field: 'channel_product_id', message: 'This listing could not be saved; try again.' },
              ],
            };
          } else if (row.uuid === values.uuid) {
            results[index] = { status: 'created', id: row.id };
          } else {
            updates.push({ index, id: row.id, values });
          }
        }
      }

      // 6. Changed listings, a few hundred per statement.
      await updateRowsById(
        models.ChannelProduct,
        DATA_COLUMNS,
        updates.map(({ id, values }) => ({ id, values })),
      );
      for (const { index, id } of updates) results[index] = { status: 'updated', id };

      const written = results.flatMap((result) =>
        result.status === 'created' || result.status === 'updated' ? [result.id] : [],
      );
      if (newlyMatched.size > 0) await recomputeTargets(channel.store_id, [...newlyMatched]);
      if (written.length > 0) announce(channel, written);
      return results;
    },

    recomputeTargets,
  };
}
