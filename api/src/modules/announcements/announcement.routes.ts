import Router from '@koa/router';
import { createAnnouncementSchema } from '@syncdesk/contracts';
import { authOf, requireAdministrator, type AuthState } from '../../http/auth';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

export function announcementRoutes(services: Services): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/announcements' });
  router.get('/', async (ctx) => {
    ctx.body = await services.announcements.list(ctx.query, authOf(ctx));
  });
  router.post('/', requireAdministrator(), async (ctx) => {
    const input = validate(createAnnouncementSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { data: await services.announcements.create(input, authOf(ctx)) };
  });
  return router;
}
