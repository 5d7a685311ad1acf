import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import type { Services } from '../../services';

/** Rule-engine logs under transaction records (platform-shell §7): reading needs logs.read. */
export function ruleEngineLogRoutes(services: () => Services): ApiRoute[] {
  const logs = () => services().ruleEngineLogs;
  return [
    route('GET', '/logs/ruleEngineLogs', { permission: 'logs.read' }, async (ctx) => {
      ctx.body = await logs().list(scopeOf(ctx), ctx.query);
    }),
    route('GET', '/logs/ruleEngineLogs/:id/content', { permission: 'logs.read' }, async (ctx) => {
      ctx.body = { data: await logs().content(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
  ];
}
