import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminApiClient } from '@shopify/admin-api-client';
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, RequestedTokenType, shopifyApi } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { SHOPIFY_SIMULATOR_SCOPES, type ShopifySimulator } from '../simulator';
import {
  SHOPIFY_SIMULATOR_DEFAULTS,
  shopifySessionToken,
  signedShopifyDelivery,
  startTestShop,
  TEST_APP,
  waitFor,
} from '../../../testing/shopify-test-kit';

/**
 * The app's side of the simulated shop, checked with Shopify's official `@shopify/shopify-api`:
 * expiring offline tokens (code exchange, rotation, token exchange and the migration of old
 * tokens), scopes and protected customer data, webhook subscriptions through GraphQL, signed
 * deliveries of the new topics, uninstall and the privacy webhooks (issue 24).
 */

/** The official library always calls `https://{shop}`; here that shop is the simulator. */
const SHOP = 'simulated-shop.myshopify.com';

interface Received {
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  url: string;
}

async function startInbox() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        rawBody: Buffer.concat(chunks).toString('utf8'),
        headers: request.headers,
        url: request.url ?? '',
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Shopify simulator, the app side through @shopify/shopify-api', () => {
  let shop: ShopifySimulator;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  const shopify = shopifyApi({
    apiKey: TEST_APP.clientId,
    apiSecretKey: TEST_APP.clientSecret,
    apiVersion: ApiVersion.October26,
    hostName: 'app.example.com',
    hostScheme: 'https',
    isEmbeddedApp: true,
    isCustomStoreApp: false,
    scopes: ['read_orders'],
    logger: { level: LogSeverity.Error, log: () => undefined },
  });
  const graphql = (accessToken: string) =>
    createAdminApiClient({
      storeDomain: shop.url,
      apiVersion: '2026-10',
      accessToken,
      customFetchApi: (url, init) => fetch(String(url).replace(/^https:/, 'http:'), init),
      logger: () => undefined,
    });
  /** An install: the merchant's consent, then the code for a token (`expiring=1` when asked). */
  const install = async (expiring: boolean) => {
    const consent = await fetch(
      `${shop.url}/admin/oauth/authorize?client_id=${TEST_APP.clientId}&redirect_uri=${encodeURIComponent('https://app.example.com/callback')}&state=x`,
      { redirect: 'manual' },
    );
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const answer = await fetch(`${shop.url}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: TEST_APP.clientId,
        client_secret: TEST_APP.clientSecret,
        code,
        ...(expiring ? { expiring: '1' } : {}),
      }),
    });
    return (await answer.json()) as {
      access_token: string;
      scope: string;
      expires_in?: number;
      refresh_token?: string;
      refresh_token_expires_in?: number;
    };
  };
  const validate = (delivery: { rawBody: string | Buffer; headers: Record<string, unknown> }) =>
    shopify.webhooks.validate({
      rawBody: delivery.rawBody.toString(),
      rawRequest: {
        headers: delivery.headers,
        method: 'POST',
        url: '/webhooks',
      } as unknown as http.IncomingMessage,
      rawResponse: {} as http.ServerResponse,
    });

  beforeAll(async () => {
    inbox = await startInbox();
    shop = await startTestShop({
      appWebhooks: {
        customersDataRequest: `${inbox.base}/privacy/customers-data-request`,
        customersRedact: `${inbox.base}/privacy/customers-redact`,
        shopRedact: `${inbox.base}/privacy/shop-redact`,
      },
    });
    const simulatorFetch: typeof fetch = (url, init) =>
      fetch(String(url instanceof Request ? url.url : url).replace(`https://${SHOP}`, shop.url), init);
    setAbstractFetchFunc(simulatorFetch);
  });
  afterAll(async () => {
    await shop.close();
    await inbox.close();
  });

  it('issues an expiring offline token for expiring=1, rotates it with auth.refreshToken and refuses a used refresh token', async () => {
    const grant = await install(true);
    expect(grant).toMatchObject({ expires_in: 3600, refresh_token: expect.stringMatching(/^shprt_/) });
    expect(grant.scope.split(',')).toContain('write_orders');
    const plain = await install(false);
    expect(plain.expires_in).toBeUndefined();

    const { session } = await shopify.auth.refreshToken({ shop: SHOP, refreshToken: grant.refresh_token! });
    expect(session.accessToken).not.toBe(grant.access_token);
    expect(session.refreshToken).toBeDefined();
    expect(session.expires!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const works = await graphql(session.accessToken!).request<{ shop: { name: string } }>(
      '{ shop { name } }',
    );
    expect(works.data!.shop.name).toBe('Simulated shop');

    await expect(
      shopify.auth.refreshToken({ shop: SHOP, refreshToken: grant.refresh_token! }),
    ).rejects.toMatchObject({
      response: { code: 400, body: { error: 'invalid_grant' } },
    });
  });

  it('exchanges a session token, and migrates a non-expiring offline token to an expiring one', async () => {
    const { session } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken: shopifySessionToken(SHOP),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });
    expect(session.isOnline).toBe(false);
    expect(session.refreshToken).toMatch(/^shprt_/);

    const old = await install(false);
    const migrated = await shopify.auth.migrateToExpiringToken({
      shop: SHOP,
      nonExpiringOfflineAccessToken: old.access_token,
    });
    expect(migrated.session.expires).toBeDefined();
    // The old token no longer opens the API; a lost answer can be fetched again with it.
    expect((await graphql(old.access_token).request('{ shop { name } }')).errors?.networkStatusCode).toBe(
      401,
    );
    const again = await shopify.auth.migrateToExpiringToken({
      shop: SHOP,
      nonExpiringOfflineAccessToken: old.access_token,
    });
    expect(again.session.accessToken).toBe(migrated.session.accessToken);
    expect(shop.state.tokenGrants().filter((grant) => grant.kind === 'token_exchange')).toHaveLength(2);
  });

  it('refuses non-expiring tokens once Shopify stops accepting them', async () => {
    const plain = await install(false);
    const expiring = await install(true);
    shop.state.setAcceptNonExpiringTokens(false);
    try {
      expect((await graphql(plain.access_token).request('{ shop { name } }')).errors?.networkStatusCode).toBe(
        401,
      );
      expect((await graphql(expiring.access_token).request('{ shop { name } }')).errors).toBeUndefined();
    } finally {
      shop.state.setAcceptNonExpiringTokens(true);
    }
  });

  it('names a missing scope, hides orders older than 60 days without read_all_orders, and redacts customers without approval', async () => {
    const old = shop.state.createOrder({
      createdAt: new Date(Date.now() - 90 * 24 * 3600_000).toISOString(),
    });
    const recent = shop.state.createOrder({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    shop.state.setGrantedScopes(['read_products', 'read_orders']);
    const limited = await install(true);
    shop.state.setGrantedScopes([...SHOPIFY_SIMULATOR_SCOPES]);

    const denied = await graphql(limited.access_token).request(
      'mutation { inventorySetQuantities(input: {name: "available", reason: "correction", quantities: []}) { userErrors { message } } }',
    );
    expect(denied.errors?.graphQLErrors?.[0]).toMatchObject({
      message:
        'Access denied for inventorySetQuantities field. Required access: `write_inventory` access scope.',
      extensions: { code: 'ACCESS_DENIED', requiredAccess: '`write_inventory` access scope.' },
      path: ['inventorySetQuantities'],
    });

    const ids = async (token: string) =>
      (
        await graphql(token).request<{ orders: { nodes: { id: string }[] } }>(
          '{ orders(first: 250) { nodes { id } } }',
        )
      ).data!.orders.nodes.map((node) => node.id);
    expect(await ids(limited.access_token)).not.toContain(`gid://shopify/Order/${old.id}`);
    expect(await ids(SHOPIFY_SIMULATOR_DEFAULTS.accessToken)).toContain(`gid://shopify/Order/${old.id}`);

    const customerQuery = `query($id: ID!) { order(id: $id) { name email customer { firstName lastName } shippingAddress { name city } } }`;
    shop.state.setProtectedCustomerData(false);
    try {
      const redacted = await graphql(SHOPIFY_SIMULATOR_DEFAULTS.accessToken).request(customerQuery, {
        variables: { id: `gid://shopify/Order/${recent.id}` },
      });
      expect(redacted.data).toEqual({
        order: { name: recent.name, email: null, customer: null, shippingAddress: null },
      });
      expect(redacted.errors?.graphQLErrors?.map((error) => [error.path, error.message])).toEqual([
        [['order', 'email'], expect.stringMatching(/^This app is not approved to use the email field\./)],
        [
          ['order', 'customer'],
          expect.stringMatching(/^This app is not approved to access the Customer object\./),
        ],
        [
          ['order', 'shippingAddress'],
          expect.stringMatching(/^This app is not approved to access the MailingAddress object\./),
        ],
      ]);
    } finally {
      shop.state.setProtectedCustomerData(true);
    }
    const full = await graphql(SHOPIFY_SIMULATOR_DEFAULTS.accessToken).request<{
      order: { customer: { lastName: string } };
    }>(customerQuery, { variables: { id: `gid://shopify/Order/${recent.id}` } });
    expect(full.data!.order.customer.lastName).toBe('Lovelace');
  });

  it('delivers subscribed topics signed as Shopify does: webhooks.validate accepts them', async () => {
    const client = graphql(SHOPIFY_SIMULATOR_DEFAULTS.accessToken);
    const subscribe = (topic: string) =>
      client.request<{
        webhookSubscriptionCreate: { webhookSubscription: { id: string; topic: string; uri: string } };
      }>(
        `mutation($topic: WebhookSubscriptionTopic!, $uri: String!) {
          webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
            webhookSubscription { id topic uri } userErrors { field message } } }`,
        { variables: { topic, uri: `${inbox.base}/hooks/${topic}` } },
      );
    const cancelled = await subscribe('ORDERS_CANCELLED');
    expect(cancelled.data!.webhookSubscriptionCreate.webhookSubscription.topic).toBe('ORDERS_CANCELLED');
    await subscribe('PRODUCTS_UPDATE');
    await subscribe('APP_UNINSTALLED');
    await subscribe('INVENTORY_LEVELS_UPDATE');
    const listed = await client.request<{ webhookSubscriptions: { nodes: { topic: string }[] } }>(
      '{ webhookSubscriptions(first: 10) { nodes { topic uri } } }',
    );
    expect(listed.data!.webhookSubscriptions.nodes.map((node) => node.topic).sort()).toEqual([
      'APP_UNINSTALLED',
      'INVENTORY_LEVELS_UPDATE',
      'ORDERS_CANCELLED',
      'PRODUCTS_UPDATE',
    ]);

    const order = shop.state.createOrder();
    shop.state.updateOrder(order.id, { cancel: true });
    const product = shop.state.shop.products[0]!;
    shop.state.updateProduct(product.id, { title: 'Renamed' });
    const item = product.variants[0]!.inventory_item_id;
    const locationId = shop.state.summary().locations[0]!.id;
    shop.state.shop.setInventory(item, locationId, 17);
    await waitFor(() => inbox.received.some((delivery) => delivery.url.endsWith('INVENTORY_LEVELS_UPDATE')));
    const levelDelivery = inbox.received.find((delivery) =>
      delivery.url.endsWith('INVENTORY_LEVELS_UPDATE'),
    )!;
    expect(JSON.parse(levelDelivery.rawBody)).toMatchObject({
      inventory_item_id: item,
      location_id: locationId,
      available: 17,
    });
    await waitFor(() => inbox.received.some((delivery) => delivery.url.endsWith('PRODUCTS_UPDATE')));
    await waitFor(() => inbox.received.some((delivery) => delivery.url.endsWith('ORDERS_CANCELLED')));
    const cancelDelivery = inbox.received.find((delivery) => delivery.url.endsWith('ORDERS_CANCELLED'))!;
    expect(await validate(cancelDelivery)).toMatchObject({
      valid: true,
      topic: 'ORDERS_CANCELLED',
      apiVersion: '2026-10',
      domain: new URL(shop.url).host,
    });
    expect(JSON.parse(cancelDelivery.rawBody)).toMatchObject({ id: order.id, cancel_reason: 'customer' });
    const productDelivery = inbox.received.find((delivery) => delivery.url.endsWith('PRODUCTS_UPDATE'))!;
    expect(JSON.parse(productDelivery.rawBody)).toMatchObject({ id: product.id, title: 'Renamed' });

    const forged = signedShopifyDelivery({
      topic: 'orders/cancelled',
      body: { id: 1 },
      secret: 'not-the-secret',
    });
    expect(await validate(forged)).toMatchObject({ valid: false, reason: 'invalid_hmac' });
    expect(
      await validate(signedShopifyDelivery({ topic: 'orders/cancelled', body: { id: 1 } })),
    ).toMatchObject({
      valid: true,
    });

    await client.request(
      'mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId } }',
      {
        variables: { id: cancelled.data!.webhookSubscriptionCreate.webhookSubscription.id },
      },
    );
    expect(shop.state.webhooks().map((webhook) => webhook.topic)).not.toContain('orders/cancelled');
  });

  it('sends the privacy webhooks to the app’s configured addresses, then uninstall revokes every token', async () => {
    const order = shop.state.createOrder({ email: 'grace@example.com' });
    shop.state.sendCompliance('customers/data_request', { email: 'grace@example.com' });
    shop.state.sendCompliance('customers/redact', { email: 'grace@example.com' });
    shop.state.sendCompliance('shop/redact');
    await waitFor(
      () => inbox.received.filter((delivery) => delivery.url.startsWith('/privacy/')).length === 3,
    );
    const privacy = inbox.received.filter((delivery) => delivery.url.startsWith('/privacy/'));
    for (const delivery of privacy) expect((await validate(delivery)).valid).toBe(true);
    const byPath = Object.fromEntries(
      privacy.map((delivery) => [delivery.url, JSON.parse(delivery.rawBody) as unknown]),
    );
    expect(byPath['/privacy/customers-data-request']).toMatchObject({
      shop_domain: new URL(shop.url).host,
      customer: { id: order.customer!.id, email: 'grace@example.com' },
      orders_requested: [order.id],
      data_request: { id: expect.any(Number) },
    });
    expect(byPath['/privacy/customers-redact']).toMatchObject({ orders_to_redact: [order.id] });
    expect(byPath['/privacy/shop-redact']).toEqual({
      shop_id: expect.any(Number),
      shop_domain: new URL(shop.url).host,
    });

    const uninstall = await fetch(`${shop.url}/__simulator/app/uninstall`, { method: 'POST' });
    expect(uninstall.status).toBe(200);
    const delivery = inbox.received.find((received) => received.url.endsWith('APP_UNINSTALLED'))!;
    expect(await validate(delivery)).toMatchObject({ valid: true, topic: 'APP_UNINSTALLED' });
    expect(JSON.parse(delivery.rawBody)).toMatchObject({ myshopify_domain: new URL(shop.url).host });
    const after = await graphql(SHOPIFY_SIMULATOR_DEFAULTS.accessToken).request('{ shop { name } }');
    expect(after.errors?.networkStatusCode).toBe(401);
    expect(shop.state.webhooks()).toEqual([]);
  });
});
