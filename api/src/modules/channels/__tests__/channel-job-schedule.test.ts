import { JOB_NAMES } from '@syncdesk/contracts';
import { DEFAULT_GET_ORDERS_INTERVAL_S } from '../../../jobs/channel-job-schedule';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe.each(TEST_DIALECTS)("a channel's recurring jobs follow its state (%s)", (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'channel_jobs');
    // The api role queues and never runs jobs, so the rows stay as the schedule left them.
    server = await startTestProcess(database.url, {
      APP_ROLE: 'api',
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
    });
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
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
  const jobsOf = async (name: string, data: Record<string, unknown>) =>
    (await server.agenda.queryJobs({ name, data })).jobs;
  const recurringOrders = async (channelId: number) =>
    (await jobsOf(JOB_NAMES.getOrders, { channelId })).filter((job) => job.repeatInterval);

  const createShopify = async () => {
    const created = await call('POST', '/channels/shopify', {
      name: 'Shopify',
      shop_url: 'https://alpha.example.com',
    });
    expect(created.status).toBe(201);
    return created.body.data.id as number;
  };

  it('activate, change the interval, deactivate, reactivate, delete', async () => {
    const id = await createShopify();
    expect(await recurringOrders(id)).toHaveLength(0);

    expect((await call('PUT', `/channels/${id}/status`, { is_active: true })).status).toBe(200);
    let recurring = await recurringOrders(id);
    expect(recurring).toHaveLength(1);
    expect(recurring[0]!.repeatInterval).toBe(`${DEFAULT_GET_ORDERS_INTERVAL_S} seconds`);
    // Activation also subscribes the channel's own order webhooks.
    const subscriptions = await jobsOf(JOB_NAMES.channelWebhooks, { action: 'subscribe', channelId: id });
    expect(subscriptions).toHaveLength(1);

    const changed = await call('PUT', `/channels/${id}`, {
      use_default_get_orders_interval: false,
      get_orders_interval: 120,
    });
    expect(changed.status).toBe(200);
    recurring = await recurringOrders(id);
    expect(recurring.map((job) => job.repeatInterval)).toEqual(['120 seconds']);

    // Turning order downloads off stops the job even though the channel stays active.
    await call('PUT', `/channels/${id}`, { get_orders: false });
    expect(await recurringOrders(id)).toHaveLength(0);
    await call('PUT', `/channels/${id}`, { get_orders: true });
    expect(await recurringOrders(id)).toHaveLength(1);

    await call('PUT', `/channels/${id}/status`, { is_active: false });
    expect(await recurringOrders(id)).toHaveLength(0);

    await call('PUT', `/channels/${id}/status`, { is_active: true });
    recurring = await recurringOrders(id);
    expect(recurring.map((job) => job.repeatInterval)).toEqual(['120 seconds']);

    await call('PUT', `/channels/${id}/status`, { is_active: false });
    expect((await call('DELETE', `/channels/${id}`)).status).toBe(204);
    expect(await jobsOf(JOB_NAMES.getOrders, { channelId: id })).toHaveLength(0);
    const removals = await jobsOf(JOB_NAMES.channelWebhooks, { action: 'unsubscribe', channelId: id });
    expect(removals).toHaveLength(1);
    expect(removals[0]!.data).toMatchObject({
      channelType: 'shopify',
      settings: { shop_url: 'https://alpha.example.com' },
    });
    expect(removals[0]!.data).toHaveProperty('credentials');
  });

  it('an OAuth channel renews its token five minutes before it expires, one job per channel', async () => {
    const id = await createShopify();
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    await server.services.models.Channel.update({ token_expires_at: expiresAt }, { where: { id } });
    await call('PUT', `/channels/${id}/status`, { is_active: true });
    // Saving twice (a reconcile, another activation) keeps one job.
    await server.services.channelJobs!.reconcile();
    const refreshes = await jobsOf(JOB_NAMES.refreshTokens, { channelId: id });
    expect(refreshes).toHaveLength(1);
    // MySQL keeps the expiry to the second.
    const due = expiresAt.getTime() - 5 * 60_000;
    expect(Math.abs(refreshes[0]!.nextRunAt!.getTime() - due)).toBeLessThan(1000);
    await call('PUT', `/channels/${id}/status`, { is_active: false });
    expect(await jobsOf(JOB_NAMES.refreshTokens, { channelId: id })).toHaveLength(0);
  });

  it('reconcile gives active channels and plugins their jobs and removes the jobs of missing ones', async () => {
    const id = await createShopify();
    // Changed behind the service's back: no schedule saw these.
    await server.services.models.Channel.update({ is_active: true }, { where: { id } });
    const plugin = await insertChannelRow(server.services, alpha.stores[0]!, {
      kind: 'plugin',
      type: 'wms',
      name: 'Warehouse',
      settings: { updates_interval: 90 },
    });
    const pluginId = plugin.id;
    await plugin.update({ is_active: true });
    await server.agenda.now(JOB_NAMES.getOrders, { channelId: 999_999 });
    await server.agenda
      .create(JOB_NAMES.pluginUpdates, { pluginId: 888_888 })
      .repeatEvery('60 seconds')
      .save();

    const result = await server.services.channelJobs!.reconcile();
    expect(result.removed).toBeGreaterThanOrEqual(2);
    expect((await recurringOrders(id)).map((job) => job.repeatInterval)).toEqual([
      `${DEFAULT_GET_ORDERS_INTERVAL_S} seconds`,
    ]);
    // And a download right away: one a dead worker left midway does not wait for the next interval.
    const catchUp = (await jobsOf(JOB_NAMES.getOrders, { channelId: id })).filter(
      (job) => !job.repeatInterval,
    );
    expect(catchUp).toHaveLength(1);
    const updates = await jobsOf(JOB_NAMES.pluginUpdates, { pluginId });
    expect(updates.map((job) => job.repeatInterval)).toEqual(['90 seconds']);
    expect(await jobsOf(JOB_NAMES.getOrders, { channelId: 999_999 })).toHaveLength(0);
    expect(await jobsOf(JOB_NAMES.pluginUpdates, { pluginId: 888_888 })).toHaveLength(0);

    await server.services.models.Channel.update({ is_active: false }, { where: { id } });
    await server.services.channelJobs!.reconcile();
    expect(await recurringOrders(id)).toHaveLength(0);
  });
});
