import { CHANNEL_CATALOGUE, settingsFormFor } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { canReachStore } from '../../http/request-scope';
import { withSyncs } from './channel-syncs';

/** The store in the path must be one the caller's company owns or was shared; otherwise 404. */
function reachableStoreId(ctx: RouteContext): number {
  const storeId = idParam(ctx, 'storeId');
  if (!canReachStore(scopeOf(ctx), storeId)) throw AppError.notFound();
  return storeId;
}

/**
 * The channel catalogue and its settings forms, served from `contracts` so the picker, the form
 * and the server's validation all read one definition; each entry carries what Syncdesk
 * synchronises with it, from the providers' declarations.
 */
export function channelCatalogueRoutes(): ApiRoute[] {
  return [
    route('GET', '/available-channels', 'authenticated', async (ctx) => {
      ctx.body = { data: CHANNEL_CATALOGUE.map(withSyncs) };
    }),
    route(
      'GET',
      '/stores/:storeId/channels/available-providers',
      { permission: 'channels.read' },
      async (ctx) => {
        reachableStoreId(ctx);
        ctx.body = { data: CHANNEL_CATALOGUE.filter((entry) => entry.kind === 'channel').map(withSyncs) };
      },
    ),
    route('GET', '/stores/:storeId/channels/form/:type', { permission: 'channels.read' }, async (ctx) => {
      reachableStoreId(ctx);
      // An unknown type answers an empty form, as the spec says for "no providers".
      ctx.body = { data: settingsFormFor(ctx.params.type ?? '') };
    }),
  ];
}
