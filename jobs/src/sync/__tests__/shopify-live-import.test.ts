import { randomUUID } from 'node:crypto';
import { channelWebhookAddress, writeChannelCredentials, type Channel } from '@syncdesk/api';
import { createCompany, createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createShopifyConnector } from '@syncdesk/integrations';
import type { ShopifySimulator } from '@syncdesk/integrations';
import { shopifyTestKit } from '@syncdesk/integrations/testing';

const { contextFor, SHOPIFY_SIMULATOR_DEFAULTS, shopifyConnection, startTestShop, TEST_APP, waitFor } =
  shopifyTestKit;

/**
 * Live instead of polled: an order created in the shop reaches our orders table through the
 * shop's webhook, our route and the worker's `channels.get_orders` run, with no poll in between
 * (the channel has no recurring job here). One real process with its worker; private targets are
 * allowed because the shop is a local simulator.
 */
describe('Shopify order webhook → live import', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let shop: ShopifySimulator;
  let channel: Channel;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'shopify_live');
    server = await startTestProcess(database.url, {
      OAUTH_PROVIDERS_JSON: JSON.stringify({ shopify: TEST_APP }),
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
    });
    shop = await startTestShop();
    const company = await createCompany(server.services, { name: 'Live Co', stores: ['Live shop'] });
    const uuid = randomUUID();
    channel = await server.services.models.Channel.create({
      uuid,
      company_id: company.company.id,
      store_id: company.stores[0]!.id,
      kind: 'channel',
      type: 'shopify',
      name: 'Shopify (simulated)',
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: shop.url },
      credentials: writeChannelCredentials(
        server.services.credentials,
        { uuid },
        {
          oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken },
        },
      ),
      authorized_at: new Date(),
      token_expires_at: null,
    });
    // The api's port is chosen at start, so the subscription is made here rather than by the job.
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    await connector.subscribeWebhooks!(channelWebhookAddress(server.url, channel));
  });
  afterAll(async () => {
    await shop?.close();
    await server?.close();
    await database?.drop();
  });

  it('imports a new order as soon as the shop announces it', async () => {
    const order = shop.state.createOrder({ lines: [{ sku: 'MUG-ENAMEL', quantity: 2 }] });
    const stored = async () =>
      server.services.models.Order.findOne({
        where: { channel_id: channel.id, remote_id: String(order.id) },
      });
    await waitFor(async () => (await stored()) !== null, 30_000);
    expect(await stored()).toMatchObject({
      order_number: expect.stringContaining(String(order.order_number)),
    });
    // The webhook's body is the order: imported as is, neither fetched by id nor found by a poll.
    const orderCalls = shop.state.calls().filter((call) => call.path.endsWith('/orders.json'));
    expect(orderCalls).toEqual([]);
  });
});
