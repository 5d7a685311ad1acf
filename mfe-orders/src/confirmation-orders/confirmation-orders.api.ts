import type {
  ConfirmationOrderDetailDto,
  ConfirmationOrderItemDto,
  RouteParam,
  UpdateConfirmationOrderInput,
  UpdateConfirmationOrderItemInput,
} from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** List source of a store's confirmation orders (useListQuery). */
export function confirmationOrdersPath(storeId: RouteParam): string {
  return `/confirmationOrders/${storeId}`;
}

export function confirmationOrderPath(storeId: RouteParam, id: RouteParam): string {
  return `${confirmationOrdersPath(storeId)}/${id}`;
}

/** List source of a confirmation order's activities (newest first). */
export function confirmationOrderActivitiesPath(id: RouteParam): string {
  return `/activities/confirmation_order/${id}`;
}

export async function getConfirmationOrder(
  storeId: RouteParam,
  id: RouteParam,
): Promise<ConfirmationOrderDetailDto> {
  return (await apiClient.get<{ data: ConfirmationOrderDetailDto }>(confirmationOrderPath(storeId, id))).data;
}

/** The items, in the order the submission's `items.{index}` errors count them. */
export async function getConfirmationOrderItems(
  storeId: RouteParam,
  id: RouteParam,
): Promise<ConfirmationOrderItemDto[]> {
  return (
    await apiClient.get<{ data: ConfirmationOrderItemDto[] }>(
      `${confirmationOrderPath(storeId, id)}/confirmationOrderItems`,
    )
  ).data;
}

export async function updateConfirmationOrder(
  storeId: RouteParam,
  id: RouteParam,
  input: UpdateConfirmationOrderInput,
): Promise<ConfirmationOrderDetailDto> {
  return (
    await apiClient.put<{ data: ConfirmationOrderDetailDto }>(confirmationOrderPath(storeId, id), input)
  ).data;
}

export async function updateConfirmationOrderItem(
  storeId: RouteParam,
  id: RouteParam,
  itemId: RouteParam,
  input: UpdateConfirmationOrderItemInput,
): Promise<ConfirmationOrderItemDto> {
  return (
    await apiClient.put<{ data: ConfirmationOrderItemDto }>(
      `${confirmationOrderPath(storeId, id)}/${itemId}/updateItem`,
      input,
    )
  ).data;
}

export async function submitAcknowledgement(
  storeId: RouteParam,
  id: RouteParam,
): Promise<{ message: string; data: ConfirmationOrderDetailDto }> {
  return apiClient.post<{ message: string; data: ConfirmationOrderDetailDto }>(
    `${confirmationOrderPath(storeId, id)}/submitAcKnowledgement`,
  );
}
