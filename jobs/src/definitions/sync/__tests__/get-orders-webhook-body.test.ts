import { createHmac, randomUUID } from 'node:crypto';
import { channelWebhookAddress, writeChannelCredentials, type Channel } from '@syncdesk/api';
import { createCompany, createTestDatabase, TEST_DIALECTS, type TestDatabase } from '@syncdesk/api/testing';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { shopifyTestKit } from '@syncdesk/integrations/testing';
import { createShopifyConnector } from '@syncdesk/integrations';
import type { ShopifyOrder } from '@syncdesk/integrations';
import type { ShopifySimulator } from '@syncdesk/integrations';
import { createSyncRuntime } from '../../../sync/sync-runtime';
import type { JobContext } from '../../job-definition';
import { getOrdersJob } from '../get-orders.job';

const { contextFor, SHOPIFY_SIMULATOR_DEFAULTS, shopifyConnection, startTestShop, TEST_APP, waitFor } =
  shopifyTestKit;

const silent = { info: () => undefined, error: () => undefined };

/**
 * The inbox download imports an order webhook's body as is (no call to the shop, no budget), never
 * lets an older delivery overwrite newer data, and fetches the order when a body is not usable.
 * The api process runs without its worker (APP_ROLE=api) so each inbox run is started here, when
 * the test has put in the inbox what it wants: no timing involved.
 */
