import { randomUUID } from 'node:crypto';
import { JOB_NAMES } from '@syncdesk/contracts';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import type { ShopifySimulator } from '@syncdesk/integrations';
import { shopifyTestKit } from '@syncdesk/integrations/testing';
import type { Channel } from '../../../db/channel.models';
import type { Order } from '../../../db/order.models';
import { writeChannelCredentials } from '../../channels/channel-credentials';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { importerOf, orderOf } from '../../../testing/order-import-kit';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';

const { signedShopifyDelivery, startTestShop, TEST_APP, waitFor } = shopifyTestKit;
const COMPLIANCE_PATH = '/api/channels/shopify/compliance';
/** SQLite by default; `DB_DIALECT=mysql` runs the same cases on MariaDB (the erasure's SQL differs by dialect). */
const DIALECT = process.env.DB_DIALECT === 'mysql' ? 'mysql' : 'sqlite';

/** A delivery as Shopify signs and sends it (the kit's), by topic and shop as the cases read. */
const shopifyDelivery = (
  topic: string,
  body: unknown,
  options: { shopDomain: string; webhookId?: string; secret?: string },
) => signedShopifyDelivery({ topic, body, ...options });

/**
 * Shopify's app lifecycle webhooks end to end, over real HTTP into the api process and a real
 * SQLite database: `app/uninstalled` on the channel's own address, and the three mandatory
 * privacy topics at the app-level address, each acted on, visible in the transaction records,
 * and done once however often Shopify delivers it.
 */
