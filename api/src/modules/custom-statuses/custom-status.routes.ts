import { customOrderStatusSchema, updateCustomOrderStatusSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

const channelPath = (ctx: RouteContext) => [idParam(ctx, 'storeId'), idParam(ctx, 'channelId')] as const;

/**
 * `stores/{storeId}/channels/{channelId}/customOrderStatuses` (spec §7). Statuses are part of the
 * channel's setup: reading needs channels.read, adding, changing and deleting channels.update.
 */
export function customStatusRoutes(services: Services): ApiRoute[] {
  const base = '/stores/:storeId/channels/:channelId/customOrderStatuses';
  return [
    route('GET', base, { permission: 'channels.read' }, async (ctx) => {
      const [storeId, channelId] = channelPath(ctx);
      ctx.body = await services.customStatuses.list(scopeOf(ctx), storeId, channelId, ctx.query);
    }),
    route('POST', base, { permission: 'channels.update' }, async (ctx) => {
      const [storeId, channelId] = channelPath(ctx);
      const input = validate(customOrderStatusSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services.customStatuses.create(scopeOf(ctx), storeId, channelId, input) };
    }),
    route('GET', `${base}/:id`, { permission: 'channels.read' }, async (ctx) => {
      const [storeId, channelId] = channelPath(ctx);
      const id = idParam(ctx, 'id');
      ctx.body = { data: await services.customStatuses.show(scopeOf(ctx), storeId, channelId, id) };
    }),
    route('PUT', `${base}/:id`, { permission: 'channels.update' }, async (ctx) => {
      const [storeId, channelId] = channelPath(ctx);
      const id = idParam(ctx, 'id');
      const input = validate(updateCustomOrderStatusSchema, ctx.request.body);
      ctx.body = {
        data: await services.customStatuses.update(scopeOf(ctx), storeId, channelId, id, input),
      };
    }),
    route('DELETE', `${base}/:id`, { permission: 'channels.update' }, async (ctx) => {
      const [storeId, channelId] = channelPath(ctx);
      await services.customStatuses.remove(scopeOf(ctx), storeId, channelId, idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
