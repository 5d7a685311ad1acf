import { createCompanySchema, updateCompanySchema } from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { CompanyService } from './company.service';

export function companyRoutes(companies: CompanyService): ApiRoute[] {
  return [
    route('GET', '/companies', 'authenticated', async (ctx) => {
      ctx.body = await companies.list(scopeOf(ctx), ctx.query);
    }),
    route('POST', '/companies/create', 'authenticated', async (ctx) => {
      const input = validate(createCompanySchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await companies.create(scopeOf(ctx), input) };
    }),
    route('GET', '/companies/:id', 'authenticated', async (ctx) => {
      ctx.body = { data: await companies.show(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('PUT', '/companies/:id', { permission: 'general.update' }, async (ctx) => {
      const id = idParam(ctx, 'id');
      const input = validate(updateCompanySchema, ctx.request.body);
      ctx.body = { data: await companies.update(scopeOf(ctx), id, input) };
    }),
    route('DELETE', '/companies/:id', { permission: 'general.delete' }, async (ctx) => {
      await companies.remove(scopeOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
