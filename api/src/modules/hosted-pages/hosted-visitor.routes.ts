import { z } from 'zod';
import {
  HOSTED_CHANNEL_TYPE_FIELD,
  channelStatusSchema,
  customOrderStatusSchema,
  hostedPageActivitySchema,
  updateCustomOrderStatusSchema,
} from '@syncdesk/contracts';
import { idParam, route, type ApiRoute } from '../../http/api-route';
import { validate } from '../../http/validate';
import { hostedCallerOf } from './hosted-authenticate';
import type { HostedVisitorService } from './hosted-visitor.service';

/** Create and update bodies are the settings form's flat values, as for a signed-in seller. */
const settingsBodySchema = z.record(z.string(), z.unknown(), {
  error: 'The settings must be an object of field values.',
});

const channelTypeOf = (body: Record<string, unknown>) => {
  const type = body[HOSTED_CHANNEL_TYPE_FIELD];
  return typeof type === 'string' ? type : '';
};

/**
 * The calls of a hosted page, with its token as the bearer (platform-shell §7, integration-domain
 * §7). All are `hosted`: only a live hosted-page token opens them, and that token opens nothing
 * else. Channel ids are checked against the link by the service.
 */
export function hostedVisitorRoutes(visitors: () => HostedVisitorService): ApiRoute[] {
  const channels = '/hostedPages/channels';
  const statuses = `${channels}/:channelId/customOrderStatuses`;
  return [
    route('GET', '/hostedPages/auth/me', 'hosted', async (ctx) => {
      ctx.body = { data: await visitors().me(hostedCallerOf(ctx)) };
    }),
    route('GET', '/rules/store/:channelType', 'hosted', async (ctx) => {
      ctx.body = { data: visitors().channelForm(hostedCallerOf(ctx), ctx.params.channelType ?? '') };
    }),
    route('POST', '/activities', 'hosted', async (ctx) => {
      const { path } = validate(hostedPageActivitySchema, ctx.request.body);
      await visitors().recordVisit(hostedCallerOf(ctx), path);
      ctx.status = 204;
    }),

    route('GET', channels, 'hosted', async (ctx) => {
      ctx.body = await visitors().listChannels(hostedCallerOf(ctx), ctx.query);
    }),
    route('POST', channels, 'hosted', async (ctx) => {
      const body = validate(settingsBodySchema, ctx.request.body ?? {});
      const { [HOSTED_CHANNEL_TYPE_FIELD]: _type, ...values } = body;
      ctx.status = 201;
      ctx.body = { data: await visitors().createChannel(hostedCallerOf(ctx), channelTypeOf(body), values) };
    }),
    route('GET', `${channels}/:id`, 'hosted', async (ctx) => {
      ctx.body = { data: await visitors().showChannel(hostedCallerOf(ctx), idParam(ctx, 'id')) };
    }),
    route('PUT', `${channels}/:id`, 'hosted', async (ctx) => {
      const id = idParam(ctx, 'id');
      const body = validate(settingsBodySchema, ctx.request.body ?? {});
      ctx.body = { data: await visitors().updateChannel(hostedCallerOf(ctx), id, body) };
    }),
    route('PUT', `${channels}/:id/status`, 'hosted', async (ctx) => {
      const id = idParam(ctx, 'id');
      const { is_active } = validate(channelStatusSchema, ctx.request.body);
      ctx.body = { data: await visitors().setChannelStatus(hostedCallerOf(ctx), id, is_active) };
    }),
    route('DELETE', `${channels}/:id`, 'hosted', async (ctx) => {
      await visitors().removeChannel(hostedCallerOf(ctx), idParam(ctx, 'id'));
      ctx.status = 204;
    }),
    route('GET', `${channels}/:id/authorizeChannelAsGuest`, 'hosted', async (ctx) => {
      ctx.body = { data: await visitors().authorizeChannel(hostedCallerOf(ctx), idParam(ctx, 'id')) };
    }),

    route('GET', statuses, 'hosted', async (ctx) => {
      const channelId = idParam(ctx, 'channelId');
      ctx.body = await visitors().listStatuses(hostedCallerOf(ctx), channelId, ctx.query);
    }),
    route('POST', statuses, 'hosted', async (ctx) => {
      const channelId = idParam(ctx, 'channelId');
      const input = validate(customOrderStatusSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: await visitors().createStatus(hostedCallerOf(ctx), channelId, input) };
    }),
    route('GET', `${statuses}/:id`, 'hosted', async (ctx) => {
      const channelId = idParam(ctx, 'channelId');
      ctx.body = { data: await visitors().showStatus(hostedCallerOf(ctx), channelId, idParam(ctx, 'id')) };
    }),
    route('PUT', `${statuses}/:id`, 'hosted', async (ctx) => {
      const channelId = idParam(ctx, 'channelId');
      const id = idParam(ctx, 'id');
      const input = validate(updateCustomOrderStatusSchema, ctx.request.body);
      ctx.body = { data: await visitors().updateStatus(hostedCallerOf(ctx), channelId, id, input) };
    }),
    route('DELETE', `${statuses}/:id`, 'hosted', async (ctx) => {
      const channelId = idParam(ctx, 'channelId');
      await visitors().removeStatus(hostedCallerOf(ctx), channelId, idParam(ctx, 'id'));
      ctx.status = 204;
    }),
  ];
}
