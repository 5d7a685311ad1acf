import {
  deleteChannelProductsSchema,
  deletePluginProductsSchema,
  pushStockLevelSchema,
  resendPluginProductSchema,
  updateAllChannelProductSyncStatusSchema,
  updateChannelProductSchema,
  updateChannelProductSyncStatusSchema,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { ChannelProductServices } from './channel-product-services';
import type { ChannelPath } from './channel-product.service';
import type { PluginPath } from './plugin-product.service';

const LISTINGS = '/stores/:storeId/channels/:channelId/products';
const PLUGIN_PRODUCTS = '/stores/:storeId/plugins/:pluginId/products';

const channelPathOf = (ctx: RouteContext): ChannelPath => ({
  storeId: idParam(ctx, 'storeId'),
  channelId: idParam(ctx, 'channelId'),
});
const pluginPathOf = (ctx: RouteContext): PluginPath => ({
  storeId: idParam(ctx, 'storeId'),
  pluginId: idParam(ctx, 'pluginId'),
});

/**
 * A sales channel's listings and a plugin's products (spec §7). The named actions come before
 * `/:id`, which they would also fit. Export and import of listings are the transfers' routes.
 * `services` is a getter so the routes can be listed before any service exists (the isolation
 * matrix does).
 */
export function channelProductRoutes(services: () => ChannelProductServices): ApiRoute[] {
  return [
    route('GET', LISTINGS, { permission: 'products.read' }, async (ctx) => {
      ctx.body = await services().channelProducts.list(scopeOf(ctx), channelPathOf(ctx), ctx.query);
    }),
    route('PUT', `${LISTINGS}/pushStockLevel`, { permission: 'products.update' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const { channel_product_id } = validate(pushStockLevelSchema, ctx.request.body);
      ctx.body = {
        data: await services().channelProducts.pushStockLevel(scopeOf(ctx), path, channel_product_id),
      };
    }),
    route('PUT', `${LISTINGS}/updateSyncStatus`, { permission: 'products.update' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const input = validate(updateChannelProductSyncStatusSchema, ctx.request.body);
      ctx.body = {
        data: await services().channelProducts.updateSyncStatus(
          scopeOf(ctx),
          path,
          input.channel_product_ids,
          input.status,
        ),
      };
    }),
    route('PUT', `${LISTINGS}/updateSyncStatusAll`, { permission: 'products.update' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const { status } = validate(updateAllChannelProductSyncStatusSchema, ctx.request.body);
      ctx.body = {
        data: await services().channelProducts.updateSyncStatusAll(scopeOf(ctx), path, status, ctx.query),
      };
    }),
    route('PUT', `${LISTINGS}/matchBySku`, { permission: 'products.update' }, async (ctx) => {
      ctx.body = { data: await services().channelProducts.matchBySku(scopeOf(ctx), channelPathOf(ctx)) };
    }),
    route('DELETE', LISTINGS, { permission: 'products.delete' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const input = validate(deleteChannelProductsSchema, ctx.request.body);
      ctx.body = { data: await services().channelProducts.remove(scopeOf(ctx), path, input, ctx.query) };
    }),
    route('GET', `${LISTINGS}/:id`, { permission: 'products.read' }, async (ctx) => {
      const path = channelPathOf(ctx);
      ctx.body = { data: await services().channelProducts.show(scopeOf(ctx), path, idParam(ctx, 'id')) };
    }),
    route('PUT', `${LISTINGS}/:id`, { permission: 'products.update' }, async (ctx) => {
      const path = channelPathOf(ctx);
      const id = idParam(ctx, 'id');
      const input = validate(updateChannelProductSchema, ctx.request.body);
      ctx.body = { data: await services().channelProducts.update(scopeOf(ctx), path, id, input) };
    }),

    route('GET', PLUGIN_PRODUCTS, { permission: 'products.read' }, async (ctx) => {
      ctx.body = await services().pluginProducts.list(scopeOf(ctx), pluginPathOf(ctx), ctx.query);
    }),
    route('DELETE', PLUGIN_PRODUCTS, { permission: 'products.delete' }, async (ctx) => {
      const path = pluginPathOf(ctx);
      const input = validate(deletePluginProductsSchema, ctx.request.body);
      ctx.body = { data: await services().pluginProducts.remove(scopeOf(ctx), path, input, ctx.query) };
    }),
    route('GET', `${PLUGIN_PRODUCTS}/:id`, { permission: 'products.read' }, async (ctx) => {
      const path = pluginPathOf(ctx);
      ctx.body = { data: await services().pluginProducts.show(scopeOf(ctx), path, idParam(ctx, 'id')) };
    }),
    route('PUT', `${PLUGIN_PRODUCTS}/:id`, { permission: 'products.update' }, async (ctx) => {
      const path = pluginPathOf(ctx);
      const id = idParam(ctx, 'id');
      validate(resendPluginProductSchema, ctx.request.body);
      ctx.body = { data: await services().pluginProducts.resend(scopeOf(ctx), path, id) };
    }),
  ];
}
