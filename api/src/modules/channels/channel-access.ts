import type { ChannelKind } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import { findReachableStore } from '../stores/store-access';

/**
 * The store in the path, which the caller's company owns or was shared (a share lets the other
 * company work on the store's connections with its own permissions); anything else is 404.
 */
export async function findChannelStore(models: Models, scope: RequestScope, storeId: number) {
  const { store } = await findReachableStore(models, scope, storeId);
  return store;
}

/**
 * A channel (or accounting channel, or plugin: `kind`) of a store the caller can reach. Another
 * company's channel, a channel of another store, or one of another kind are all the same 404, so
 * ids reveal nothing.
 */
export async function findStoreChannel(
  models: Models,
  scope: RequestScope,
  storeId: number,
  channelId: number,
  kind: ChannelKind = 'channel',
): Promise<Channel> {
  const store = await findChannelStore(models, scope, storeId);
  const channel = await models.Channel.findOne({ where: { id: channelId, store_id: store.id, kind } });
  if (!channel) throw AppError.notFound();
  return channel;
}
