import type { ListResponse, RouteParam, StockPushProvenanceDto } from '@syncdesk/contracts';
import { quietApiClient } from '@syncdesk/web-kit';

/** How many recent pushes the listing's page shows. */
export const SHOWN_STOCK_PUSHES = 20;

/**
 * `GET stores/{storeId}/channels/{channelId}/products/{productId}/stockPushes`, latest first. Quiet:
 * the section says when the history cannot be read and the listing's page stays usable.
 */
export async function getStockPushes(
  storeId: RouteParam,
  channelId: RouteParam,
  listingId: RouteParam,
): Promise<StockPushProvenanceDto[]> {
  const body = await quietApiClient.get<ListResponse<StockPushProvenanceDto>>(
    `/stores/${storeId}/channels/${channelId}/products/${listingId}/stockPushes`,
    { sort_by: 'pushed_at', sort_direction: 'desc', per_page: SHOWN_STOCK_PUSHES },
  );
  return Array.isArray(body?.data) ? body.data : [];
}
