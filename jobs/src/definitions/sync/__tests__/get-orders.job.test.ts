import { randomUUID } from 'node:crypto';
import { LOG_STATUS } from '@syncdesk/contracts';
import { writeChannelCredentials, type Channel, type Services } from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  TEST_DIALECTS,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { memoryRecorder } from '@syncdesk/integrations';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { startMiraklSimulator, type MiraklSimulator } from '@syncdesk/integrations';
import { createSyncRuntime } from '../../../sync/sync-runtime';
import type { JobContext } from '../../job-definition';
import { getOrdersJob } from '../get-orders.job';

const silent = { info: () => undefined, error: () => undefined };

describe.each(TEST_DIALECTS)('channels.get_orders against the Mirakl simulator (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let simulator: MiraklSimulator;
  let alpha: CompanyFixture;
  const recorder = memoryRecorder();

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'get_orders');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha FR'] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });
  // A shop of its own per test: a channel's first download takes every order the shop holds.
  beforeEach(async () => {
    simulator = await startMiraklSimulator({ host: '127.0.0.1', port: 0, debitMs: 60_000 });
    recorder.records.length = 0;
  });
  afterEach(async () => {
    await simulator?.close();
  });

  const services = () => server.services;
  const contextOf = (overrides: Partial<Services> = {}): JobContext => ({
    services: { ...services(), ...overrides },
    logger: silent,
    sync: createSyncRuntime({
      services: services(),
      recorder,
      allowedOrigins: [new URL(simulator.url).origin],
    }),
  });

  async function miraklChannel(
    settings: Record<string, unknown> = {},
    options: { active?: boolean; type?: string } = {},
  ) {
    const uuid = randomUUID();
    return services().models.Channel.create({
      uuid,
      company_id: alpha.company.id,
      store_id: alpha.stores[0]!.id,
      kind: 'channel',
      type: options.type ?? 'mirakl-decathlon',
      name: `Decathlon ${uuid.slice(0, 6)}`,
      is_active: options.active ?? true,
      account_nominal_code: null,
      api_version: null,
      settings: { shop_url: simulator.url, order_statuses: ['SHIPPING'], ...settings },
      credentials: writeChannelCredentials(
        services().credentials,
        { uuid },
        { api_key: simulator.state.apiKey },
      ),
      authorized_at: null,
      token_expires_at: null,
    });
  }

  const storedOrders = (channel: Channel) =>
    services().models.Order.findAll({
      where: { channel_id: channel.id },
      attributes: ['remote_id'],
      raw: true,
    });
  const remoteIdsOf = async (channel: Channel) =>
    (await storedOrders(channel)).map((row) => row.remote_id).sort();
  const stateOf = (channel: Channel) => services().models.ChannelSyncState.findByPk(channel.id);
  const newestUpdate = () =>
    Math.max(...simulator.state.orders().map((order) => Date.parse(order.last_updated_date)));
  /** Orders shipping now, so a default (SHIPPING) download takes them; `count` spread over several pages. */
  const createShippingOrders = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      simulator.state.createOrder({
        state: 'SHIPPING',
        lines: [{ sku: `SKU-${index % 7}`, quantity: 1 + (index % 3) }],
      }),
    ).map((order) => order.order_id);

  it('downloads every page, stores each order once and moves the watermark after storing; a re-run adds nothing', async () => {
    const channel = await miraklChannel();
    const created = createShippingOrders(230);
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());

    expect(await remoteIdsOf(channel)).toEqual([...created].sort());
    expect((await stateOf(channel))?.orders_watermark?.getTime()).toBe(newestUpdate());
    const listCalls = simulator.state.calls().filter((call) => call.path.startsWith('/api/orders?'));
    expect(listCalls.length).toBeGreaterThanOrEqual(3);
    expect(recorder.records.filter((record) => record.type === 'get_orders')).toHaveLength(listCalls.length);
    expect(recorder.records.every((record) => record.status === LOG_STATUS.byKey('success').value)).toBe(
      true,
    );
    const state = await stateOf(channel);
    expect(state).toMatchObject({ consecutive_errors: 0 });
    expect(state?.last_success_at).toBeInstanceOf(Date);
    expect(state?.orders_checked_at).toBeInstanceOf(Date);

    // The second run re-reads the overlap window; the import finds nothing new.
    const updatedBefore = await services().models.Order.max('updated_at', {
      where: { channel_id: channel.id },
    });
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    expect(await storedOrders(channel)).toHaveLength(230);
    expect(await services().models.Order.max('updated_at', { where: { channel_id: channel.id } })).toEqual(
      updatedBefore,
    );
  });

  it('keeps the watermark where it was when the worker dies in the middle of a download, and the next run catches up', async () => {
    const channel = await miraklChannel();
    createShippingOrders(20);
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    const first = (await stateOf(channel))!.orders_watermark!;

    const later = createShippingOrders(230);
    let batches = 0;
    const real = services().orderImport;
    const dying = {
      importBatch: (...args: Parameters<typeof real.importBatch>) => {
        batches += 1;
        if (batches === 2) throw new Error('worker killed');
        return real.importBatch(...args);
      },
    };
    // Not a provider error: the job fails (Agenda records it) and the channel's health is not charged.
    await expect(
      getOrdersJob.handler({ channelId: channel.id }, contextOf({ orderImport: dying })),
    ).rejects.toThrow('worker killed');
    expect((await stateOf(channel))!.orders_watermark).toEqual(first);
    expect((await stateOf(channel))!.consecutive_errors).toBe(0);
    const afterCrash = await remoteIdsOf(channel);
    expect(afterCrash.length).toBeLessThan(250);

    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    const all = await remoteIdsOf(channel);
    expect(all).toHaveLength(250);
    expect(all).toEqual(expect.arrayContaining(later));
    expect((await stateOf(channel))!.orders_watermark!.getTime()).toBe(newestUpdate());
  });

  it('counts a provider outage against the channel without moving the watermark, and does not throw', async () => {
    const channel = await miraklChannel();
    createShippingOrders(5);
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    const before = (await stateOf(channel))!.orders_watermark;

    createShippingOrders(3);
    // Three 500s: the transport's first call and both retries of the GET.
    simulator.state.addFault({ status: 500, count: 3, path: '^/api/orders' });
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    const state = (await stateOf(channel))!;
    expect(state.orders_watermark).toEqual(before);
    expect(state).toMatchObject({ consecutive_errors: 1, last_error_kind: 'server' });
    expect(recorder.records.some((record) => record.status === LOG_STATUS.byKey('failed').value)).toBe(true);

    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    expect(await stateOf(channel)).toMatchObject({ consecutive_errors: 0, failing_since: null });
    expect(await storedOrders(channel)).toHaveLength(8);
  });

  it('tells the channel managers once that the credentials were refused', async () => {
    const channel = await miraklChannel();
    simulator.state.addFault({ status: 401, count: 2, path: '^/api/orders' });
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    expect(await stateOf(channel)).toMatchObject({ consecutive_errors: 2, last_error_kind: 'auth' });
    const notices = await services().models.Notification.findAll({
      where: { user_id: alpha.owner.id, title: `${channel.name}: authentication issue` },
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.level).toBe(2);
  });

  it('imports only the orders a channel webhook named', async () => {
    const channel = await miraklChannel();
    const [named, other] = createShippingOrders(2);
    // What the webhook receiver notes: a change the channel announced and we have not imported.
    await services().syncState.noteUnimported(channel.id, new Date(Date.now() - 5_000));
    expect((await stateOf(channel))?.oldest_unimported_at).toBeInstanceOf(Date);
    await getOrdersJob.handler({ channelId: channel.id, remoteOrderIds: [named!] }, contextOf());
    expect(await remoteIdsOf(channel)).toEqual([named]);
    expect(await remoteIdsOf(channel)).not.toContain(other);
    // A named import says nothing about what else changed: the watermark stays.
    expect((await stateOf(channel))?.orders_watermark ?? null).toBeNull();
    expect((await stateOf(channel))?.oldest_unimported_at).toBeNull();
  });

  it('accepts orders waiting for acceptance when the channel accepts automatically', async () => {
    const channel = await miraklChannel({
      auto_confirmation: true,
      order_statuses: ['WAITING_ACCEPTANCE', 'SHIPPING'],
    });
    const waiting = simulator.state.createOrder({ lines: [{ sku: 'SKU-1', quantity: 1 }] });
    expect(waiting.order_state).toBe('WAITING_ACCEPTANCE');
    const manual = await miraklChannel({ order_statuses: ['WAITING_ACCEPTANCE'] });

    await getOrdersJob.handler({ channelId: channel.id }, contextOf());
    expect(await remoteIdsOf(channel)).toContain(waiting.order_id);
    expect(simulator.state.order(waiting.order_id)!.order_state).not.toBe('WAITING_ACCEPTANCE');

    // Without the setting the order is imported and left for the seller.
    const other = simulator.state.createOrder({ lines: [{ sku: 'SKU-2', quantity: 1 }] });
    await getOrdersJob.handler({ channelId: manual.id }, contextOf());
    expect(await remoteIdsOf(manual)).toContain(other.order_id);
    expect(simulator.state.order(other.order_id)!.order_state).toBe('WAITING_ACCEPTANCE');
  });

  it('does nothing for an inactive channel, one with get_orders off, or a type without a connector', async () => {
    createShippingOrders(2);
    const inactive = await miraklChannel({}, { active: false });
    const off = await miraklChannel({ get_orders: false });
    const unsupported = await miraklChannel({}, { type: 'woocommerce' });
    for (const channel of [inactive, off, unsupported]) {
      await getOrdersJob.handler({ channelId: channel.id }, contextOf());
      expect(await storedOrders(channel)).toHaveLength(0);
    }
    expect(simulator.state.calls()).toEqual([]);
    expect(recorder.records).toEqual([]);
    // Nothing was asked of a provider, so no health was recorded either.
    expect(await stateOf(off)).toBeNull();
  });
});
