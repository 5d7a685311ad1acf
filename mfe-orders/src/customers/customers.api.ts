import type { CustomerDetailDto, RouteParam } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** List source of a store's customers (useListQuery). */
export function customersPath(storeId: RouteParam): string {
  return `/customers/${storeId}`;
}

export function customerPath(storeId: RouteParam, customerId: RouteParam): string {
  return `${customersPath(storeId)}/${customerId}`;
}

/** List source of all of a customer's orders, newest first. */
export function customerOrdersPath(storeId: RouteParam, customerId: RouteParam): string {
  return `${customerPath(storeId, customerId)}/orders`;
}

export async function getCustomer(storeId: RouteParam, customerId: RouteParam): Promise<CustomerDetailDto> {
  return (await apiClient.get<{ data: CustomerDetailDto }>(customerPath(storeId, customerId))).data;
}
