import { Op, type Attributes, type WhereOptions } from 'sequelize';
import type { ChannelProduct, Product } from '../../db/catalogue.models';
import type { Models } from '../../db/models';
import {
  parseListQuery,
  toFindOptions,
  type ListQueryInput,
  type ListQuerySpec,
} from '../../http/list-query';
import { listSelection as channelProductListSelection } from '../channel-products/channel-product-query';

/**
 * What an export takes: the records the list's query selects (the same filters and search the
 * list page sends) or, when given, the selected uuids among them. The query is checked when the
 * export starts (a 422 then), and read again by the job.
 */

/**
 * The products list's query spec, so the list page's filters and search export what it shows. A
 * copy of the products module's LIST_SPEC (product.service.ts), which that module keeps to itself
 * for now; exporting it from there and importing it here removes the copy.
 */
export const PRODUCT_EXPORT_SPEC: ListQuerySpec<Attributes<Product>> = {
  filters: {
    sku: { type: 'string', operators: ['eq', 'like', 'in'] },
    title: { type: 'string', operators: ['eq', 'like'] },
    type: { type: 'string', operators: ['eq', 'in'] },
    api_sync_status: { type: 'number', operators: ['eq', 'in'] },
    auto_sync_stock: { type: 'boolean', operators: ['eq'] },
    quantity: { type: 'number', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] },
    api_quantity: { type: 'number', operators: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] },
    price: { type: 'number', operators: ['eq', 'gt', 'gte', 'lt', 'lte'] },
    nominal_code: { type: 'string', operators: ['eq', 'like'] },
    nominalCode: { column: 'nominal_code', type: 'string', operators: ['eq'] },
    barcode: { type: 'string', operators: ['eq', 'like'] },
    remote_id: { type: 'string', operators: ['eq'] },
  },
  dateRanges: { created_at: {}, updated_at: {} },
  search: ['sku', 'title'],
  sort: {
    fields: ['sku', 'title', 'type', 'quantity', 'price', 'api_sync_status', 'created_at', 'updated_at'],
    default: { field: 'created_at', direction: 'desc' },
  },
};

export function productSelection(
  models: Models,
  storeId: number,
  query: ListQueryInput,
  uuids: readonly string[] | undefined,
): WhereOptions<Attributes<Product>> {
  const { where } = toFindOptions(
    parseListQuery(query, PRODUCT_EXPORT_SPEC),
    PRODUCT_EXPORT_SPEC,
    models.Product,
  );
  return {
    [Op.and]: [{ store_id: storeId }, where, ...(uuids?.length ? [{ uuid: { [Op.in]: [...uuids] } }] : [])],
  } as WhereOptions<Attributes<Product>>;
}

export function channelProductSelection(
  models: Models,
  storeId: number,
  channelId: number,
  query: ListQueryInput,
  uuids: readonly string[] | undefined,
): WhereOptions<Attributes<ChannelProduct>> {
  return {
    [Op.and]: [
      { store_id: storeId, channel_id: channelId },
      channelProductListSelection(models.ChannelProduct, query),
      ...(uuids?.length ? [{ uuid: { [Op.in]: [...uuids] } }] : []),
    ],
  } as WhereOptions<Attributes<ChannelProduct>>;
}
