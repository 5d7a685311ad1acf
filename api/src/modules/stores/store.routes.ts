import {
  createStoreSchema,
  shareStoreSchema,
  storeNotificationsSchema,
  updateStoreSchema,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { StoreSharingService } from './store-sharing.service';
import type { StoreService } from './store.service';

export function storeRoutes(stores: StoreService, sharing: StoreSharingService): ApiRoute[] {
  return [
    route('GET', '/stores', { permission: 'stores.read' }, async (ctx) => {
      ctx.body = await stores.list(scopeOf(ctx), ctx.query);
    }),
    route('POST', '/stores/create', { permission: 'stores.create' }, async (ctx) => {
      const input = validate(createStoreSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await stores.create(scopeOf(ctx), input) };
    }),
    route('GET', '/stores/:id', { permission: 'stores.read' }, async (ctx) => {
      ctx.body = { data: await stores.show(scopeOf(ctx), idParam(ctx, 'id')) };
    }),
    route('PUT', '/stores/:id', { permission: 'stores.update' }, async (ctx) => {
      const id = idParam(ctx, 'id');
      const input = validate(updateStoreSchema, ctx.request.body);
      ctx.body = { data: await stores.update(scopeOf(ctx), id, input) };
    }),
    route('PUT', '/stores/:id/notifications', { permission: 'stores.update' }, async (ctx) => {
      const id = idParam(ctx, 'id');
      const { storeNotifications } = validate(storeNotificationsSchema, ctx.request.body);
      ctx.body = { data: await stores.replaceNotifications(scopeOf(ctx), id, storeNotifications) };
    }),
    route('DELETE', '/stores/:id', { permission: 'stores.delete' }, async (ctx) => {
      await stores.remove(scopeOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
    route('GET', '/stores/:storeId/sharedCompanies', { permission: 'stores.read' }, async (ctx) => {
      ctx.body = { data: await sharing.sharedCompanies(scopeOf(ctx), idParam(ctx, 'storeId')) };
    }),
    route('POST', '/stores/:storeId/shareCompany', { permission: 'stores.update' }, async (ctx) => {
      const storeId = idParam(ctx, 'storeId');
      const { company_uuid } = validate(shareStoreSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await sharing.share(scopeOf(ctx), storeId, company_uuid) };
    }),
    route(
      'DELETE',
      '/stores/:storeId/shareCompany/:companyId',
      { permission: 'stores.update' },
      async (ctx) => {
        await sharing.unshare(scopeOf(ctx), idParam(ctx, 'storeId'), idParam(ctx, 'companyId'));
        ctx.status = 204;
      },
    ),
  ];
}
