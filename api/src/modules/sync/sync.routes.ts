import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import type { SyncStateServices } from './sync-state.service';

/** A connection's health and sync lag, for the channel page (spec: "last successful sync, next run"). */
export function syncRoutes(services: () => SyncStateServices): ApiRoute[] {
  return [
    route(
      'GET',
      '/stores/:storeId/channels/:channelId/sync',
      { permission: 'channels.read' },
      async (ctx) => {
        const [storeId, channelId] = [idParam(ctx, 'storeId'), idParam(ctx, 'channelId')];
        ctx.body = { data: await services().syncState.health(scopeOf(ctx), storeId, channelId) };
      },
    ),
  ];
}
