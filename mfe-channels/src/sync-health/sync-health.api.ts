import type { ConnectionSyncHealthDto, RouteParam } from '@syncdesk/contracts';
import { quietApiClient } from '@syncdesk/web-kit';

/**
 * `GET stores/{storeId}/channels/{channelId}/sync`. Quiet: the card says when it cannot be read,
 * and the channel's page around it stays usable.
 */
export async function getChannelSyncHealth(
  storeId: RouteParam,
  channelId: RouteParam,
): Promise<ConnectionSyncHealthDto> {
  return (
    await quietApiClient.get<{ data: ConnectionSyncHealthDto }>(
      `/stores/${storeId}/channels/${channelId}/sync`,
    )
  ).data;
}
