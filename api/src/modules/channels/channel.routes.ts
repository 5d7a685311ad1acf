import { z } from 'zod';
import {
  SUCCESS_MESSAGES,
  channelMigrateSchema,
  channelStatusSchema,
  pluginDefaultSchema,
  type ChannelKind,
} from '@syncdesk/contracts';
import { idParam, route, scopeOf, type ApiRoute, type RouteContext } from '../../http/api-route';
import { validate } from '../../http/validate';
import type { ChannelService } from './channel.service';

/** Create and update bodies are the form's flat values; the service checks them against the form. */
const settingsBodySchema = z.record(z.string(), z.unknown(), {
  error: 'The settings must be an object of field values.',
});

/** The three kinds share their calls; only the path segment and the type parameter differ. */
const KIND_PATHS: readonly { kind: ChannelKind; base: string; typeParam: string; showParam: string }[] = [
  { kind: 'channel', base: '/stores/:storeId/channels', typeParam: 'channelType', showParam: 'channelId' },
  {
    kind: 'accounting',
    base: '/stores/:storeId/accountingChannels',
    typeParam: 'channelType',
    showParam: 'channelId',
  },
  { kind: 'plugin', base: '/stores/:storeId/plugins', typeParam: 'pluginType', showParam: 'id' },
];

/**
 * Sales channels, accounting channels and plugins of a store (spec §7), plus the company-wide
 * channel list, migration (channels) and the default plugin. `channels` is a getter so the routes
 * can be listed before any service exists (the isolation matrix does).
 */
export function channelConnectionRoutes(channels: () => ChannelService): ApiRoute[] {
  const storeIdOf = (ctx: RouteContext) => idParam(ctx, 'storeId');

  const kindRoutes = KIND_PATHS.flatMap(({ kind, base, typeParam, showParam }) => [
    route('GET', base, { permission: 'channels.read' }, async (ctx) => {
      ctx.body = await channels().list(scopeOf(ctx), storeIdOf(ctx), kind, ctx.query);
    }),
    route('GET', `${base}/:${showParam}`, { permission: 'channels.read' }, async (ctx) => {
      const data = await channels().show(scopeOf(ctx), storeIdOf(ctx), kind, idParam(ctx, showParam));
      ctx.body = { data };
    }),
    route('POST', `${base}/:${typeParam}`, { permission: 'channels.create' }, async (ctx) => {
      const storeId = storeIdOf(ctx);
      const body = validate(settingsBodySchema, ctx.request.body ?? {});
      const data = await channels().create(scopeOf(ctx), storeId, kind, ctx.params[typeParam] ?? '', body);
      ctx.status = 201;
      ctx.body = { data };
    }),
    route('PUT', `${base}/:id`, { permission: 'channels.update' }, async (ctx) => {
      const storeId = storeIdOf(ctx);
      const id = idParam(ctx, 'id');
      const body = validate(settingsBodySchema, ctx.request.body ?? {});
      ctx.body = { data: await channels().update(scopeOf(ctx), storeId, kind, id, body) };
    }),
    route('PUT', `${base}/:id/status`, { permission: 'channels.update' }, async (ctx) => {
      const storeId = storeIdOf(ctx);
      const id = idParam(ctx, 'id');
      const { is_active } = validate(channelStatusSchema, ctx.request.body);
      ctx.body = { data: await channels().setStatus(scopeOf(ctx), storeId, kind, id, is_active) };
    }),
    route('DELETE', `${base}/:id`, { permission: 'channels.delete' }, async (ctx) => {
      await channels().remove(scopeOf(ctx), storeIdOf(ctx), kind, idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ]);

  return [
    route('GET', '/companies/channels', { permission: 'channels.read' }, async (ctx) => {
      ctx.body = await channels().listCompanyChannels(scopeOf(ctx), ctx.query);
    }),
    ...kindRoutes,
    route('PUT', '/stores/:storeId/channels/:id/migrate', { permission: 'channels.update' }, async (ctx) => {
      const storeId = storeIdOf(ctx);
      const id = idParam(ctx, 'id');
      const input = validate(channelMigrateSchema, ctx.request.body);
      ctx.body = {
        data: await channels().migrate(scopeOf(ctx), storeId, id, input),
        message: SUCCESS_MESSAGES.channelMigrationCompleted,
      };
    }),
    route('PUT', '/stores/:storeId/plugins/:id/default', { permission: 'channels.update' }, async (ctx) => {
      const storeId = storeIdOf(ctx);
      const id = idParam(ctx, 'id');
      const { is_default } = validate(pluginDefaultSchema, ctx.request.body);
      ctx.body = { data: await channels().setDefault(scopeOf(ctx), storeId, id, is_default) };
    }),
  ];
}
