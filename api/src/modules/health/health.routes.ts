import Router from '@koa/router';
import type { Services } from '../../services';

/** `GET /api/health`: 200 with `status: ok` when the database and job store answer, else 503. */
export function healthRoutes(services: Services): Router {
  const router = new Router();
  router.get('/health', async (ctx) => {
    const report = await services.health.check();
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.body = report;
  });
  return router;
}
