import type { ChannelKind } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../../http/api-route';
import type { ChannelAuthorizationService } from './channel-authorization.service';

/** The three kinds of connection, each under its own path segment, with the spec's guest action name. */
const KIND_PATHS: readonly { segment: string; kind: ChannelKind; guestAction: string }[] = [
  { segment: 'channels', kind: 'channel', guestAction: 'authorizeChannelAsGuest' },
  { segment: 'accountingChannels', kind: 'accounting', guestAction: 'authorizeChannelAsGuest' },
  { segment: 'plugins', kind: 'plugin', guestAction: 'authorizePluginAsGuest' },
];

/**
 * OAuth authorisation (integration-domain §7). The consent-link calls need channels.update on a
 * reachable store; the callbacks and showWithoutAuth are public: the signed state in the request
 * is the authority there, since the browser may be a guest's.
 */
export function channelAuthorizationRoutes(authorization: () => ChannelAuthorizationService): ApiRoute[] {
  const target = (ctx: RouteContext, kind: ChannelKind) => ({
    storeId: idParam(ctx, 'storeId'),
    channelId: idParam(ctx, 'id'),
    kind,
  });
  return [
    ...KIND_PATHS.flatMap(({ segment, kind, guestAction }) => [
      route(
        'GET',
        `/stores/:storeId/${segment}/:id/authorize`,
        { permission: 'channels.update' },
        async (ctx) => {
          ctx.body = { data: await authorization().authorize(scopeOf(ctx), target(ctx, kind)) };
        },
      ),
      route(
        'GET',
        `/stores/:storeId/${segment}/:id/${guestAction}`,
        { permission: 'channels.update' },
        async (ctx) => {
          ctx.body = {
            data: await authorization().authorize(scopeOf(ctx), target(ctx, kind), { guest: true }),
          };
        },
      ),
    ]),
    route('GET', '/stores/:storeId/channels/:channelId/showWithoutAuth', 'public', async (ctx) => {
      const channel = { storeId: idParam(ctx, 'storeId'), channelId: idParam(ctx, 'channelId') };
      ctx.body = { data: await authorization().showWithoutAuth(channel, ctx.query.state) };
    }),
    route('POST', '/authorization/plugin/:slug/callback', 'public', async (ctx) => {
      ctx.body = {
        data: await authorization().complete({ slug: ctx.params.slug!, plugin: true }, ctx.request.body),
      };
    }),
    route('POST', '/authorization/:slug/callback', 'public', async (ctx) => {
      ctx.body = {
        data: await authorization().complete({ slug: ctx.params.slug!, plugin: false }, ctx.request.body),
      };
    }),
  ];
}
