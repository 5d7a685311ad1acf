import { createAnnouncementSchema } from '@syncdesk/contracts';
import { route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

export function announcementRoutes(services: Services): ApiRoute[] {
  return [
    route('GET', '/announcements', 'authenticated', async (ctx) => {
      ctx.body = await services.announcements.list(ctx.query);
    }),
    route('POST', '/announcements', 'administrator', async (ctx) => {
      const input = validate(createAnnouncementSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services.announcements.create(input, scopeOf(ctx)) };
    }),
  ];
}
