import type {
  ListParams,
  ProductDetailDto,
  ProductDto,
  ProductKitUsageDto,
  ProductType,
  RouteParam,
  ListResponse,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** A component line as the create and update calls take it (spec §3 Kit item). */
export interface KitItemInput {
  sku: string;
  product_nominal_code?: string | null;
  quantity: number;
}

/** The body of `POST products/{storeId}/create` and `PUT products/{storeId}/{id}`. */
export interface ProductInput {
  sku: string;
  title: string;
  type: ProductType;
  /** On hand; on update a changed figure is a manual stock movement. Absent: unchanged. */
  quantity?: number;
  price?: string | null;
  nominal_code?: string | null;
  barcode?: string | null;
  auto_sync_stock?: boolean;
  kit_items?: KitItemInput[];
}

/** Which products a bulk action applies to: the listed uuids, or every product of the store. */
export type ProductTarget = { product_uuids: string[] } | { all: true };

/** List source of a store's products (useListQuery); DELETE on it is the bulk delete. */
export function productsPath(storeId: RouteParam): string {
  return `/products/${storeId}`;
}

export function productPath(storeId: RouteParam, productId: RouteParam): string {
  return `${productsPath(storeId)}/${productId}`;
}

/** List source of a product's stock ledger (newest first). */
export function stockMovementsPath(storeId: RouteParam, productId: RouteParam): string {
  return `${productPath(storeId, productId)}/stockMovements`;
}

/** List source of a product's `stock_updated` activities (platform-shell §7). */
export function stockActivitiesPath(productId: RouteParam): string {
  return `/activities/product/${productId}/stock_updated`;
}

/** The list's filters without paging or sorting: what an `all` selection means on the server. */
export function selectionFilters(params: ListParams): ListParams {
  const { filters, dateRanges, search, searchBy, filterBy, filter } = params;
  return { filters, dateRanges, search, searchBy, filterBy, filter };
}

/** One page of a store's products, with the list convention's parameters. */
export async function listProducts(
  storeId: RouteParam,
  params: ListParams,
): Promise<ListResponse<ProductDto>> {
  return apiClient.get<ListResponse<ProductDto>>(productsPath(storeId), params);
}

export async function getProduct(storeId: RouteParam, productId: RouteParam): Promise<ProductDetailDto> {
  return (await apiClient.get<{ data: ProductDetailDto }>(productPath(storeId, productId))).data;
}

export async function createProduct(storeId: RouteParam, input: ProductInput): Promise<ProductDetailDto> {
  return (await apiClient.post<{ data: ProductDetailDto }>(`${productsPath(storeId)}/create`, input)).data;
}

export async function updateProduct(
  storeId: RouteParam,
  productId: RouteParam,
  input: Partial<ProductInput> & { stock_delta?: number },
): Promise<ProductDetailDto> {
  return (await apiClient.put<{ data: ProductDetailDto }>(productPath(storeId, productId), input)).data;
}

export async function deleteProduct(storeId: RouteParam, productId: RouteParam): Promise<void> {
  await apiClient.delete(productPath(storeId, productId));
}

export async function deleteProducts(storeId: RouteParam, target: ProductTarget): Promise<number> {
  return (await apiClient.delete<{ data: { deleted: number } }>(productsPath(storeId), target)).data.deleted;
}

export async function updateAutoSyncStock(
  storeId: RouteParam,
  target: ProductTarget,
  autoSyncStock: boolean,
): Promise<number> {
  return (
    await apiClient.put<{ data: { updated: number } }>(`${productsPath(storeId)}/updateAutoSyncStock`, {
      ...target,
      auto_sync_stock: autoSyncStock,
    })
  ).data.updated;
}

/** Which of these products are components of kits, and of which kits (spec §5 kit usage check). */
export async function checkProductUsedInKit(
  storeId: RouteParam,
  productUuids: string[],
): Promise<ProductKitUsageDto> {
  return (
    await apiClient.post<{ data: ProductKitUsageDto }>(`${productsPath(storeId)}/checkProductUsedInKit`, {
      product_uuids: productUuids,
    })
  ).data;
}

/** Products (not kits) matching a search, for the kit editor's component picker. */
export async function searchComponents(storeId: RouteParam, search: string): Promise<ProductDto[]> {
  return (
    await apiClient.get<{ data: ProductDto[] }>(productsPath(storeId), {
      search: search.trim() || undefined,
      filters: { type: { eq: 'product' } },
      sort_by: 'sku',
      sort_direction: 'asc',
      per_page: 20,
    })
  ).data;
}
