import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import type { ActivityService } from './activity.service';

export function activityRoutes(activities: ActivityService): ApiRoute[] {
  return [
    route('GET', '/activities', { permission: 'users.read' }, async (ctx) => {
      ctx.body = await activities.list(scopeOf(ctx), ctx.query);
    }),
    // A product's stock history (spec §7); the destination's domain says who may read it.
    route(
      'GET',
      '/activities/:destination/:destinationId/stock_updated',
      { permission: 'products.read' },
      async (ctx) => {
        const { destination } = ctx.params;
        const destinationId = idParam(ctx, 'destinationId');
        ctx.body = await activities.listStockUpdated(scopeOf(ctx), destination!, destinationId, ctx.query);
      },
    ),
    // A confirmation order's activities (spec §7): whoever may read confirmation orders (orders.read).
    route('GET', '/activities/confirmation_order/:id', { permission: 'orders.read' }, async (ctx) => {
      ctx.body = await activities.listSubjectHistory(
        scopeOf(ctx),
        'confirmation_order',
        idParam(ctx, 'id'),
        ctx.query,
      );
    }),
    // An invoice's activities (spec §7): whoever may read invoices (orders.read).
    route('GET', '/activities/invoice/:id', { permission: 'orders.read' }, async (ctx) => {
      ctx.body = await activities.listSubjectHistory(scopeOf(ctx), 'invoice', idParam(ctx, 'id'), ctx.query);
    }),
  ];
}