describe('Shopify uninstall and privacy webhooks', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let ownerToken: string;
  let shop: Channel;
  /** Alpha's second shop: the same customer buys there too; no request of the first shop touches it. */
  let otherShop: Channel;
  /** Beta's shop, with a customer of the same e-mail: another company entirely. */
  let betaShop: Channel;
  /** A shop the simulator plays, delivering as Shopify does to the app's configured addresses. */
  let simulated: ShopifySimulator;

  const post = (path: string, delivery: { rawBody: Buffer; headers: Record<string, string> }) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: delivery.headers, body: delivery.rawBody });
  const call = async <T>(path: string, token = ownerToken) => {
    const response = await server.request('GET', `/api${path}`, { token });
    return { status: response.status, body: (await readJson(response)) as T };
  };

  async function shopifyChannel(company: CompanyFixture, domain: string, name: string): Promise<Channel> {
    const uuid = randomUUID();
    return server.services.models.Channel.create({
      uuid,
      company_id: company.company.id,
      store_id: company.stores[0]!.id,
      kind: 'channel',
      type: 'shopify',
      name,
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: `https://${domain}`, _webhook_ids: ['1', '2'] },
      credentials: writeChannelCredentials(
        server.services.credentials,
        { uuid },
        {
          oauth: { access_token: 'shpat_live', refresh_token: 'shprt_live' },
        },
      ),
      authorized_at: new Date(),
      token_expires_at: new Date(Date.now() + 3600_000),
    });
  }

  const ordersOf = (channel: Channel) =>
    server.services.models.Order.findAll({ where: { channel_id: channel.id }, order: [['id', 'ASC']] });
  const recordsOf = (channel: Channel) =>
    server.services.models.TransactionRecord.findAll({
      where: { channel_id: channel.id },
      order: [['id', 'ASC']],
    });
  /** The topics of the channel's records of received webhooks (kept in each record's body). */
  const topicsOf = async (channel: Channel) =>
    (await recordsOf(channel))
      .filter((record) => record.type === 'receive_webhook')
      .map((record) => (JSON.parse(record.request_body ?? '{}') as { topic?: string }).topic);
  const personal = (order: Order) => [
    order.customer_name,
    order.customer_email,
    order.customer_phone,
    order.shipping_address,
    order.invoice_address,
  ];

  beforeAll(async () => {
    database = await createTestDatabase(DIALECT, 'shopify_lifecycle');
    server = await startTestProcess(database.url, {
      // Queued jobs stay in the table to be looked at (and no channel job calls a real shop).
      APP_ROLE: 'api',
      OAUTH_PROVIDERS_JSON: JSON.stringify({ shopify: TEST_APP }),
    });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta UK'] });
    ownerToken = await alpha.tokenFor(alpha.owner);
    shop = await shopifyChannel(alpha, 'alpha.myshopify.com', 'Alpha Shopify');
    otherShop = await shopifyChannel(alpha, 'alpha-eu.myshopify.com', 'Alpha EU Shopify');
    betaShop = await shopifyChannel(beta, 'beta.myshopify.com', 'Beta Shopify');
    const { importer } = importerOf(server);
    const line = [{ sku: 'MUG', quantity: 1 }];
    const grace = {
      customer: { name: 'Grace Hopper', email: 'grace@example.test', phone: '+44 1', remote_id: 'G-7' },
    };
    await importer.importBatch(shop.id, [
      orderOf('1001', line),
      orderOf('1002', line, {
        customer: { ...orderOf('x', []).customer, email: 'ADA@example.test', remote_id: null },
      }),
      orderOf('1003', line, grace),
    ]);
    await importer.importBatch(otherShop.id, [orderOf('2001', line)]);
    await importer.importBatch(betaShop.id, [orderOf('3001', line)]);
  });
  afterAll(async () => {
    await simulated?.close();
    await server?.close();
    await database?.drop();
  });

  it('refuses a privacy delivery with a bad signature with 401 and acts on nothing', async () => {
    const delivery = shopifyDelivery(
      'customers/redact',
      { shop_id: 1, shop_domain: 'alpha.myshopify.com', customer: { id: 'C-1' }, orders_to_redact: ['1001'] },
      { shopDomain: 'alpha.myshopify.com', secret: 'not-the-app-secret' },
    );
    expect((await post(COMPLIANCE_PATH, delivery)).status).toBe(401);
    const unsigned = { ...delivery, headers: { ...delivery.headers, 'x-shopify-hmac-sha256': '' } };
    expect((await post(COMPLIANCE_PATH, unsigned)).status).toBe(401);
    expect((await ordersOf(shop)).every((order) => order.customer_email !== null)).toBe(true);
  });

  it('answers 200 for a shop no channel is connected to, and does nothing', async () => {
    const before = await server.services.models.TransactionRecord.count();
    const response = await post(
      COMPLIANCE_PATH,
      shopifyDelivery(
        'shop/redact',
        { shop_id: 9, shop_domain: 'unknown.myshopify.com' },
        { shopDomain: 'unknown.myshopify.com' },
      ),
    );
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ data: { topic: 'shop/redact', handled: 0, duplicate: 0 } });
    expect(await server.services.models.TransactionRecord.count()).toBe(before);
  });

  it("customers/data_request: the customer's orders at that shop become an export the seller downloads, and the seller is told", async () => {
    const delivery = shopifyDelivery(
      'customers/data_request',
      {
        shop_id: 1,
        shop_domain: 'alpha.myshopify.com',
        orders_requested: ['1001'],
        customer: { id: 'C-1', email: 'ada@example.test', phone: '+44 20 7946 0000' },
        data_request: { id: 9999 },
      },
      { shopDomain: 'alpha.myshopify.com' },
    );
    const response = await post(COMPLIANCE_PATH, delivery);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      data: { topic: 'customers/data_request', handled: 1, duplicate: 0 },
    });
    // Shopify delivers again (same webhook id): nothing is prepared twice.
    const again = await post(COMPLIANCE_PATH, delivery);
    expect(await readJson(again)).toEqual({
      data: { topic: 'customers/data_request', handled: 0, duplicate: 1 },
    });

    const transfers = await server.services.models.FileTransfer.findAll({
      where: { company_id: alpha.company.id },
    });
    expect(transfers).toHaveLength(1);
    const queued = await server.agenda.queryJobs({ name: JOB_NAMES.catalogueTransfer });
    expect(queued.jobs.map((job) => job.data)).toEqual([{ transferId: transfers[0]!.id }]);
    await server.services.transfers.run(transfers[0]!.id);

    const download = await server.request(
      'GET',
      `/api/fileTransfers/${alpha.stores[0]!.id}/${transfers[0]!.uuid}/download`,
      { token: ownerToken },
    );
    expect(download.status).toBe(200);
    const file = await download.text();
    // Both of Ada's orders at this shop (by id and by e-mail, any case), not Grace's, not the other shop's.
    expect(file).toContain('#1001');
    expect(file).toContain('#1002');
    expect(file).not.toContain('#1003');
    expect(file).not.toContain('#2001');
    expect(file).toContain('ada@example.test');

    const notices = await server.services.models.Notification.findAll({
      where: { user_id: alpha.owner.id, title: 'Alpha Shopify: customer data request' },
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain('within 30 days');
    expect(notices[0]!.link).toBe(`/orders/${alpha.stores[0]!.id}?transfer=${transfers[0]!.uuid}`);
    const records = await recordsOf(shop);
    expect(records.map((record) => [record.type, record.http_status])).toEqual([['receive_webhook', 200]]);
    expect(await topicsOf(shop)).toEqual(['customers/data_request']);
    // The record names the request by ids; the e-mail and phone are not copied into our records.
    expect(records[0]!.request_body).not.toContain('ada@example.test');
  });

  it("customers/redact: erases the customer from that shop's orders only, keeps amounts and SKUs, notes it, once", async () => {
    const delivery = shopifyDelivery(
      'customers/redact',
      {
        shop_id: 1,
        shop_domain: 'alpha.myshopify.com',
        customer: { id: 'C-1', email: 'ada@example.test', phone: '+44 20 7946 0000' },
        orders_to_redact: ['1001'],
      },
      { shopDomain: 'alpha.myshopify.com' },
    );
    const response = await post(COMPLIANCE_PATH, delivery);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      data: { topic: 'customers/redact', handled: 1, duplicate: 0 },
    });

    const [ada1, ada2, grace] = await ordersOf(shop);
    for (const order of [ada1!, ada2!]) {
      expect(personal(order)).toEqual([null, null, null, null, null]);
      expect(order.customer_id).toBeNull();
      expect(String(order.total)).toMatch(/^23\.95/);
    }
    expect(grace!.customer_email).toBe('grace@example.test');
    const items = await server.services.models.OrderItem.findAll({ where: { order_id: ada1!.id } });
    expect(items.map((item) => item.product_sku)).toEqual(['MUG']);
    // The same customer at another shop of the company, and another company's customer, are untouched.
    expect((await ordersOf(otherShop))[0]!.customer_email).toBe('ada@example.test');
    expect((await ordersOf(betaShop))[0]!.customer_email).toBe('ada@example.test');

    const activities = await server.services.models.Activity.findAll({
      where: { subject_type: 'order', subject_id: ada1!.id, event: 'order.personal_data_erased' },
    });
    expect(activities).toHaveLength(1);
    expect(JSON.stringify(activities[0]!.new_values)).not.toContain('ada@example.test');

    // What the seller sees: the order list, its search and its export no longer show her.
    const storeId = alpha.stores[0]!.id;
    const list = await call<{ data: unknown[] }>(`/orders/${storeId}?channel_id[eq]=${shop.id}&per_page=50`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/Ada Lovelace|ada@example\.test|High St/i);
    expect(JSON.stringify(list.body)).toContain('Grace Hopper');
    const searched = await call<{ data: { channel_id: number }[] }>(`/orders/${storeId}?search=ada`);
    expect(searched.body.data.map((row) => row.channel_id)).toEqual([otherShop.id]);
    const started = await server.request('POST', `/api/orders/${storeId}/export/csv`, {
      token: ownerToken,
      body: {},
    });
    expect(started.status).toBe(202);
    const exported = ((await readJson(started)) as { data: { uuid: string } }).data.uuid;
    const transfer = await server.services.models.FileTransfer.findOne({ where: { uuid: exported } });
    await server.services.transfers.run(transfer!.id);
    const file = await (
      await server.request('GET', `/api/fileTransfers/${storeId}/${exported}/download`, { token: ownerToken })
    ).text();
    const rowsOf = (number: string) => file.split('\n').filter((row) => row.startsWith(number));
    expect(rowsOf('#1001')).toHaveLength(1);
    expect(rowsOf('#1001')[0]).not.toMatch(/Ada|ada@|High St|7946/);
    expect(rowsOf('#1002')[0]).not.toMatch(/Ada|ada@|High St|7946/);
    expect(rowsOf('#2001')[0]).toContain('ada@example.test');
    // Her customer record (one per e-mail in the store) now counts only the other shop's order;
    // Grace's, whose only order is this shop's, stays until the shop asks.
    const customers = await call<{ data: { email: string | null; orders_count: number }[] }>(
      `/customers/${storeId}`,
    );
    expect(customers.body.data.map((row) => [row.email, row.orders_count]).sort()).toEqual([
      ['ada@example.test', 1],
      ['grace@example.test', 1],
    ]);

    // Redelivered, and a fresh request for the same customer: nothing more is erased or noted.
    await post(COMPLIANCE_PATH, delivery);
    const fresh = shopifyDelivery('customers/redact', JSON.parse(delivery.rawBody.toString('utf8')), {
      shopDomain: 'alpha.myshopify.com',
    });
    await post(COMPLIANCE_PATH, fresh);
    expect(
      await server.services.models.Activity.count({
        where: { subject_type: 'order', event: 'order.personal_data_erased' },
      }),
    ).toBe(2);
    expect((await topicsOf(shop)).filter((topic) => topic === 'customers/redact')).toHaveLength(2);
  });

  it('app/uninstalled: switches the channel off, forgets its tokens, stops its jobs and tells the seller, once', async () => {
    const delivery = shopifyDelivery(
      'app/uninstalled',
      { id: 1, name: 'Alpha', domain: 'alpha.example', myshopify_domain: 'alpha.myshopify.com' },
      { shopDomain: 'alpha.myshopify.com' },
    );
    const path = `/api/channels/shopify/webhooks/${shop.uuid}`;
    // The channel's recurring work, as an active connected channel has it.
    await server.services.channelJobs!.sync(shop);
    const jobsOf = async (name: string) =>
      (await server.agenda.queryJobs({ name })).jobs.filter(
        (job) => (job.data as { channelId?: number }).channelId === shop.id,
      );
    expect(await jobsOf(JOB_NAMES.getOrders)).toHaveLength(1);
    expect(await jobsOf(JOB_NAMES.refreshTokens)).toHaveLength(1);
    const response = await post(path, delivery);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      data: { queued: false, duplicate: false, uninstalled: true },
    });
    expect(await readJson(await post(path, delivery))).toEqual({
      data: { queued: false, duplicate: true, uninstalled: false },
    });

    await shop.reload();
    expect(shop.is_active).toBe(false);
    expect(shop.credentials).toBeNull();
    expect(shop.token_expires_at).toBeNull();
    expect(shop.settings._webhook_ids).toBeUndefined();
    expect(await jobsOf(JOB_NAMES.getOrders)).toHaveLength(0);
    expect(await jobsOf(JOB_NAMES.refreshTokens)).toHaveLength(0);
    const detail = await call<{ data: { is_active: boolean } }>(
      `/stores/${alpha.stores[0]!.id}/channels/${shop.id}`,
    );
    expect(detail.body.data.is_active).toBe(false);

    const notices = await server.services.models.Notification.findAll({
      where: { user_id: alpha.owner.id, title: 'Alpha Shopify was deactivated' },
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain('Reconnect the channel');
    expect(notices[0]!.link).toBe(`/stores/${alpha.stores[0]!.id}/channels/${shop.id}`);
    const uninstalls = (await recordsOf(shop)).filter((record) =>
      record.request_body?.includes('app/uninstalled'),
    );
    expect(uninstalls).toHaveLength(1);
    expect(uninstalls[0]!.message).toContain('uninstalled from alpha.myshopify.com');
    // A forged uninstall is refused and changes nothing of another channel.
    const forged = shopifyDelivery(
      'app/uninstalled',
      {},
      { shopDomain: 'alpha-eu.myshopify.com', secret: 'x' },
    );
    expect((await post(`/api/channels/shopify/webhooks/${otherShop.uuid}`, forged)).status).toBe(401);
    await otherShop.reload();
    expect(otherShop.is_active).toBe(true);
  });

  it('shop/redact: erases every customer of that shop and its credentials, leaves other shops and companies alone, once', async () => {
    const delivery = shopifyDelivery(
      'shop/redact',
      { shop_id: 1, shop_domain: 'alpha.myshopify.com' },
      { shopDomain: 'alpha.myshopify.com' },
    );
    const response = await post(COMPLIANCE_PATH, delivery);
    expect(await readJson(response)).toEqual({ data: { topic: 'shop/redact', handled: 1, duplicate: 0 } });
    for (const order of await ordersOf(shop)) expect(personal(order)).toEqual([null, null, null, null, null]);
    expect((await ordersOf(otherShop))[0]!.customer_name).toBe('Ada Lovelace');
    expect((await ordersOf(betaShop))[0]!.customer_name).toBe('Ada Lovelace');
    await shop.reload();
    expect(shop.credentials).toBeNull();
    await otherShop.reload();
    expect(otherShop.credentials).not.toBeNull();

    const storeId = alpha.stores[0]!.id;
    const list = await call<{ data: unknown[] }>(`/orders/${storeId}?channel_id[eq]=${shop.id}&per_page=50`);
    expect(list.body.data).toHaveLength(3);
    expect(JSON.stringify(list.body)).not.toContain('Grace');
    expect((await call<{ data: unknown[] }>(`/orders/${storeId}?search=grace`)).body.data).toHaveLength(0);
    // Grace had only this shop's order: her customer record is gone with her data.
    const customers = await call<{ data: { email: string | null }[] }>(`/customers/${storeId}`);
    expect(customers.body.data.map((row) => row.email)).toEqual(['ada@example.test']);

    expect(await readJson(await post(COMPLIANCE_PATH, delivery))).toEqual({
      data: { topic: 'shop/redact', handled: 0, duplicate: 1 },
    });
    expect((await topicsOf(shop)).filter((topic) => topic === 'shop/redact')).toHaveLength(1);
  });

  it("takes the simulated shop's own deliveries: privacy requests at the app-level address, then the uninstall", async () => {
    const uuid = randomUUID();
    simulated = await startTestShop({
      appWebhooks: {
        customersDataRequest: `${server.url}${COMPLIANCE_PATH}`,
        customersRedact: `${server.url}${COMPLIANCE_PATH}`,
        shopRedact: `${server.url}${COMPLIANCE_PATH}`,
        appUninstalled: `${server.url}/api/channels/shopify/webhooks/${uuid}`,
      },
    });
    const store = alpha.stores[0]!;
    const channel = await server.services.models.Channel.create({
      uuid,
      company_id: alpha.company.id,
      store_id: store.id,
      kind: 'channel',
      type: 'shopify',
      name: 'Simulated Shopify',
      is_active: true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: simulated.url },
      credentials: writeChannelCredentials(
        server.services.credentials,
        { uuid },
        { oauth: { access_token: 'x' } },
      ),
      authorized_at: new Date(),
      token_expires_at: null,
    });
    const order = simulated.state.createOrder({ email: 'linus@example.test' });
    await importerOf(server).importer.importBatch(channel.id, [
      orderOf(String(order.id), [{ sku: 'MUG', quantity: 1 }], {
        customer: {
          name: 'Linus T',
          email: 'linus@example.test',
          phone: null,
          remote_id: order.customer ? String(order.customer.id) : null,
        },
      }),
    ]);
    const stored = async () => (await ordersOf(channel))[0]!;

    const exports = () => server.services.models.FileTransfer.count({ where: { store_id: store.id } });
    const exportsBefore = await exports();
    simulated.state.sendCompliance('customers/data_request', { email: 'linus@example.test' });
    await waitFor(async () => (await exports()) === exportsBefore + 1);
    simulated.state.sendCompliance('customers/redact', { email: 'linus@example.test' });
    await waitFor(async () => (await stored()).customer_email === null);
    expect(personal(await stored())).toEqual([null, null, null, null, null]);

    await simulated.state.uninstallApp();
    await waitFor(async () => !(await channel.reload()).is_active);
    expect(channel.credentials).toBeNull();
    expect(await topicsOf(channel)).toEqual([
      'customers/data_request',
      'customers/redact',
      'app/uninstalled',
    ]);
    simulated.state.sendCompliance('shop/redact');
    await waitFor(async () => (await topicsOf(channel)).includes('shop/redact'));
    // The shop's erasure dropped the bodies of the channel's earlier records; its own record stays.
    expect(await topicsOf(channel)).toEqual([undefined, undefined, undefined, 'shop/redact']);
    // Every delivery was answered 200 at the first attempt: Shopify would not retry any.
    expect(
      simulated.state
        .deliveries()
        .filter((delivery) => delivery.topic !== 'orders/create')
        .map((delivery) => [delivery.topic, delivery.attempts, delivery.lastStatus]),
    ).toEqual([
      ['customers/data_request', 1, 200],
      ['customers/redact', 1, 200],
      ['app/uninstalled', 1, 200],
      ['shop/redact', 1, 200],
    ]);
  });
});
