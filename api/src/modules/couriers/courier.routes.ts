import {
  createChannelCourierSchema,
  createCourierMappingSchema,
  updateChannelCourierSchema,
  updateCourierMappingSchema,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { ChannelPath } from './channel-courier.service';
import type { CourierServices } from './courier-services';

const COURIERS = '/stores/:storeId/channels/:channelId/couriers';
const MAPPINGS = '/stores/:storeId/channels/:channelId/courierMappings';

const channelPathOf = (ctx: RouteContext): ChannelPath => ({
  storeId: idParam(ctx, 'storeId'),
  channelId: idParam(ctx, 'channelId'),
});

/**
 * The global courier list, a channel's couriers and shipping-method mappings (spec §7), and the
 * administrators' pushDHLChanges (platform-shell §7). `services` is a getter so the routes can be
 * listed before any service exists (the isolation matrix does).
 */
export function courierRoutes(services: () => CourierServices): ApiRoute[] {
  return [
    route('GET', '/couriers', 'authenticated', async (ctx) => {
      ctx.body = await services().couriers.list(ctx.query);
    }),
    route('POST', '/companies/:companyId/pushDHLChanges', 'administrator', async (ctx) => {
      const companyId = idParam(ctx, 'companyId');
      ctx.body = { data: await services().couriers.pushDhlChanges(scopeOf(ctx), companyId) };
    }),

    route('GET', COURIERS, { permission: 'channels.read' }, async (ctx) => {
      ctx.body = await services().channelCouriers.list(scopeOf(ctx), channelPathOf(ctx), ctx.query);
    }),
    route('POST', COURIERS, { permission: 'channels.update' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const input = validate(createChannelCourierSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services().channelCouriers.create(scopeOf(ctx), path, input) };
    }),
    route('GET', `${COURIERS}/:id`, { permission: 'channels.read' }, async (ctx) => {
      const path = channelPathOf(ctx);
      ctx.body = { data: await services().channelCouriers.show(scopeOf(ctx), path, idParam(ctx, 'id')) };
    }),
    route('PUT', `${COURIERS}/:id`, { permission: 'channels.update' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const id = idParam(ctx, 'id');
      const input = validate(updateChannelCourierSchema, ctx.request.body);
      ctx.body = { data: await services().channelCouriers.update(scopeOf(ctx), path, id, input) };
    }),
    route('DELETE', `${COURIERS}/:id`, { permission: 'channels.update' }, async (ctx) => {
      await services().channelCouriers.remove(scopeOf(ctx), channelPathOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),

    route('GET', MAPPINGS, { permission: 'channels.read' }, async (ctx) => {
      ctx.body = await services().courierMappings.list(scopeOf(ctx), channelPathOf(ctx), ctx.query);
    }),
    route('POST', MAPPINGS, { permission: 'channels.update' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const input = validate(createCourierMappingSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await services().courierMappings.create(scopeOf(ctx), path, input) };
    }),
    route('GET', `${MAPPINGS}/:id`, { permission: 'channels.read' }, async (ctx) => {
      const path = channelPathOf(ctx);
      ctx.body = { data: await services().courierMappings.show(scopeOf(ctx), path, idParam(ctx, 'id')) };
    }),
    route('PUT', `${MAPPINGS}/:id`, { permission: 'channels.update' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const id = idParam(ctx, 'id');
      const input = validate(updateCourierMappingSchema, ctx.request.body);
      ctx.body = { data: await services().courierMappings.update(scopeOf(ctx), path, id, input) };
    }),
    route('DELETE', `${MAPPINGS}/:id`, { permission: 'channels.update' }, async (ctx) => {
      await services().courierMappings.remove(scopeOf(ctx), channelPathOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
