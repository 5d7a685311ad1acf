import { Op, type Attributes, type WhereOptions } from 'sequelize';
import type { ChannelProduct, Product } from '../../db/catalogue.models';
import type { Models } from '../../db/models';
import { parseListQuery, toFindOptions, type ListQueryInput } from '../../http/list-query';
import { listSelection as channelProductListSelection } from '../channel-products/channel-product-query';
import { PRODUCT_LIST_SPEC } from '../products/product.service';

/**
 * What an export takes: the records the list's query selects (the same filters and search the
 * list page sends) or, when given, the selected uuids among them. The query is checked when the
 * export starts (a 422 then), and read again by the job.
 */

export function productSelection(
  models: Models,
  storeId: number,
  query: ListQueryInput,
  uuids: readonly string[] | undefined,
): WhereOptions<Attributes<Product>> {
  const { where } = toFindOptions(
    parseListQuery(query, PRODUCT_LIST_SPEC),
    PRODUCT_LIST_SPEC,
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
