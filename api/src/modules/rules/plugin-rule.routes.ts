import { channelStatusSchema, pluginRuleInputSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import type { RequestScope } from '../../http/request-scope';
import { validate } from '../../http/validate';
import type { Services } from '../../services';

/**
 * A plugin's rules (spec §7 "plugin rules CRUD and status"). They are part of the plugin's setup,
 * so they follow the plugins' own permissions: channels.read to see, channels.update to change.
 */
export function pluginRuleRoutes(services: () => Services): ApiRoute[] {
  const pluginRules = () => services().pluginRules;
  const base = '/stores/:storeId/plugins/:pluginId/rules';
  const where = (ctx: RouteContext): [RequestScope, number, number] => [
    scopeOf(ctx),
    idParam(ctx, 'storeId'),
    idParam(ctx, 'pluginId'),
  ];
  return [
    route('GET', base, { permission: 'channels.read' }, async (ctx) => {
      ctx.body = { data: await pluginRules().list(...where(ctx)) };
    }),
    route('POST', base, { permission: 'channels.update' }, async (ctx) => {
      const at = where(ctx);
      const input = validate(pluginRuleInputSchema, ctx.request.body);
      const created = await pluginRules().create(...at, input);
      ctx.status = 201;
      ctx.body = { data: created };
    }),
    route('PUT', `${base}/:id`, { permission: 'channels.update' }, async (ctx) => {
      const [at, id] = [where(ctx), idParam(ctx, 'id')];
      const input = validate(pluginRuleInputSchema, ctx.request.body);
      ctx.body = { data: await pluginRules().update(...at, id, input) };
    }),
    route('PUT', `${base}/:id/status`, { permission: 'channels.update' }, async (ctx) => {
      const [at, id] = [where(ctx), idParam(ctx, 'id')];
      const { is_active } = validate(channelStatusSchema, ctx.request.body);
      ctx.body = { data: await pluginRules().setActive(...at, id, is_active) };
    }),
    route('DELETE', `${base}/:id`, { permission: 'channels.update' }, async (ctx) => {
      ctx.body = { data: await pluginRules().remove(...where(ctx), idParam(ctx, 'id')) };
    }),
  ];
}
