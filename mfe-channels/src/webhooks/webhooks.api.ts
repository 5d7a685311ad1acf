import type { CreateWebhookInput, RouteParam, UpdateWebhookInput, WebhookDto } from '@syncdesk/contracts';
import { apiClient } from '@syncdesk/web-kit';

/** `stores/{storeId}/webhooks` (api/CHANNELS_API.md, "Webhooks"). */
export function webhooksPath(storeId: RouteParam): string {
  return `/stores/${storeId}/webhooks`;
}

export async function getWebhook(storeId: RouteParam, id: RouteParam): Promise<WebhookDto> {
  return (await apiClient.get<{ data: WebhookDto }>(`${webhooksPath(storeId)}/${id}`)).data;
}

export async function createWebhook(storeId: RouteParam, input: CreateWebhookInput): Promise<WebhookDto> {
  return (await apiClient.post<{ data: WebhookDto }>(webhooksPath(storeId), input)).data;
}

export async function updateWebhook(
  storeId: RouteParam,
  id: RouteParam,
  input: UpdateWebhookInput,
): Promise<WebhookDto> {
  return (await apiClient.put<{ data: WebhookDto }>(`${webhooksPath(storeId)}/${id}`, input)).data;
}

export async function setWebhookActive(
  storeId: RouteParam,
  id: RouteParam,
  isActive: boolean,
): Promise<WebhookDto> {
  return (
    await apiClient.put<{ data: WebhookDto }>(`${webhooksPath(storeId)}/${id}/status`, {
      is_active: isActive,
    })
  ).data;
}

export async function deleteWebhook(storeId: RouteParam, id: RouteParam): Promise<void> {
  await apiClient.delete(`${webhooksPath(storeId)}/${id}`);
}
