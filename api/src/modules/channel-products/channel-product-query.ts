import { Op, type Attributes, type ModelStatic, type WhereOptions } from 'sequelize';
import { PRODUCT_LISTING_FILTER, TIKTOK_PRODUCT_FILTER } from '@syncdesk/contracts';
import type { ChannelProduct } from '../../db/catalogue.models';
import { AppError, type FieldErrors } from '../../http/app-error';
import {
  parseListQuery,
  toFindOptions,
  type ListQueryInput,
  type ListQuerySpec,
} from '../../http/list-query';

/** The list convention of a channel's listings (spec §7), plus the listing, TikTok and matched filters. */
export const CHANNEL_PRODUCT_LIST_SPEC: ListQuerySpec<Attributes<ChannelProduct>> = {
  filters: {
    sku: { type: 'string', operators: ['eq', 'like', 'in'] },
    title: { type: 'string', operators: ['eq', 'like'] },
    channel_product_id: { type: 'string', operators: ['eq', 'like', 'in'] },
    matched_sku: { type: 'string', operators: ['eq', 'like', 'in'] },
    remote_sku: { type: 'string', operators: ['eq', 'like'] },
    sync_status: { type: 'number', operators: ['eq', 'ne', 'in'] },
    webhook_sync_status: { type: 'number', operators: ['eq', 'ne', 'in'] },
    plugin_sync_status: { type: 'number', operators: ['eq', 'ne', 'in'] },
    listing_status: { type: 'number', operators: ['eq', 'in'] },
    tiktok_status: { type: 'string', operators: ['eq', 'in'] },
    quantity: { type: 'number', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] },
    pushed_quantity: { type: 'number', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] },
    product_id: { type: 'number', operators: ['eq', 'in'] },
  },
  dateRanges: { created_at: {}, updated_at: {}, pushed_at: {} },
  search: ['sku', 'title', 'channel_product_id'],
  sort: {
    fields: [
      'sku',
      'title',
      'channel_product_id',
      'quantity',
      'price',
      'listing_status',
      'sync_status',
      'pushed_quantity',
      'pushed_at',
      'created_at',
      'updated_at',
    ],
    default: { field: 'created_at', direction: 'desc' },
  },
};

const LISTING_FILTER_MESSAGE = `The filter must be one of: ${PRODUCT_LISTING_FILTER.values.join(', ')}.`;
const TIKTOK_FILTER_MESSAGE = `The tiktok status must be one of: ${TIKTOK_PRODUCT_FILTER.values.join(', ')}.`;
const MATCHED_MESSAGE = 'The matched filter must be 1 (matched) or 0 (not matched).';

function single(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[value.length - 1] : value)?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/**
 * Takes out of a channel-products query what the generic list engine can't read, as conditions:
 * `filter` (the spec's listing filter 0 all / 1 draft / 2 pending / 4 live, unless `filterBy` says
 * it is the engine's older filterBy+filter pair), `tiktok_status` (TikTok's filter, ALL = none)
 * and `matched[eq]` (1 matched to a product, 0 not). The rest goes to the engine unchanged.
 */
export function splitListingFilters(query: ListQueryInput): {
  rest: ListQueryInput;
  conditions: WhereOptions<Attributes<ChannelProduct>>[];
} {
  const rest: ListQueryInput = { ...query };
  const conditions: WhereOptions<Attributes<ChannelProduct>>[] = [];
  const errors: FieldErrors = {};

  if (rest.filterBy === undefined && rest.filter !== undefined) {
    const raw = single(rest.filter);
    delete rest.filter;
    if (raw !== undefined) {
      const value = Number(raw);
      if (!/^\d+$/.test(raw) || !(PRODUCT_LISTING_FILTER.values as number[]).includes(value)) {
        errors.filter = [LISTING_FILTER_MESSAGE];
      } else if (value !== PRODUCT_LISTING_FILTER.byKey('all').value) {
        conditions.push({ listing_status: value });
      }
    }
  }

  if (rest.tiktok_status !== undefined) {
    const raw = single(rest.tiktok_status)?.toUpperCase();
    delete rest.tiktok_status;
    if (raw !== undefined) {
      if (!(TIKTOK_PRODUCT_FILTER.values as string[]).includes(raw)) {
        errors.tiktok_status = [TIKTOK_FILTER_MESSAGE];
      } else if (raw !== TIKTOK_PRODUCT_FILTER.byKey('all').value) {
        conditions.push({ tiktok_status: raw });
      }
    }
  }

  for (const key of ['matched', 'matched[eq]']) {
    if (rest[key] === undefined) continue;
    const raw = single(rest[key])?.toLowerCase();
    delete rest[key];
    if (raw === undefined) continue;
    if (raw === '1' || raw === 'true') conditions.push({ product_id: { [Op.ne]: null } });
    else if (raw === '0' || raw === 'false') conditions.push({ product_id: null });
    else errors[key] = [MATCHED_MESSAGE];
  }

  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return { rest, conditions };
}

/** The conditions a list query selects (filters and search; no paging), for the bulk `all` actions. */
export function listSelection(
  model: ModelStatic<ChannelProduct>,
  query: ListQueryInput,
): WhereOptions<Attributes<ChannelProduct>> {
  const { rest, conditions } = splitListingFilters(query);
  const { where } = toFindOptions(
    parseListQuery(rest, CHANNEL_PRODUCT_LIST_SPEC),
    CHANNEL_PRODUCT_LIST_SPEC,
    model,
  );
  return { [Op.and]: [where, ...conditions] } as WhereOptions<Attributes<ChannelProduct>>;
}
