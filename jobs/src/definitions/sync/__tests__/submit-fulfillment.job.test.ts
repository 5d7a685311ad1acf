import { randomUUID } from 'node:crypto';
import {
  findCatalogueEntry,
  FULFILMENT_STATUS,
  JOB_NAMES,
  SHOPIFY_PICKUP_SYNC_STATUS,
} from '@syncdesk/contracts';
import { PICKUP_NOT_SUPPORTED, writeChannelCredentials, type Store } from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { memoryRecorder } from '@syncdesk/integrations';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { startMiraklSimulator, type MiraklSimulator } from '@syncdesk/integrations';
import { createSyncRuntime } from '../../../sync/sync-runtime';
import type { JobContext } from '../../job-definition';
import { getOrdersJob } from '../get-orders.job';
import { pickupOrderJob } from '../pickup-order.job';
import { submitFulfillmentJob } from '../submit-fulfillment.job';

const silent = { info: () => undefined, error: () => undefined };

/**
 * A fulfilment made by the seller reaches the order's channel with its tracking: the Mirakl
 * simulator over HTTP (OR23 tracking, OR24 ship). No worker runs: the test runs the handlers.
 */
describe('channels.submit_fulfillment against the Mirakl simulator (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let simulator: MiraklSimulator;
  let company: CompanyFixture;
  let store: Store;
  let token: string;
  const recorder = memoryRecorder();

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'submit_fulfilment');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, { name: 'Fulfilco', stores: ['Fulfilco FR'] });
    store = company.stores[0]!;
    token = await company.tokenFor(company.owner);
    simulator = await startMiraklSimulator({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await simulator?.close();
    await server?.close();
    await database?.drop();
  });

  const services = () => server.services;
  const context = (): JobContext => ({
    services: services(),
    logger: silent,
    sync: createSyncRuntime({
      services: services(),
      recorder,
      allowedOrigins: [new URL(simulator.url).origin],
    }),
  });

  async function miraklChannel(settings: Record<string, unknown> = {}) {
    const uuid = randomUUID();
    return services().models.Channel.create({
      uuid,
      company_id: store.company_id,
      store_id: store.id,
      kind: 'channel',
      type: 'mirakl-decathlon',
      name: `Decathlon ${uuid.slice(0, 6)}`,
      is_active: true,
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

  /** An order placed at the channel, imported by the order download, fulfilled by the seller. */
  async function fulfilledOrder(channelId: number) {
    const remote = simulator.state.createOrder({ state: 'SHIPPING', lines: [{ sku: 'MUG-1', quantity: 1 }] });
    await getOrdersJob.handler({ channelId, remoteOrderIds: [remote.order_id] }, context());
    const order = await services().models.Order.findOne({
      where: { channel_id: channelId, remote_id: remote.order_id },
    });
    expect(order).not.toBeNull();
    const response = await server.request('POST', `/api/orders/${store.id}/${order!.id}/fulfillments`, {
      token,
      body: { courier: 'Colissimo', shipping_tracking_code: `CO${remote.order_id}FR` },
    });
    expect(response.status).toBe(201);
    const { data } = (await readJson(response)) as { data: { id: number } };
    return { remote, order: order!, fulfilmentId: data.id };
  }

  it('sends the tracking and ships the order at the channel, then marks the fulfilment synced', async () => {
    const channel = await miraklChannel();
    const { remote, order, fulfilmentId } = await fulfilledOrder(channel.id);
    await submitFulfillmentJob.handler(
      { channelId: channel.id, orderFulfillmentIds: [fulfilmentId] },
      context(),
    );
    const shipped = simulator.state.order(remote.order_id)!;
    expect(shipped.order_state).toBe('SHIPPED');
    expect(shipped.shipping_tracking).toBe(`CO${remote.order_id}FR`);
    expect((await services().models.OrderFulfillment.findByPk(fulfilmentId))!.sync_status).toBe(
      FULFILMENT_STATUS.byKey('synced').value,
    );
    expect((await order.reload()).fulfillment_status).toBe(FULFILMENT_STATUS.byKey('synced').value);
  });

  it('honours the channel’s delay: nothing is sent, the job is queued for when the delay ends', async () => {
    const channel = await miraklChannel({ use_delay_fulfilment: true, delay_fulfilment_interval: 1 });
    const { remote, fulfilmentId } = await fulfilledOrder(channel.id);
    await submitFulfillmentJob.handler(
      { channelId: channel.id, orderFulfillmentIds: [fulfilmentId] },
      context(),
    );
    expect(simulator.state.order(remote.order_id)!.order_state).toBe('SHIPPING');
    const created = (await services().models.OrderFulfillment.findByPk(fulfilmentId))!;
    expect(created.sync_status).toBe(FULFILMENT_STATUS.byKey('awaiting_send').value);
    const [rows] = await services().sequelize.query(
      'SELECT data, next_run_at FROM agenda_jobs WHERE name = ? ORDER BY id',
      { replacements: [JOB_NAMES.submitFulfillment] },
    );
    const later = (rows as { data: string; next_run_at: Date | string }[]).filter(
      (row) =>
        JSON.parse(row.data).orderFulfillmentIds?.[0] === fulfilmentId &&
        new Date(row.next_run_at) > new Date(),
    );
    expect(later).toHaveLength(1);
    expect(new Date(later[0]!.next_run_at).getTime()).toBe(created.created_at.getTime() + 3_600_000);
  });

  it('a retry from the failed record sends the failed fulfilment again', async () => {
    const channel = await miraklChannel();
    const { remote, fulfilmentId } = await fulfilledOrder(channel.id);
    // Every attempt of the tracking call fails (the transport repeats a failed PUT).
    simulator.state.addFault({ status: 500, count: 5, path: `/orders/${remote.order_id}/tracking` });
    await submitFulfillmentJob.handler(
      { channelId: channel.id, orderFulfillmentIds: [fulfilmentId] },
      context(),
    );
    expect((await services().models.OrderFulfillment.findByPk(fulfilmentId))!.sync_status).toBe(
      FULFILMENT_STATUS.byKey('failed').value,
    );

    simulator.state.clearFaults();
    await submitFulfillmentJob.handler(
      { channelId: channel.id, orderFulfillmentIds: [fulfilmentId], retryOfLogId: 1 },
      context(),
    );
    expect(simulator.state.order(remote.order_id)!.shipping_tracking).toBe(`CO${remote.order_id}FR`);
    expect((await services().models.OrderFulfillment.findByPk(fulfilmentId))!.sync_status).toBe(
      FULFILMENT_STATUS.byKey('synced').value,
    );
  });

  it('a channel that takes no fulfilments gets no call; a pickup step is refused in words', async () => {
    const channel = await miraklChannel();
    const { remote, order, fulfilmentId } = await fulfilledOrder(channel.id);
    await channel.update({ settings: { ...channel.settings, disable_fulfillment: true } });
    const before = simulator.state.calls().length;
    await submitFulfillmentJob.handler(
      { channelId: channel.id, orderFulfillmentIds: [fulfilmentId] },
      context(),
    );
    expect(simulator.state.calls().length).toBe(before);
    expect(simulator.state.order(remote.order_id)!.order_state).toBe('SHIPPING');
    expect((await services().models.OrderFulfillment.findByPk(fulfilmentId))!.sync_status).toBe(
      FULFILMENT_STATUS.byKey('no_fulfilment').value,
    );

    await pickupOrderJob.handler(
      { channelId: channel.id, orderId: order.id, pickupStatus: 'ready_for_pickup' },
      context(),
    );
    expect((await order.reload()).pickup_sync_status).toBe(SHOPIFY_PICKUP_SYNC_STATUS.byKey('failed').value);
    const activity = await services().models.Activity.findOne({
      where: { subject_type: 'order', subject_id: order.id, event: 'order.pickup_sync_failed' },
    });
    expect(activity?.new_values).toMatchObject({
      reason: PICKUP_NOT_SUPPORTED(findCatalogueEntry('mirakl-decathlon')!.name),
    });
  });
});
