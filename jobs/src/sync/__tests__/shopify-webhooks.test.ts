import { createHmac, randomUUID } from 'node:crypto';
import { JOB_NAMES } from '@syncdesk/contracts';
import {
  channelWebhookAddress,
  webhookRemovalJob,
  webhookSubscriptionJob,
  writeChannelCredentials,
  type Channel,
} from '@syncdesk/api';
import { createCompany, createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { channelWebhooksJob } from '../../definitions/sync/channel-webhooks.job';
import { getOrdersJob } from '../../definitions/sync/get-orders.job';
import { createSyncRuntime, type SyncRuntime } from '../../sync/sync-runtime';
import { WEBHOOK_IDS_SETTING } from '../../sync/channel-webhook-subscriptions';
import type { ShopifySimulator } from '@syncdesk/integrations';
import { shopifyTestKit } from '@syncdesk/integrations/testing';

const { SHOPIFY_SIMULATOR_DEFAULTS, startTestShop, TEST_APP, waitFor } = shopifyTestKit;

const silent = { info: () => undefined, error: () => undefined };

/**
 * Shopify's order webhooks end to end: the subscription job registers our public address with the
 * simulated shop, the shop delivers signed webhooks to the real api process (its own database,
 * APP_ROLE=api so queued jobs stay in the table to be looked at), which checks the signature,
 * drops a repeated webhook id and queues the order's import.
 */
describe('Shopify webhooks: subscription, delivery, verification', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let shop: ShopifySimulator;
  let runtime: SyncRuntime;
  let channel: Channel;

  const webhookPath = (uuid: string) => `/api/channels/shopify/webhooks/${uuid}`;
  const sign = (body: string, secret: string = TEST_APP.clientSecret) =>
    createHmac('sha256', secret).update(body, 'utf8').digest('base64');
  const queuedImports = async () =>
    (await server.agenda.queryJobs({ name: JOB_NAMES.getOrders })).jobs.map((job) => job.data);
  /** How many deliveries announcing this order were taken into the channel's inbox. */
  const receiptsOf = async (remoteId: string) => {
    const [rows] = await server.services.sequelize.query(
      'SELECT COUNT(*) AS taken FROM channel_webhook_receipts WHERE remote_id = ?',
      { replacements: [remoteId] },
    );
    return Number((rows as { taken: number | string }[])[0]!.taken);
  };
  /** As the simulated shop would send it: it names itself (the host of the channel's Shop URL). */
  const deliver = (uuid: string, body: string, headers: Record<string, string>) =>
    fetch(`${server.url}${webhookPath(uuid)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/updated',
        'x-shopify-shop-domain': new URL(shop.url).host,
        ...headers,
      },
      body,
    });

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'shopify_webhooks');
    server = await startTestProcess(database.url, {
      APP_ROLE: 'api',
      OAUTH_PROVIDERS_JSON: JSON.stringify({ shopify: TEST_APP }),
    });
    // Retries far enough apart for the test to switch the channel back on between two of them.
    shop = await startTestShop({ webhookRetryDelaysMs: [100, 1000, 3000, 6000] });
    // The api listens on a port chosen at start, so the callback address is known only now.
    runtime = {
      ...createSyncRuntime({ services: server.services, allowedOrigins: [shop.url] }),
      appUrl: server.url,
    };
    const company = await createCompany(server.services, { name: 'Webhook Co', stores: ['Webhook shop'] });
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
          // An expiring offline token, as a connection made now holds (one stored without expiry
          // would be exchanged by the first job, which reschedules the channel's jobs).
          oauth: { access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken, refresh_token: 'shprt_unused' },
        },
      ),
      authorized_at: new Date(),
      token_expires_at: new Date(Date.now() + 3_600_000),
    });
  });
  afterAll(async () => {
    await shop?.close();
    await server?.close();
    await database?.drop();
  });

  it('subscribes on activation, and a new order in the shop queues its import through our verified route', async () => {
    await channelWebhooksJob.handler(webhookSubscriptionJob(channel), {
      services: server.services,
      logger: silent,
      sync: runtime,
    });
    const address = `${server.url}${webhookPath(channel.uuid)}`;
    expect(
      shop.state
        .webhooks()
        .map((webhook) => [webhook.topic, webhook.address])
        .sort(),
    ).toEqual(
      ['app/uninstalled', 'orders/cancelled', 'orders/create', 'orders/updated', 'products/update'].map(
        (topic) => [topic, address],
      ),
    );
    await channel.reload();
    expect(channel.settings[WEBHOOK_IDS_SETTING]).toHaveLength(5);

    const order = shop.state.createOrder();
    await waitFor(() => shop.state.deliveries().some((delivery) => delivery.state === 'delivered'));
    expect(shop.state.deliveries()).toEqual([
      expect.objectContaining({ topic: 'orders/create', orderId: order.id, attempts: 1, lastStatus: 200 }),
    ]);
    await waitFor(async () => (await queuedImports()).length === 1);
    // One download of the channel's inbox, which now holds the order.
    expect(await queuedImports()).toEqual([{ channelId: channel.id, fromWebhooks: true }]);
    expect(await server.services.channelWebhookInbox.pending(channel.id, 250)).toEqual([String(order.id)]);
  });

  it('refuses a bad signature with 401 and an unknown or inactive channel with 404', async () => {
    const body = JSON.stringify({ id: 820982911946154500 });
    const forged = await deliver(channel.uuid, body, {
      'x-shopify-hmac-sha256': sign(body, 'not-the-app-secret'),
      'x-shopify-webhook-id': randomUUID(),
    });
    expect(forged.status).toBe(401);
    const unsigned = await deliver(channel.uuid, body, { 'x-shopify-webhook-id': randomUUID() });
    expect(unsigned.status).toBe(401);
    // The signature covers the bytes as sent: the same JSON re-spaced no longer matches.
    const respaced = await deliver(channel.uuid, JSON.stringify(JSON.parse(body), null, 2), {
      'x-shopify-hmac-sha256': sign(body),
    });
    expect(respaced.status).toBe(401);

    const unknown = await deliver(randomUUID(), body, { 'x-shopify-hmac-sha256': sign(body) });
    expect(unknown.status).toBe(404);
    await channel.update({ is_active: false });
    try {
      const inactive = await deliver(channel.uuid, body, { 'x-shopify-hmac-sha256': sign(body) });
      expect(inactive.status).toBe(404);
    } finally {
      await channel.update({ is_active: true });
    }
    expect(await queuedImports()).toHaveLength(1);
  });

  it('answers on the generic address and on the Shopify one subscriptions already hold, refusing a forged signature on both', async () => {
    // A body naming no order: verified and acknowledged, nothing queued (the other cases count jobs).
    const body = JSON.stringify({ note: 'no order here' });
    const addresses = [
      channelWebhookAddress(server.url, channel),
      `${server.url}/api/channels/shopify/webhooks/${channel.uuid}`,
    ];
    for (const address of addresses) {
      const post = (signature: string) =>
        fetch(address, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-shopify-topic': 'orders/updated',
            'x-shopify-shop-domain': new URL(shop.url).host,
            'x-shopify-hmac-sha256': signature,
          },
          body,
        });
      const signed = await post(sign(body));
      expect(signed.status).toBe(200);
      expect(await signed.json()).toEqual({ data: { queued: false, duplicate: false } });
      expect((await post(sign(body, 'not-the-app-secret'))).status).toBe(401);
    }
    // A type whose provider sends no webhooks (Mirakl), or no provider at all, has no such address.
    for (const type of ['mirakl-decathlon', 'no-such-type']) {
      const answer = await fetch(`${server.url}/api/channels/${type}/webhooks/${channel.uuid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': sign(body) },
        body,
      });
      expect(answer.status).toBe(404);
    }
  });

  it('takes a repeated webhook id once', async () => {
    const body = JSON.stringify({ id: 450789469, name: '#1001' });
    const headers = { 'x-shopify-hmac-sha256': sign(body), 'x-shopify-webhook-id': randomUUID() };
    const first = await deliver(channel.uuid, body, headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: { queued: true, duplicate: false } });
    const again = await deliver(channel.uuid, body, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ data: { queued: false, duplicate: true } });
    expect(await receiptsOf('450789469')).toBe(1);
  });

  // The oldest announced change is kept, so this one predates every other delivery of the file.
  it('counts an announced order as sync lag until it is imported', async () => {
    const body = JSON.stringify({ id: 450789470, updated_at: '2026-01-02T09:15:02+00:00' });
    const answer = await deliver(channel.uuid, body, {
      'x-shopify-hmac-sha256': sign(body),
      'x-shopify-webhook-id': randomUUID(),
    });
    expect(answer.status).toBe(200);
    const state = await server.services.models.ChannelSyncState.findOne({
      where: { channel_id: channel.id },
    });
    expect(state?.oldest_unimported_at?.toISOString()).toBe('2026-01-02T09:15:02.000Z');
  });

  it('acknowledges a topic it has no use for, and refuses a signed delivery meant for another shop', async () => {
    const body = JSON.stringify({ id: 632910392, title: 'A product' });
    const product = await deliver(channel.uuid, body, {
      'x-shopify-hmac-sha256': sign(body),
      'x-shopify-topic': 'products/update',
      'x-shopify-webhook-id': randomUUID(),
    });
    expect(product.status).toBe(200);
    expect(await product.json()).toEqual({ data: { queued: false, duplicate: false } });

    const real = await server.services.models.Channel.create({
      uuid: randomUUID(),
      company_id: channel.company_id,
      store_id: channel.store_id,
      kind: 'channel',
      type: 'shopify',
      name: 'Shopify (real shop)',
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: 'https://acme-goods.myshopify.com' },
      credentials: null,
      authorized_at: null,
      token_expires_at: null,
    });
    const order = JSON.stringify({ id: 1 });
    const elsewhere = await deliver(real.uuid, order, {
      'x-shopify-hmac-sha256': sign(order),
      'x-shopify-shop-domain': 'someone-else.myshopify.com',
    });
    expect(elsewhere.status).toBe(404);
    const own = await deliver(real.uuid, order, {
      'x-shopify-hmac-sha256': sign(order),
      'x-shopify-shop-domain': 'acme-goods.myshopify.com',
    });
    expect(own.status).toBe(200);
  });

  it("refuses a captured delivery re-posted to another shop's channel, and one that names no shop", async () => {
    const order = JSON.stringify({ id: 450789471 });
    const signed = { 'x-shopify-hmac-sha256': sign(order), 'x-shopify-webhook-id': randomUUID() };
    const otherShop = await server.services.models.Channel.create({
      uuid: randomUUID(),
      company_id: channel.company_id,
      store_id: channel.store_id,
      kind: 'channel',
      type: 'shopify',
      name: 'Shopify (another shop)',
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: 'https://acme-other.myshopify.com' },
      credentials: null,
      authorized_at: null,
      token_expires_at: null,
    });
    // The simulated shop's delivery (it names itself) re-posted as is to the other shop's channel.
    expect((await deliver(otherShop.uuid, order, signed)).status).toBe(404);
    // The same with the unsigned shop header left out, to either channel.
    const unnamed = (uuid: string) =>
      fetch(`${server.url}${webhookPath(uuid)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/updated', ...signed },
        body: order,
      });
    expect((await unnamed(otherShop.uuid)).status).toBe(404);
    expect((await unnamed(channel.uuid)).status).toBe(404);
    // A simulated shop on another port of the same machine is another shop.
    const [host, port] = new URL(shop.url).host.split(':');
    const anotherPort = { ...signed, 'x-shopify-shop-domain': `${host}:${Number(port) + 1}` };
    expect((await deliver(channel.uuid, order, anotherPort)).status).toBe(404);
    expect(await receiptsOf('450789471')).toBe(0);
    // Named as its own shop, the delivery is taken.
    expect((await deliver(channel.uuid, order, signed)).status).toBe(200);
    expect(await receiptsOf('450789471')).toBe(1);
  });

  it('keeps the webhook id across the shop’s retries of a delivery we refused', async () => {
    await channel.update({ is_active: false });
    const order = shop.state.createOrder();
    await waitFor(() =>
      shop.state.deliveries().some((delivery) => delivery.orderId === order.id && delivery.attempts >= 2),
    );
    await channel.update({ is_active: true });
    await waitFor(() =>
      shop.state
        .deliveries()
        .some((delivery) => delivery.orderId === order.id && delivery.state !== 'pending'),
    );
    const delivery = shop.state.deliveries().find((candidate) => candidate.orderId === order.id)!;
    expect(delivery.state).toBe('delivered');
    expect(delivery.attempts).toBeGreaterThanOrEqual(2);
    expect(await receiptsOf(String(order.id))).toBe(1);
  });

  it('a burst of webhooks is one download: one run takes the whole inbox, the others call nothing', async () => {
    // Whatever earlier tests left in the inbox goes first.
    const context = { services: server.services, logger: silent, sync: runtime };
    await getOrdersJob.handler({ channelId: channel.id, fromWebhooks: true }, context);
    const orders = [1, 2, 3, 4, 5].map(() => shop.state.createOrder());
    await Promise.all(
      orders.map((order) => {
        const body = JSON.stringify({ id: order.id, updated_at: order.updated_at });
        return deliver(channel.uuid, body, {
          'x-shopify-hmac-sha256': sign(body),
          'x-shopify-webhook-id': randomUUID(),
        });
      }),
    );
    // Order reads: GraphQL `nodes` (named orders) or `orders` queries.
    const listCalls = () =>
      shop.state
        .calls()
        .filter(
          (call) =>
            call.path.endsWith('/graphql.json') && /\b(nodes|orders)\(/.test(JSON.stringify(call.body)),
        ).length;
    const before = listCalls();
    // Two of the burst's runs at once: one takes the inbox, the other finds it taken.
    await Promise.all([
      getOrdersJob.handler({ channelId: channel.id, fromWebhooks: true }, context),
      getOrdersJob.handler({ channelId: channel.id, fromWebhooks: true }, context),
    ]);
    expect(listCalls()).toBe(before + 1);
    const stored = await server.services.models.Order.findAll({
      where: { channel_id: channel.id, remote_id: orders.map((order) => String(order.id)) },
    });
    expect(stored).toHaveLength(5);
    expect(await server.services.channelWebhookInbox.pending(channel.id, 250)).toEqual([]);
    // The runs the other four webhooks queued find the inbox empty.
    await getOrdersJob.handler({ channelId: channel.id, fromWebhooks: true }, context);
    expect(listCalls()).toBe(before + 1);
  });

  it('removes the webhooks when the channel is deleted, from what the removal job carries', async () => {
    await channel.reload();
    const removal = webhookRemovalJob(channel);
    await channel.destroy();
    await channelWebhooksJob.handler(removal, { services: server.services, logger: silent, sync: runtime });
    expect(shop.state.webhooks()).toEqual([]);
  });
});
