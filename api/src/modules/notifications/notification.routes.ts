import { bulkUpdateNotificationsSchema } from '@syncdesk/contracts';
import { route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { NotificationServices } from './notification.service';

/**
 * `notifications` (spec §7): every signed-in user reads and updates their own; no permission is
 * needed, and the service never reaches anyone else's.
 */
export function notificationRoutes(services: () => NotificationServices): ApiRoute[] {
  return [
    route('GET', '/notifications', 'authenticated', async (ctx) => {
      ctx.body = await services().notifications.list(scopeOf(ctx), ctx.query);
    }),
    route('GET', '/notifications/stats', 'authenticated', async (ctx) => {
      ctx.body = { data: await services().notifications.stats(scopeOf(ctx)) };
    }),
    route('PUT', '/notifications/bulk-update', 'authenticated', async (ctx) => {
      const input = validate(bulkUpdateNotificationsSchema, ctx.request.body);
      ctx.body = { data: await services().notifications.bulkUpdate(scopeOf(ctx), input) };
    }),
  ];
}
