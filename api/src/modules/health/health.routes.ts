import { route, type ApiRoute } from '../../http/api-route';
import type { Services } from '../../services';

/**
 * `GET /api/health`: 200 with `status: ok` when the database and job store answer and the live-event
 * path is whole (its Redis connections ready, or in-process), else 503.
 */
export function healthRoutes(services: Services): ApiRoute[] {
  return [
    route('GET', '/health', 'public', async (ctx) => {
      const report = await services.health.check();
      ctx.status = report.status === 'ok' ? 200 : 503;
      ctx.body = report;
    }),
  ];
}
