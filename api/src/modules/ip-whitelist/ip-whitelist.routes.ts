import { createIpWhitelistSchema, updateIpWhitelistSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { IpWhitelistService } from './ip-whitelist.service';

export function ipWhitelistRoutes(ipWhitelist: IpWhitelistService): ApiRoute[] {
  return [
    // The two list paths come before `/ipWhitelist/:id`, which would otherwise take `company`.
    route('GET', '/ipWhitelist/company', { permission: 'general.read' }, async (ctx) => {
      ctx.body = await ipWhitelist.listCompany(scopeOf(ctx), ctx.query);
    }),
    route('GET', '/ipWhitelist/companyRole/:roleId', { permission: 'general.read' }, async (ctx) => {
      ctx.body = await ipWhitelist.listRole(scopeOf(ctx), idParam(ctx, 'roleId'), ctx.query);
    }),
    route('GET', '/ipWhitelist/:id', { permission: 'general.read' }, async (ctx) => {
      ctx.body = { data: await ipWhitelist.show(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('POST', '/ipWhitelist', { permission: 'general.update' }, async (ctx) => {
      const input = validate(createIpWhitelistSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await ipWhitelist.create(scopeOf(ctx), input) };
    }),
    route('PUT', '/ipWhitelist/:id', { permission: 'general.update' }, async (ctx) => {
      const id = idParam(ctx, 'id');
      const input = validate(updateIpWhitelistSchema, ctx.request.body);
      ctx.body = { data: await ipWhitelist.update(scopeOf(ctx), id, input) };
    }),
    route('DELETE', '/ipWhitelist/:id', { permission: 'general.update' }, async (ctx) => {
      await ipWhitelist.remove(scopeOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
