import { randomUUID } from 'node:crypto';
import { ALPHA_MARKER, type IsolationWorld, type RouteCases } from './route-case';

/** A connection's health and sync lag: the channel in the path is Alpha's, with a sync state row. */
async function alphaChannelWithState(world: IsolationWorld) {
  const store = world.alpha.stores[0]!;
  const channel = await world.services.models.Channel.create({
    uuid: randomUUID(),
    company_id: world.alpha.company.id,
    store_id: store.id,
    kind: 'channel',
    type: 'mirakl-decathlon',
    name: `${ALPHA_MARKER} Decathlon`,
    is_active: true,
    account_nominal_code: null,
    api_version: null,
    settings: {},
    credentials: null,
    authorized_at: null,
    token_expires_at: null,
  });
  await world.services.syncState.runFailed(channel.id, { kind: 'server', message: `${ALPHA_MARKER} down` });
  return { storeId: store.id, channelId: channel.id };
}

export const syncCases: RouteCases = {
  'GET /stores/:storeId/channels/:channelId/sync': {
    request: async (world) => ({ params: await alphaChannelWithState(world) }),
    ownerStatus: 200,
    isolation: 'ids',
  },
};
