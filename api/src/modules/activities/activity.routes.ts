import { route, scopeOf, type ApiRoute } from '../../http/api-route';
import type { ActivityService } from './activity.service';

export function activityRoutes(activities: ActivityService): ApiRoute[] {
  return [
    route('GET', '/activities', { permission: 'users.read' }, async (ctx) => {
      ctx.body = await activities.list(scopeOf(ctx), ctx.query);
    }),
  ];
}
