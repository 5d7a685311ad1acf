import { MAX_BULK_PRODUCTS, MAX_PER_PAGE, type ListParams, type ProductDto } from '@syncdesk/contracts';
import type { Selection } from '@syncdesk/web-kit';

import { hasProductFilters } from './ProductFilters';
import { listProducts, type ProductTarget } from './products.api';

/** Said when an 'all' selection is too large to name product by product. */
export const TOO_MANY_TO_NAME = `Bulk actions on a filtered list apply to at most ${MAX_BULK_PRODUCTS.toLocaleString('en-GB')} products. Narrow the filters, or clear them to act on the whole store.`;

export class SelectionTooLargeError extends Error {
  constructor() {
    super(TOO_MANY_TO_NAME);
  }
}

/**
 * What a bulk action sends for the table's selection. The api's `all` means the whole store, so
 * it is sent only for 'Select all' over an unfiltered list with nothing unticked; a filtered or
 * thinned 'all' is resolved here into the matching products' uuids (the list query's own filters,
 * page by page), so a bulk delete never reaches products the seller did not see listed.
 */
export async function resolveProductTarget(
  storeId: string,
  selection: Selection,
  params: ListParams,
): Promise<ProductTarget> {
  if (selection.mode === 'ids') return { product_uuids: selection.ids.map(String) };
  if (selection.excludedIds.length === 0 && !hasProductFilters(params)) return { all: true };

  const excluded = new Set(selection.excludedIds.map(String));
  const uuids: string[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await listProducts(storeId, {
      ...params,
      sort_by: 'sku',
      sort_direction: 'asc',
      page,
      per_page: MAX_PER_PAGE,
    });
    if (meta.total - excluded.size > MAX_BULK_PRODUCTS) throw new SelectionTooLargeError();
    uuids.push(...data.map((product: ProductDto) => product.uuid).filter((uuid) => !excluded.has(uuid)));
    if (data.length < MAX_PER_PAGE || page * MAX_PER_PAGE >= meta.total) break;
  }
  return { product_uuids: uuids };
}