describe.each(TEST_DIALECTS)('get_orders: order webhook bodies imported as is (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let shop: ShopifySimulator;
  let channel: Channel;

  const sign = (body: string) =>
    createHmac('sha256', TEST_APP.clientSecret).update(body, 'utf8').digest('base64');
  /** A delivery made by hand, as the shop would make it (a late or a broken one). */
  const deliver = async (body: string, topic = 'orders/updated') => {
    const response = await fetch(channelWebhookAddress(server.url, channel), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-shop-domain': new URL(shop.url).host,
        'x-shopify-hmac-sha256': sign(body),
        'x-shopify-webhook-id': randomUUID(),
      },
      body,
    });
    expect(response.status).toBe(200);
  };
  const contextOf = (): JobContext => ({
    services: server.services,
    logger: silent,
    sync: createSyncRuntime({ services: server.services, allowedOrigins: [new URL(shop.url).origin] }),
  });
  const runInbox = () => getOrdersJob.handler({ channelId: channel.id, fromWebhooks: true }, contextOf());
  const pending = () => server.services.channelWebhookInbox.pending(channel.id, 250);
  /** Calls that read orders from the shop (the fetch path): GraphQL `nodes` or `orders` queries. */
  const orderReads = () =>
    shop.state
      .calls()
      .filter(
        (call) => call.path.endsWith('/graphql.json') && /\b(nodes|orders)\(/.test(JSON.stringify(call.body)),
      );
  const storedOrder = (remoteId: number) =>
    server.services.models.Order.findOne({ where: { channel_id: channel.id, remote_id: String(remoteId) } });
  const linesOf = async (remoteId: number) => {
    const order = await storedOrder(remoteId);
    const lines = await server.services.models.OrderItem.findAll({
      where: { order_id: order!.id },
      raw: true,
    });
    return lines.map((line) => [line.product_sku, Number(line.quantity)]).sort();
  };
  /** An order created in the shop, its webhook delivered to our inbox. */
  const orderInInbox = async (lines: { sku: string; quantity: number }[]) => {
    const order = shop.state.createOrder({ lines });
    // A copy as it was now: the shop changes its own order object later.
    const asCreated = JSON.parse(JSON.stringify(order)) as ShopifyOrder;
    await waitFor(async () => (await pending()).includes(String(order.id)));
    return asCreated;
  };
  /** The same order as the shop would send it after a later change. */
  const changed = (order: ShopifyOrder, change: Partial<ShopifyOrder>, laterBySeconds: number) => ({
    ...order,
    ...change,
    updated_at: new Date(Date.parse(order.updated_at) + laterBySeconds * 1000)
      .toISOString()
      .replace('.000Z', '+00:00'),
  });

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'webhook_bodies');
    server = await startTestProcess(database.url, {
      APP_ROLE: 'api',
      OAUTH_PROVIDERS_JSON: JSON.stringify({ shopify: TEST_APP }),
    });
    shop = await startTestShop();
    const company = await createCompany(server.services, { name: 'Body Co', stores: ['Body shop'] });
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
        { oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken } },
      ),
      authorized_at: new Date(),
      token_expires_at: null,
    });
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    await connector.subscribeWebhooks!(channelWebhookAddress(server.url, channel));
  });
  afterAll(async () => {
    await shop?.close();
    await server?.close();
    await database?.drop();
  });
  beforeEach(() => shop.state.clearCalls());

  it("imports the shop's orders/create body without reading the order from the shop", async () => {
    const first = await orderInInbox([{ sku: 'MUG-ENAMEL', quantity: 2 }]);
    const second = await orderInInbox([{ sku: 'CAP-NAVY', quantity: 1 }]);

    await runInbox();

    expect(orderReads()).toEqual([]);
    expect(await storedOrder(first.id)).toMatchObject({ status: 'Unshipped', total_order_items: 2 });
    expect(await linesOf(first.id)).toEqual([['MUG-ENAMEL', 2]]);
    expect(await linesOf(second.id)).toEqual([['CAP-NAVY', 1]]);
    expect(await pending()).toEqual([]);
    // The bodies are dropped once imported: the receipts only refuse the shop's retries now.
    const [rows] = await server.services.sequelize.query(
      'SELECT COUNT(*) AS kept FROM channel_webhook_receipts WHERE channel_id = ? AND body IS NOT NULL',
      { replacements: [channel.id] },
    );
    expect(Number((rows as { kept: number | string }[])[0]!.kept)).toBe(0);
  });

  it('never lets an older delivery overwrite newer data', async () => {
    const created = await orderInInbox([{ sku: 'MUG-ENAMEL', quantity: 1 }]);
    await runInbox();
    expect(await storedOrder(created.id)).toMatchObject({ status: 'Unshipped' });

    // Newer: cancelled, two mugs. It arrives first; in the same run as an older one, newest wins.
    const newer = changed(
      created,
      {
        cancelled_at: created.updated_at,
        line_items: [{ ...created.line_items[0]!, quantity: 2 }],
      },
      60,
    );
    const older = changed(created, { tags: 'late' }, 30);
    await deliver(JSON.stringify(newer));
    await deliver(JSON.stringify(older));
    await runInbox();
    expect(await storedOrder(created.id)).toMatchObject({ status: 'Cancelled' });
    expect(await linesOf(created.id)).toEqual([['MUG-ENAMEL', 2]]);

    // The older ones again, each in a run of its own: the stored (newer) order stays as it is.
    await deliver(JSON.stringify(older));
    await runInbox();
    await deliver(JSON.stringify(created), 'orders/create');
    await runInbox();
    const stored = await storedOrder(created.id);
    expect(stored).toMatchObject({ status: 'Cancelled', total_order_items: 2 });
    expect(stored!.tags).not.toContain('late');
    expect(await linesOf(created.id)).toEqual([['MUG-ENAMEL', 2]]);
    expect(orderReads()).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it('fetches the order from the shop when a body is not a usable order', async () => {
    const order = await orderInInbox([{ sku: 'CAP-NAVY', quantity: 3 }]);
    // Announced again, with a body that has lost its line items.
    await deliver(JSON.stringify({ ...order, line_items: [], updated_at: changed(order, {}, 5).updated_at }));
    await runInbox();

    const reads = orderReads();
    expect(reads).toHaveLength(1);
    expect((reads[0]!.body as { variables: { ids: string[] } }).variables.ids).toEqual([
      `gid://shopify/Order/${order.id}`,
    ]);
    expect(await linesOf(order.id)).toEqual([['CAP-NAVY', 3]]);
    expect(await pending()).toEqual([]);
  });
});
