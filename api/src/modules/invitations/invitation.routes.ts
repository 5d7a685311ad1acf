import { acceptInvitationSchema, inviteUserSchema, updateInvitationSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { callerOf } from '../../http/authenticate';
import { validate } from '../../http/validate';
import type { InvitationService } from './invitation.service';

export function invitationRoutes(invitations: InvitationService): ApiRoute[] {
  const invite = async (ctx: RouteContext) => {
    const input = validate(inviteUserSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { data: await invitations.invite(scopeOf(ctx), input) };
  };
  return [
    // The spec names both paths for the same call.
    route('POST', '/users/invitations/invite', { permission: 'users.create' }, invite),
    route('POST', '/invitations/invite', { permission: 'users.create' }, invite),
    route('GET', '/invitations', { permission: 'users.read' }, async (ctx) => {
      ctx.body = await invitations.list(scopeOf(ctx), ctx.query);
    }),
    route('GET', '/invitations/verify/:token', 'public', async (ctx) => {
      ctx.body = { data: await invitations.preview(ctx.params.token ?? '') };
    }),
    route('POST', '/invitations/accept/:token', 'public', async (ctx) => {
      const input = validate(acceptInvitationSchema, ctx.request.body);
      ctx.body = { data: await invitations.accept(ctx.params.token ?? '', input, callerOf(ctx)) };
    }),
    route('GET', '/invitations/:id', { permission: 'users.read' }, async (ctx) => {
      ctx.body = { data: await invitations.show(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('PUT', '/invitations/:id', { permission: 'users.update' }, async (ctx) => {
      const id = idParam(ctx, 'id');
      const { role_id: roleId } = validate(updateInvitationSchema, ctx.request.body);
      ctx.body = { data: await invitations.changeRole(scopeOf(ctx), id, roleId) };
    }),
    route('DELETE', '/invitations/:id', { permission: 'users.delete' }, async (ctx) => {
      await invitations.remove(scopeOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
