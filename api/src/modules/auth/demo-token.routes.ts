import Router from '@koa/router';
import type { Services } from '../../services';

/**
 * Placeholder sign-in for the embedded demo until the identity issue lands: hands out a token for
 * demo user 1 of company 1 (an administrator). Mounted only when DEMO_MODE is on, which it never
 * is by default with a DATABASE_URL or NODE_ENV=production.
 */
export function demoTokenRoutes(services: Services): Router {
  const router = new Router();
  router.post('/auth/demo-token', async (ctx) => {
    const token = await services.tokens.sign({ userId: 1, companyId: 1, storeIds: [], administrator: true });
    ctx.body = { data: { token } };
  });
  return router;
}
