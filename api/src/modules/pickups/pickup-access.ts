import type { PickupStore } from '../../db/courier.models';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import { findStoreChannel } from '../channels/channel-access';

/** Where a pickup store lives in the api path (`pickupStores/{storeId}/{channelId}/…`). */
export interface PickupPath {
  storeId: number;
  channelId: number;
}

export function findPickupChannel(models: Models, scope: RequestScope, path: PickupPath): Promise<Channel> {
  return findStoreChannel(models, scope, path.storeId, path.channelId);
}

/** A pickup store of the channel in the path; one of another channel is the same 404 as none. */
export async function findPickupStore(
  models: Models,
  scope: RequestScope,
  path: PickupPath,
  pickupId: number,
): Promise<PickupStore> {
  const channel = await findPickupChannel(models, scope, path);
  const pickup = await models.PickupStore.findOne({ where: { id: pickupId, channel_id: channel.id } });
  if (!pickup) throw AppError.notFound();
  return pickup;
}
