import { JOB_NAMES } from '@syncdesk/contracts';
import { REFETCH_PRODUCTS_INTERVAL_S } from '../../../jobs/channel-job-schedule';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

/**
 * What starts a product download (integration-domain §3): activating a channel with
 * download_products, and refetch_products's daily run; and the order poll of a Mirakl channel,
 * never faster than Mirakl allows OR11 (once a minute) whatever the seller chose.
 */
describe('product download and order poll schedule (sqlite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'product_download_schedule');
    // The api role queues and never runs jobs, so the rows stay as the schedule left them.
    server = await startTestProcess(database.url, {
      APP_ROLE: 'api',
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
    });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha FR'] });
    token = await alpha.tokenFor(alpha.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await server.request(method, `/api/stores/${alpha.stores[0]!.id}${path}`, {
      token,
      body,
    });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };
  const downloads = async (channelId: number) =>
    (await server.agenda.queryJobs({ name: JOB_NAMES.getProducts, data: { channelId } })).jobs;
  const ordersInterval = async (channelId: number) =>
    (await server.agenda.queryJobs({ name: JOB_NAMES.getOrders, data: { channelId } })).jobs
      .map((job) => job.repeatInterval)
      .filter(Boolean);

  const createMirakl = async (settings: Record<string, unknown>) => {
    const created = await call('POST', '/channels/mirakl-decathlon', {
      name: `Decathlon ${Math.random().toString(36).slice(2, 8)}`,
      shop_url: 'https://decathlon-test.mirakl.net',
      api_key: 'key-1',
      ...settings,
    });
    expect(created.status).toBe(201);
    return created.body.data.id as number;
  };
  const activate = async (id: number) =>
    expect((await call('PUT', `/channels/${id}/status`, { is_active: true })).status).toBe(200);

  it('activating a channel with download_products queues one download; without it, none', async () => {
    const downloading = await createMirakl({ download_products: true });
    const quiet = await createMirakl({ download_products: false });
    expect(await downloads(downloading)).toHaveLength(0);

    await activate(downloading);
    await activate(quiet);

    const queued = await downloads(downloading);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.repeatInterval).toBeFalsy();
    expect(await downloads(quiet)).toHaveLength(0);
  });

  it('switching download_products on for an active channel downloads its listings now, once', async () => {
    const id = await createMirakl({ download_products: false });
    await activate(id);
    expect(await downloads(id)).toHaveLength(0);

    expect((await call('PUT', `/channels/${id}`, { download_products: true })).status).toBe(200);
    expect(await downloads(id)).toHaveLength(1);
    // Saving again with it still on starts no second download.
    expect((await call('PUT', `/channels/${id}`, { name: 'Decathlon renamed' })).status).toBe(200);
    expect(await downloads(id)).toHaveLength(1);

    // An inactive channel waits for its activation.
    const inactive = await createMirakl({ download_products: false });
    expect((await call('PUT', `/channels/${inactive}`, { download_products: true })).status).toBe(200);
    expect(await downloads(inactive)).toHaveLength(0);
  });

  it('refetch_products downloads again every day; switching it off removes only that schedule', async () => {
    const id = await createMirakl({ download_products: true, refetch_products: true });
    await activate(id);
    const recurring = async () => (await downloads(id)).filter((job) => job.repeatInterval);
    expect((await recurring()).map((job) => job.repeatInterval)).toEqual([
      `${REFETCH_PRODUCTS_INTERVAL_S} seconds`,
    ]);

    await server.services.jobs.enqueue(JOB_NAMES.getProducts, { channelId: id });
    expect((await call('PUT', `/channels/${id}`, { refetch_products: false })).status).toBe(200);
    expect(await recurring()).toHaveLength(0);
    // The one-off download queued meanwhile is still there.
    expect(await downloads(id)).toHaveLength(1);
  });

  it('polls Mirakl orders at most once a minute even when the seller asks for every 30 s', async () => {
    const id = await createMirakl({ use_default_get_orders_interval: false, get_orders_interval: 30 });
    await activate(id);
    expect(await ordersInterval(id)).toEqual(['60 seconds']);

    const shopify = await call('POST', '/channels/shopify', {
      name: 'Shopify',
      shop_url: 'https://alpha.example.com',
      use_default_get_orders_interval: false,
      get_orders_interval: 30,
    });
    expect(shopify.status).toBe(201);
    await activate(shopify.body.data.id as number);
    expect(await ordersInterval(shopify.body.data.id as number)).toEqual(['30 seconds']);
  });
});
