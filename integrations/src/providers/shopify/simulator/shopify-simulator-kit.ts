import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderSimulator, SimulatedAccount } from '../../../simulators/provider-simulator';
import type { InboundDelivery } from '../../../webhooks/provider-webhooks';
import { SHOPIFY_API_VERSION } from '../shopify-api';
import { SIMULATOR_DEFAULTS, startShopifySimulator } from './shopify-simulator';

const REFRESH_TOKEN = 'shprt_simulated_refresh_token';

/** Receives the shop's webhook deliveries on a local address, as our public route would. */
async function startDeliveryInbox() {
  const received: InboundDelivery[] = [];
  const waiting: ((delivery: InboundDelivery) => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = { rawBody: Buffer.concat(chunks), headers: { ...request.headers } };
      response.writeHead(200).end();
      const next = waiting.shift();
      if (next) next(delivery);
      else received.push(delivery);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    next: () =>
      new Promise<InboundDelivery>((resolve) => {
        const ready = received.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Shopify's simulator as the conformance suite drives it: one shop, our app, expiring tokens. */
export const shopifySimulator: ProviderSimulator = {
  addsListings: true,
  async start(): Promise<SimulatedAccount> {
    const shop = await startShopifySimulator({
      refreshToken: REFRESH_TOKEN,
      webhookRetryDelaysMs: [50, 100, 200],
    });
    const inbox = await startDeliveryInbox();
    let subscribed = false;
    const connection: SimulatedAccount['connection'] = {
      id: 41,
      uuid: '0b0c5b1e-4a40-4a65-9b3c-6f0d2d1f3a41',
      companyId: 1,
      storeId: 1,
      kind: 'channel',
      type: 'shopify',
      name: 'Shopify (simulated)',
      apiVersion: null,
      settings: { shop_url: shop.url },
      credentials: { access_token: SIMULATOR_DEFAULTS.accessToken, refresh_token: REFRESH_TOKEN },
      tokenExpiresAt: null,
    };
    return {
      url: shop.url,
      connection,
      app: { clientId: SIMULATOR_DEFAULTS.clientId, clientSecret: SIMULATOR_DEFAULTS.clientSecret },
      // The connector reads 20 orders a page (a page of orders with lines costs ~922 of 1,000 points).
      pageSize: 20,
      async addChanges(count) {
        return Array.from({ length: count }, () => String(shop.state.createOrder().id));
      },
      async addListings(count) {
        const first = shop.state.shop.products.length + 1;
        return Array.from({ length: count }, (_, index) => {
          const sku = `LISTING-${first + index}`;
          shop.state.addProduct({ title: `Listing ${first + index}`, variants: [{ sku, price: '12.50' }] });
          return sku;
        });
      },
      fail: (fault) => shop.state.addFault(fault),
      calls: () => shop.state.calls().map((call) => ({ path: call.path, at: call.timeMs })),
      tokens: {
        expire() {
          shop.state.expireTokens();
          // As our channel row holds it: the expiry has passed.
          connection.tokenExpiresAt = new Date(Date.now() - 1000);
        },
        refreshes: () => shop.state.refreshCount(),
      },
      async nextWebhook() {
        if (!subscribed) {
          // Subscribed through the Admin API, as the connector does on activation.
          const answer = await fetch(`${shop.url}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-shopify-access-token': String(connection.credentials.access_token),
            },
            body: JSON.stringify({
              query: `mutation($uri: String!) { webhookSubscriptionCreate(topic: ORDERS_CREATE,
                webhookSubscription: { uri: $uri, format: JSON }) { webhookSubscription { id } userErrors { message } } }`,
              variables: { uri: inbox.url },
            }),
          });
          const created = (await answer.json()) as {
            data?: { webhookSubscriptionCreate?: { webhookSubscription: { id: string } | null } };
          };
          if (!created.data?.webhookSubscriptionCreate?.webhookSubscription) {
            throw new Error(`webhook subscription refused: ${JSON.stringify(created)}`);
          }
          subscribed = true;
        }
        const delivery = inbox.next();
        shop.state.createOrder();
        return delivery;
      },
      errors: () => [
        {
          httpStatus: 401,
          errorCode: 'invalid_token',
          message: 'Shopify refused the access token',
          responseBody: JSON.stringify({
            errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
          }),
        },
        {
          httpStatus: 400,
          errorCode: 'bad_request',
          message: 'Shopify refused the request',
          responseBody: JSON.stringify({ errors: { limit: 'Invalid value.' } }),
        },
        {
          httpStatus: 404,
          errorCode: 'not_found',
          message: 'Shopify could not find the order',
          responseBody: JSON.stringify({ errors: 'Not Found' }),
        },
        {
          httpStatus: 422,
          errorCode: 'unprocessable',
          message: 'Shopify refused the stock level',
          responseBody: JSON.stringify({ errors: ['Inventory item does not exist'] }),
        },
        {
          httpStatus: 413,
          errorCode: 'bad_request',
          message: 'Shopify refused the request',
          responseBody: JSON.stringify({ errors: 'Request Entity Too Large' }),
        },
        {
          httpStatus: 200,
          errorCode: 'throttled',
          message: 'Shopify throttled the query',
          responseBody: JSON.stringify({
            errors: [
              {
                message: 'Throttled',
                extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
              },
            ],
            extensions: {
              cost: {
                requestedQueryCost: 752,
                actualQueryCost: null,
                throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 120, restoreRate: 100 },
              },
            },
          }),
        },
        {
          httpStatus: 200,
          errorCode: 'access_denied',
          message: 'Shopify refused a field the app has no scope for',
          responseBody: JSON.stringify({
            errors: [
              {
                message: 'Access denied for orders field. Required access: `read_orders` access scope.',
                path: ['orders'],
                extensions: {
                  code: 'ACCESS_DENIED',
                  documentation: 'https://shopify.dev/api/usage/access-scopes',
                  requiredAccess: '`read_orders` access scope.',
                },
              },
            ],
            data: null,
          }),
        },
        {
          httpStatus: 200,
          errorCode: 'max_cost_exceeded',
          message: 'Shopify refused a query over 1,000 points',
          responseBody: JSON.stringify({
            errors: [
              {
                message: 'Query cost is 3252, which exceeds the single query max cost limit (1000).',
                extensions: { code: 'MAX_COST_EXCEEDED', cost: 3252, maxCost: 1000 },
              },
            ],
          }),
        },
        {
          httpStatus: 400,
          errorCode: 'invalid_grant',
          message: 'Shopify refused to renew the token',
          responseBody: JSON.stringify({
            error: 'invalid_grant',
            error_description: 'The refresh token is invalid or expired.',
          }),
        },
      ],
      async close() {
        await inbox.close();
        await shop.close();
      },
    };
  },
};
