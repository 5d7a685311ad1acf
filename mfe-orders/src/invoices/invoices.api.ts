import type {
  AccountingAccountDto,
  AccountingTaxTypeDto,
  CreateInvoiceInput,
  InvoiceChannelDto,
  InvoiceDetailDto,
  InvoiceDto,
  InvoiceSyncStatus,
  ListParams,
  ListResponse,
  ProductDto,
  RouteParam,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** List source of a store's invoices (useListQuery). */
export function invoicesPath(storeId: RouteParam): string {
  return `/invoices/${storeId}`;
}

export function invoicePath(storeId: RouteParam, invoiceId: RouteParam): string {
  return `${invoicesPath(storeId)}/${invoiceId}`;
}

/** List source of an invoice's activities (newest first). */
export function invoiceActivitiesPath(invoiceId: RouteParam): string {
  return `/activities/invoice/${invoiceId}`;
}

export async function listInvoices(
  storeId: RouteParam,
  params: ListParams,
): Promise<ListResponse<InvoiceDto>> {
  return apiClient.get<ListResponse<InvoiceDto>>(invoicesPath(storeId), params);
}

/** The invoice with its lines. */
export async function getInvoice(storeId: RouteParam, invoiceId: RouteParam): Promise<InvoiceDetailDto> {
  return (await apiClient.get<{ data: InvoiceDetailDto }>(invoicePath(storeId, invoiceId))).data;
}

/** The store's accounting channels (Xero, QuickBooks Online, Sage, e-Logo). */
export async function getInvoiceChannels(storeId: RouteParam): Promise<InvoiceChannelDto[]> {
  return (await apiClient.get<{ data: InvoiceChannelDto[] }>(`${invoicesPath(storeId)}/channels`)).data;
}

/** Reference data of one accounting channel; `message` says why it is empty (no accounting channel). */
export interface ReferenceAnswer<T> {
  data: T[];
  message?: string;
}

export async function getAccounts(
  storeId: RouteParam,
  channelId: number,
): Promise<ReferenceAnswer<AccountingAccountDto>> {
  return apiClient.get<ReferenceAnswer<AccountingAccountDto>>(`/stores/${storeId}/accounts`, {
    channel_id: channelId,
  });
}

export async function getTaxTypes(
  storeId: RouteParam,
  channelId: number,
): Promise<ReferenceAnswer<AccountingTaxTypeDto>> {
  return apiClient.get<ReferenceAnswer<AccountingTaxTypeDto>>(`/stores/${storeId}/taxTypes`, {
    channel_id: channelId,
  });
}

/** The store's products matching a search, for a line's SKU lookup. */
export async function searchProducts(storeId: RouteParam, search: string): Promise<ProductDto[]> {
  return (
    await apiClient.get<ListResponse<ProductDto>>(`/products/${storeId}`, {
      search: search.trim() || undefined,
      sort_by: 'sku',
      sort_direction: 'asc',
      per_page: 20,
    })
  ).data;
}

export async function createInvoice(
  storeId: RouteParam,
  input: CreateInvoiceInput,
): Promise<InvoiceDetailDto> {
  return (await apiClient.post<{ data: InvoiceDetailDto }>(`${invoicesPath(storeId)}/create`, input)).data;
}

export async function updateInvoiceSyncStatus(
  storeId: RouteParam,
  invoiceIds: number[],
  status: InvoiceSyncStatus,
): Promise<{ message: string; data: { updated: number } }> {
  return apiClient.put<{ message: string; data: { updated: number } }>(
    `${invoicesPath(storeId)}/updateSyncStatus`,
    {
      invoice_ids: invoiceIds,
      status,
    },
  );
}
