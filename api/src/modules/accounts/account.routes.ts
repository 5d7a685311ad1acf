import { setPlanSchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { AccountService } from './account.service';

export function accountRoutes(accounts: AccountService): ApiRoute[] {
  return [
    route('POST', '/accounts-system/create-account/:id', 'administrator', async (ctx) => {
      ctx.body = { data: await accounts.createAccount(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('POST', '/accounts-system/set-plan/:id', 'administrator', async (ctx) => {
      const companyId = idParam(ctx, 'id');
      const { status } = validate(setPlanSchema, ctx.request.body);
      ctx.body = { data: await accounts.setPlan(scopeOf(ctx), companyId, status) };
    }),
    route('GET', '/accounts-system/manage-url', 'authenticated', async (ctx) => {
      ctx.body = { data: accounts.manageUrl() };
    }),
    route('GET', '/accounts-system/notifications', 'authenticated', async (ctx) => {
      ctx.body = { data: await accounts.notices(scopeOf(ctx)) };
    }),
    // A GET because that is the call the spec names (`GET accounts-system/notification-read`).
    route('GET', '/accounts-system/notification-read', 'authenticated', async (ctx) => {
      ctx.body = { data: await accounts.markNoticesRead(scopeOf(ctx)) };
    }),
    route('GET', '/accounts-system/company', 'authenticated', async (ctx) => {
      ctx.body = { data: await accounts.current(scopeOf(ctx)) };
    }),
  ];
}
