import { createRoleSchema, updateRoleSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { RoleService } from './role.service';

export function roleRoutes(roles: RoleService): ApiRoute[] {
  return [
    route('GET', '/roles', { permission: 'roles.read' }, async (ctx) => {
      ctx.body = await roles.list(scopeOf(ctx), ctx.query);
    }),
    // Before `/roles/:id`, which would otherwise take `default` for an id.
    route('GET', '/roles/default', { permission: 'roles.read' }, async (ctx) => {
      ctx.body = { data: await roles.defaultRole(scopeOf(ctx)) };
    }),
    route('GET', '/roles/:id', { permission: 'roles.read' }, async (ctx) => {
      ctx.body = { data: await roles.show(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('POST', '/roles/create', { permission: 'roles.create' }, async (ctx) => {
      const input = validate(createRoleSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await roles.create(scopeOf(ctx), input) };
    }),
    route('PUT', '/roles/:id', { permission: 'roles.update' }, async (ctx) => {
      const id = idParam(ctx, 'id');
      const input = validate(updateRoleSchema, ctx.request.body);
      ctx.body = { data: await roles.update(scopeOf(ctx), id, input) };
    }),
    route('DELETE', '/roles/:id', { permission: 'roles.delete' }, async (ctx) => {
      await roles.remove(scopeOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
