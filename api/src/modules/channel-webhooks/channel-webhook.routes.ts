import { route, type ApiRoute } from '../../http/api-route';
import type { ChannelWebhookService, UnimportedChanges } from './channel-webhook.service';
import { readRawBody } from './read-raw-body';

/** Shopify order payloads with many lines run to a few hundred KB; more is not an order. */
const MAX_WEBHOOK_BYTES = 2 * 1024 * 1024;

/**
 * `POST /channels/shopify/webhooks/{channelUuid}`: where a Shopify channel's order webhooks land.
 * Public (Shopify holds no token of ours); the HMAC signature is checked over the raw body, so
 * the route reads the body itself instead of the JSON parser. Answers quickly: the import runs
 * in a job.
 */
export function channelWebhookRoutes(
  services: () => { channelWebhooks: ChannelWebhookService; syncState?: UnimportedChanges },
): ApiRoute[] {
  return [
    route(
      'POST',
      '/channels/shopify/webhooks/:channelUuid',
      'public',
      async (ctx) => {
        const rawBody = await readRawBody(ctx.req, MAX_WEBHOOK_BYTES);
        const { channelWebhooks, syncState } = services();
        const delivery = { channelUuid: ctx.params.channelUuid ?? '', rawBody, headers: ctx.headers };
        const outcome = await channelWebhooks.receiveShopify(delivery, syncState);
        ctx.status = 200;
        ctx.body = { data: outcome };
      },
      { rawBody: true },
    ),
  ];
}
