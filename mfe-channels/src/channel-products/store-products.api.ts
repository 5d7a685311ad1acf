import type { ListResponse, ProductDetailDto, ProductDto, RouteParam } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** How many products a search offers at once: enough to pick from, small enough to stay quick. */
export const PRODUCT_SEARCH_SIZE = 20;

/** The store's products whose SKU or title contains `search` (the catalogue's own list call). */
export async function searchStoreProducts(
  storeId: RouteParam,
  search: string,
  options: { signal?: AbortSignal } = {},
): Promise<ProductDto[]> {
  const body = await apiClient.get<ListResponse<ProductDto>>(
    `/products/${storeId}`,
    {
      search: search.trim() || undefined,
      sort_by: 'sku',
      sort_direction: 'asc',
      per_page: PRODUCT_SEARCH_SIZE,
    },
    { signal: options.signal },
  );
  return Array.isArray(body?.data) ? body.data : [];
}

/** One product with its per-channel figures (what each channel is told, and why). */
export async function getStoreProduct(storeId: RouteParam, productId: RouteParam): Promise<ProductDetailDto> {
  return (await apiClient.get<{ data: ProductDetailDto }>(`/products/${storeId}/${productId}`)).data;
}
