import {
  createPickupProductSchema,
  createPickupStoreSchema,
  pickupStoreStatusSchema,
  updatePickupProductSchema,
  updatePickupStoreSchema,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { PickupPath } from './pickup-access';
import type { PickupServices } from './pickup-services';

const BASE = '/pickupStores/:storeId/:channelId';
const STORES = `${BASE}/stores`;
const PICKUP = `${BASE}/:pickupId`;

const pickupPathOf = (ctx: RouteContext): PickupPath => ({
  storeId: idParam(ctx, 'storeId'),
  channelId: idParam(ctx, 'channelId'),
});

/**
 * Pickup stores and their products (spec §7). The `stores` routes come first: `…/stores` and
 * `…/stores/{id}` also fit the product paths (`…/{pickupId}`, `…/{pickupId}/{productId}`), and
 * the router runs the first route that matches. `services` is a getter so the routes can be
 * listed before any service exists (the isolation matrix does).
 */
export function pickupRoutes(services: () => PickupServices): ApiRoute[] {
  return [
    route('GET', STORES, { permission: 'channels.read' }, async (ctx) => {
      ctx.body = await services().pickupStores.list(scopeOf(ctx), pickupPathOf(ctx), ctx.query);
    }),
    route('POST', STORES, { permission: 'channels.update' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      const input = validate(createPickupStoreSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services().pickupStores.create(scopeOf(ctx), path, input) };
    }),
    route('GET', `${STORES}/:id`, { permission: 'channels.read' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      ctx.body = { data: await services().pickupStores.show(scopeOf(ctx), path, idParam(ctx, 'id')) };
    }),
    route('PUT', `${STORES}/:id`, { permission: 'channels.update' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      const id = idParam(ctx, 'id');
      const input = validate(updatePickupStoreSchema, ctx.request.body);
      ctx.body = { data: await services().pickupStores.update(scopeOf(ctx), path, id, input) };
    }),
    route('PUT', `${STORES}/:id/statusUpdate`, { permission: 'channels.update' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      const id = idParam(ctx, 'id');
      const { is_active } = validate(pickupStoreStatusSchema, ctx.request.body);
      ctx.body = { data: await services().pickupStores.setActive(scopeOf(ctx), path, id, is_active) };
    }),
    route('DELETE', `${STORES}/:id`, { permission: 'channels.update' }, async (ctx) => {
      await services().pickupStores.remove(scopeOf(ctx), pickupPathOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),

    route('GET', PICKUP, { permission: 'channels.read' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      const pickupId = idParam(ctx, 'pickupId');
      ctx.body = await services().pickupProducts.list(scopeOf(ctx), path, pickupId, ctx.query);
    }),
    route('POST', `${PICKUP}/create`, { permission: 'channels.update' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      const pickupId = idParam(ctx, 'pickupId');
      const input = validate(createPickupProductSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services().pickupProducts.create(scopeOf(ctx), path, pickupId, input) };
    }),
    route('GET', `${PICKUP}/:productId`, { permission: 'channels.read' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      const pickupId = idParam(ctx, 'pickupId');
      const productId = idParam(ctx, 'productId');
      ctx.body = { data: await services().pickupProducts.show(scopeOf(ctx), path, pickupId, productId) };
    }),
    route('PUT', `${PICKUP}/:productId`, { permission: 'channels.update' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      const pickupId = idParam(ctx, 'pickupId');
      const productId = idParam(ctx, 'productId');
      const input = validate(updatePickupProductSchema, ctx.request.body);
      ctx.body = {
        data: await services().pickupProducts.update(scopeOf(ctx), path, pickupId, productId, input),
      };
    }),
    route('DELETE', `${PICKUP}/:productId`, { permission: 'channels.update' }, async (ctx) => {
      const path = pickupPathOf(ctx);
      const pickupId = idParam(ctx, 'pickupId');
      await services().pickupProducts.remove(scopeOf(ctx), path, pickupId, idParam(ctx, 'productId'));
      ctx.status = 204;
    }),
    route('DELETE', PICKUP, { permission: 'channels.update' }, async (ctx) => {
      await services().pickupProducts.removeAll(scopeOf(ctx), pickupPathOf(ctx), idParam(ctx, 'pickupId'));
      ctx.status = 204;
    }),
  ];
}
