import { createWebhookSchema, updateWebhookSchema, webhookStatusSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/**
 * `stores/{storeId}/webhooks` (spec §7). The spec has no webhook permission: webhooks are part of
 * the store's setup, so reading needs stores.read and every change stores.update.
 */
export function webhookRoutes(services: Services): ApiRoute[] {
  const base = '/stores/:storeId/webhooks';
  return [
    route('GET', base, { permission: 'stores.read' }, async (ctx) => {
      ctx.body = await services.webhooks.list(scopeOf(ctx), idParam(ctx, 'storeId'), ctx.query);
    }),
    route('POST', base, { permission: 'stores.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const input = validate(createWebhookSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services.webhooks.create(scopeOf(ctx), storeId, input) };
    }),
    route('GET', `${base}/:id`, { permission: 'stores.read' }, async (ctx) => {
      ctx.body = {
        data: await services.webhooks.show(scopeOf(ctx), idParam(ctx, 'storeId'), idParam(ctx, 'id')),
      };
    }),
    route('PUT', `${base}/:id`, { permission: 'stores.update' }, async (ctx) => {
      const [storeId, id] = [idParam(ctx, 'storeId'), idParam(ctx, 'id')];
      const input = validate(updateWebhookSchema, ctx.request.body);
      ctx.body = { data: await services.webhooks.update(scopeOf(ctx), storeId, id, input) };
    }),
    route('PUT', `${base}/:id/status`, { permission: 'stores.update' }, async (ctx) => {
      const [storeId, id] = [idParam(ctx, 'storeId'), idParam(ctx, 'id')];
      const { is_active } = validate(webhookStatusSchema, ctx.request.body);
      ctx.body = { data: await services.webhooks.setActive(scopeOf(ctx), storeId, id, is_active) };
    }),
    route('DELETE', `${base}/:id`, { permission: 'stores.update' }, async (ctx) => {
      await services.webhooks.remove(scopeOf(ctx), idParam(ctx, 'storeId'), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
