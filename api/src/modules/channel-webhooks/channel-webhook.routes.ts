import { route, type ApiRoute } from '../../http/api-route';
import type { ChannelWebhookService, UnimportedChanges } from './channel-webhook.service';
import { readRawBody } from './read-raw-body';

/** Order payloads with many lines run to a few hundred KB (Shopify's); more is not an order. */
const MAX_WEBHOOK_BYTES = 2 * 1024 * 1024;

/**
 * `POST /channels/{type}/webhooks/{channelUuid}`: where a channel's own webhooks land, for every
 * provider that sends them (Shopify's subscriptions, made before this route was generic, point at
 * `/channels/shopify/webhooks/{uuid}`: the same address). Public (the provider holds no token of
 * ours); the provider's signature is checked over the raw body, so the route reads the body itself
 * instead of the JSON parser. Answers quickly: the import runs in a job.
 */
export function channelWebhookRoutes(
  services: () => { channelWebhooks: ChannelWebhookService; syncState?: UnimportedChanges },
): ApiRoute[] {
  return [
    route(
      'POST',
      '/channels/:type/webhooks/:channelUuid',
      'public',
      async (ctx) => {
        const rawBody = await readRawBody(ctx.req, MAX_WEBHOOK_BYTES);
        const { channelWebhooks, syncState } = services();
        const delivery = {
          channelType: ctx.params.type ?? '',
          channelUuid: ctx.params.channelUuid ?? '',
          rawBody,
          headers: ctx.headers,
        };
        const outcome = await channelWebhooks.receive(delivery, syncState);
        ctx.status = 200;
        ctx.body = { data: outcome };
      },
      { rawBody: true },
    ),
  ];
}
