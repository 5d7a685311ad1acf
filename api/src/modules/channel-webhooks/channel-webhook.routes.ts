import { route, type ApiRoute } from '../../http/api-route';
import type { ChannelComplianceService } from './channel-compliance.service';
import type { ChannelWebhookService } from './channel-webhook.service';
import {
  complianceHandlersOf,
  deliveryEffectsOf,
  type WebhookEffectServices,
} from './channel-webhook-effects';
import { readRawBody } from './read-raw-body';

/** Order payloads with many lines run to a few hundred KB (Shopify's); more is not an order. */
const MAX_WEBHOOK_BYTES = 2 * 1024 * 1024;

type ChannelWebhookRouteServices = WebhookEffectServices & {
  channelWebhooks: ChannelWebhookService;
  channelCompliance: ChannelComplianceService;
};

/**
 * `POST /channels/{type}/webhooks/{channelUuid}`: where a channel's own webhooks land, for every
 * provider that sends them (Shopify's subscriptions, made before this route was generic, point at
 * `/channels/shopify/webhooks/{uuid}`: the same address). Public (the provider holds no token of
 * ours); the provider's signature is checked over the raw body, so the route reads the body itself
 * instead of the JSON parser. Answers quickly: the import runs in a job.
 *
 * `POST /channels/{type}/compliance`: the app-level address of a provider's privacy webhooks
 * (Shopify's `customers/data_request`, `customers/redact`, `shop/redact`, all three at one
 * address: the topic header tells them apart). Public and signed the same way.
 */
export function channelWebhookRoutes(services: () => ChannelWebhookRouteServices): ApiRoute[] {
  return [
    route(
      'POST',
      '/channels/:type/webhooks/:channelUuid',
      'public',
      async (ctx) => {
        const rawBody = await readRawBody(ctx.req, MAX_WEBHOOK_BYTES);
        const all = services();
        const delivery = {
          channelType: ctx.params.type ?? '',
          channelUuid: ctx.params.channelUuid ?? '',
          rawBody,
          headers: ctx.headers,
        };
        const outcome = await all.channelWebhooks.receive(delivery, deliveryEffectsOf(all, ctx.path));
        ctx.status = 200;
        ctx.body = { data: outcome };
      },
      { rawBody: true },
    ),
    route(
      'POST',
      '/channels/:type/compliance',
      'public',
      async (ctx) => {
        const rawBody = await readRawBody(ctx.req, MAX_WEBHOOK_BYTES);
        const all = services();
        const delivery = { channelType: ctx.params.type ?? '', rawBody, headers: ctx.headers };
        const outcome = await all.channelCompliance.receive(delivery, complianceHandlersOf(all, ctx.path));
        ctx.status = 200;
        ctx.body = { data: outcome };
      },
      { rawBody: true },
    ),
  ];
}
