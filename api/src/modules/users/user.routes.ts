import { createUserSchema, formatMessage, SUCCESS_MESSAGES, updateUserSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { UserService } from './user.service';

export function userRoutes(users: UserService): ApiRoute[] {
  return [
    route('GET', '/users', { permission: 'users.read' }, async (ctx) => {
      ctx.body = await users.list(scopeOf(ctx), ctx.query);
    }),
    route('GET', '/users/:id', { permission: 'users.read' }, async (ctx) => {
      ctx.body = { data: await users.show(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('POST', '/users/:storeId/create', { permission: 'users.create' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const input = validate(createUserSchema, ctx.request.body);
      await users.create(scopeOf(ctx), storeId, input);
      // The same answer whether an account was made or an existing one invited: no account data.
      ctx.status = 202;
      ctx.body = { message: formatMessage(SUCCESS_MESSAGES.userAddedOrInvited, { email: input.email }) };
    }),
    route('PUT', '/users/:id', { permission: 'users.update' }, async (ctx) => {
      const id = idParam(ctx, 'id');
      const input = validate(updateUserSchema, ctx.request.body);
      ctx.body = { data: await users.update(scopeOf(ctx), id, input) };
    }),
    route('DELETE', '/users/:id', { permission: 'users.delete' }, async (ctx) => {
      await users.remove(scopeOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
    route('PATCH', '/users/:id/verify', { permission: 'users.update' }, async (ctx) => {
      ctx.body = { data: await users.verify(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
  ];
}
