import { JOB_NAMES, type FulfilmentListResponse } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import {
  activitiesOf,
  call,
  importOrders,
  queuedJobs,
  salesChannel,
  startActionWorld,
  type ActionWorld,
} from './order-action-kit';

const AWAITING_SEND = 0;
const SYNCED = 2;
const FAILED = 3;
const NO_FULFILMENT = 4;

/** Fulfilments of an order and the resend of failed ones, over HTTP against MySQL. */
describe('fulfilments (mysql)', () => {
  let database: TestDatabase;
  let world: ActionWorld;
  let channelId: number;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'fulfilments');
    world = await startActionWorld(database);
    const channel = await salesChannel(world);
    channelId = channel.id;
    // The channel's carriers, and "Royal Mail 48" (the fixture orders' method) mapped to one of them.
    const { models } = world.server.services;
    const courier = await models.ChannelCourier.create({
      company_id: world.store.company_id,
      store_id: world.store.id,
      channel_id: channel.id,
      courier_id: null,
      name: 'royal-mail',
      custom_name: 'Royal Mail Tracked',
    });
    await models.CourierMapping.create({
      company_id: world.store.company_id,
      store_id: world.store.id,
      channel_id: channel.id,
      shipping_method: 'Royal Mail 48',
      channel_courier_id: courier.id,
      service_code: 'tracked-48',
    });
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });

  const base = (orderId: number) => `/orders/${world.store.id}/${orderId}/fulfillments`;
  const itemsOf = (orderId: number) =>
    world.server.services.models.OrderItem.findAll({ where: { order_id: orderId }, order: [['id', 'ASC']] });

  it('fulfils part of the lines, then the rest, never more than was ordered', async () => {
    const [orderId] = await importOrders(world, channelId, 1);
    const [first, second] = await itemsOf(orderId!); // quantities 2 and 1

    const partial = await call(world, 'POST', base(orderId!), world.owner, {
      shipping_tracking_code: 'RM123456789GB',
      lines: [{ order_item_id: first!.id, quantity: 1 }],
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({
      message: 'The fulfilment was created.',
      data: {
        order_id: orderId,
        // No courier given: the channel's mapping for the order's shipping method names it.
        courier: 'Royal Mail Tracked',
        shipping_method: 'Royal Mail 48',
        shipping_tracking_code: 'RM123456789GB',
        sync_status: AWAITING_SEND,
        lines: [{ order_item_id: first!.id, quantity: 1 }],
      },
    });

    const tooMany = await call(world, 'POST', base(orderId!), world.owner, {
      courier: 'DPD',
      lines: [
        { order_item_id: first!.id, quantity: 2 },
        { order_item_id: second!.id, quantity: 1 },
        { order_item_id: 999999, quantity: 1 },
      ],
    });
    expect(tooMany).toMatchObject({
      status: 422,
      body: {
        errors: {
          'lines.0.quantity': ['Only 1 of this line is left to fulfil.'],
          'lines.2.order_item_id': ['The line is not one of this order’s lines.'],
        },
      },
    });
    expect((tooMany.body as { errors: Record<string, unknown> }).errors['lines.1.quantity']).toBeUndefined();

    // No lines: everything left.
    const rest = await call(world, 'POST', base(orderId!), world.owner, {
      courier: 'DPD',
      shipping_tracking_code: 'DPD-1',
    });
    expect(rest).toMatchObject({
      status: 201,
      body: {
        data: {
          courier: 'DPD',
          lines: [
            { order_item_id: first!.id, quantity: 1 },
            { order_item_id: second!.id, quantity: 1 },
          ],
        },
      },
    });
    const done = await call(world, 'POST', base(orderId!), world.owner, { courier: 'DPD' });
    expect(done).toMatchObject({
      status: 422,
      body: { errors: { lines: ['Every line of this order has been fulfilled already.'] } },
    });

    const listed = await call(world, 'GET', base(orderId!), world.owner);
    expect(listed.status).toBe(200);
    const list = listed.body as unknown as FulfilmentListResponse;
    expect(list.meta.total).toBe(2);
    expect(list.meta.lines.map((line) => [line.ordered, line.fulfilled, line.remaining])).toEqual([
      [2, 2, 0],
      [1, 1, 0],
    ]);
    expect(list.data.map((row) => row.shipping_tracking_code)).toEqual(['RM123456789GB', 'DPD-1']);

    const order = await world.server.services.models.Order.findByPk(orderId!);
    expect(order!.fulfillment_status).toBe(AWAITING_SEND);
    const activities = await activitiesOf(world, orderId!, 'order.fulfilment_created');
    expect(activities.map((row) => row.new_values)).toEqual([
      expect.objectContaining({ courier: 'Royal Mail Tracked', lines: [{ sku: null, quantity: 1 }] }),
      expect.objectContaining({ courier: 'DPD', shipping_tracking_code: 'DPD-1' }),
    ]);
    const jobs = await queuedJobs<{ channelId: number; orderFulfillmentIds: number[] }>(
      world,
      JOB_NAMES.submitFulfillment,
    );
    expect(jobs.filter((job) => list.data.some((row) => row.id === job.orderFulfillmentIds[0]))).toEqual(
      list.data.map((row) => ({ channelId, orderFulfillmentIds: [row.id] })),
    );
  });

  it('needs a courier when the channel maps none for the shipping method, and checks the input', async () => {
    const [orderId] = await importOrders(world, channelId, 1, () => ({ shipping_method: 'Pigeon post' }));
    const unmapped = await call(world, 'POST', base(orderId!), world.owner, {});
    expect(unmapped).toMatchObject({
      status: 422,
      body: {
        errors: {
          courier: [
            'Choose a courier: the channel has no courier mapping for the shipping method Pigeon post.',
          ],
        },
      },
    });
    const mapped = await call(world, 'POST', base(orderId!), world.owner, {
      shipping_method: 'Royal Mail 48',
    });
    expect(mapped).toMatchObject({ status: 201, body: { data: { courier: 'Royal Mail Tracked' } } });

    const [cancelled] = await importOrders(world, channelId, 1, () => ({ status: 'Cancelled' }));
    expect(await call(world, 'POST', base(cancelled!), world.owner, { courier: 'DPD' })).toMatchObject({
      status: 422,
      body: { message: 'A cancelled order cannot be fulfilled.' },
    });

    const bad = await call(world, 'POST', base(orderId!), world.owner, {
      courier: 'x'.repeat(121),
      lines: [{ order_item_id: 'one', quantity: 0 }],
    });
    expect(bad).toMatchObject({
      status: 422,
      body: {
        errors: {
          courier: ['The courier may not be greater than 120 characters.'],
          'lines.0.order_item_id': ['Choose one of the order’s lines.'],
          'lines.0.quantity': ['The quantity must be a whole number of at least 1.'],
        },
      },
    });
  });

  it('keeps a fulfilment of a channel that takes none as "no fulfilment", and queues nothing', async () => {
    const quiet = await salesChannel(world, world.store, { disable_fulfillment: true });
    const [orderId] = await importOrders(world, quiet.id, 1);
    const before = (await queuedJobs(world, JOB_NAMES.submitFulfillment)).length;
    const created = await call(world, 'POST', base(orderId!), world.owner, { courier: 'DPD' });
    expect(created).toMatchObject({ status: 201, body: { data: { sync_status: NO_FULFILMENT } } });
    expect((await queuedJobs(world, JOB_NAMES.submitFulfillment)).length).toBe(before);
    expect((await world.server.services.models.Order.findByPk(orderId!))!.fulfillment_status).toBe(
      NO_FULFILMENT,
    );
  });

  it('resends failed fulfilments, all or nothing, and never touches another company’s', async () => {
    const { models } = world.server.services;
    const [a, b] = await importOrders(world, channelId, 2);
    const make = async (orderId: number, syncStatus: number) =>
      models.OrderFulfillment.create({
        uuid: `f-${orderId}-${syncStatus}-${Math.random().toString(36).slice(2, 10)}`,
        order_id: orderId,
        courier: 'DPD',
        shipping_method: null,
        shipping_tracking_code: 'T',
        sync_status: syncStatus,
        lines: null,
      });
    const failedA = await make(a!, FAILED);
    const failedB = await make(b!, FAILED);
    const synced = await make(b!, SYNCED);
    await models.Order.update({ fulfillment_status: FAILED }, { where: { id: a! } });

    // Beta's order and its failed fulfilment.
    const betaChannel = await salesChannel(world, world.beta.stores[0]!);
    const [betaOrder] = await importOrders(world, betaChannel.id, 1);
    const betaFailed = await make(betaOrder!, FAILED);

    const mixed = await call(world, 'POST', '/orders/fulfillment/notSynced', world.owner, {
      order_fulfillment_ids: [failedA.id, synced.id],
    });
    expect(mixed.status).toBe(422);
    expect((mixed.body as { message: string }).message).toMatch(
      /^Only failed fulfilments can be resent: .* \(synced\)\.$/,
    );

    const foreign = await call(world, 'POST', '/orders/fulfillment/notSynced', world.owner, {
      order_fulfillment_ids: [failedA.id, betaFailed.id],
    });
    expect(foreign.status).toBe(404);
    const byBeta = await call(world, 'POST', '/orders/fulfillment/notSynced', world.betaOwner, {
      order_fulfillment_ids: [failedA.id],
    });
    expect(byBeta.status).toBe(404);

    const resent = await call(world, 'POST', '/orders/fulfillment/notSynced', world.owner, {
      order_fulfillment_ids: [failedA.id, failedB.id],
    });
    expect(resent).toMatchObject({
      status: 200,
      body: { message: 'The fulfilments will be sent again.', data: { updated: 2 } },
    });
    const after = await models.OrderFulfillment.findAll({
      where: { id: [failedA.id, failedB.id, synced.id, betaFailed.id] },
      order: [['id', 'ASC']],
    });
    expect(after.map((row) => row.sync_status)).toEqual([AWAITING_SEND, AWAITING_SEND, SYNCED, FAILED]);
    expect((await models.Order.findByPk(a!))!.fulfillment_status).toBe(AWAITING_SEND);
    expect(await activitiesOf(world, a!, 'order.fulfilment_resent')).toHaveLength(1);
    expect(await activitiesOf(world, betaOrder!, 'order.fulfilment_resent')).toHaveLength(0);

    const empty = await call(world, 'POST', '/orders/fulfillment/notSynced', world.owner, {
      order_fulfillment_ids: [],
    });
    expect(empty).toMatchObject({
      status: 422,
      body: { errors: { order_fulfillment_ids: ['Choose at least one fulfilment.'] } },
    });
  });

  it('refuses a reader (403) and another company (404)', async () => {
    const [orderId] = await importOrders(world, channelId, 1);
    const reader = (await world.alpha.memberWithToken(['orders.read'])).token;
    expect((await call(world, 'GET', base(orderId!), reader)).status).toBe(200);
    expect((await call(world, 'POST', base(orderId!), reader, { courier: 'DPD' })).status).toBe(403);
    expect(
      (await call(world, 'POST', '/orders/fulfillment/notSynced', reader, { order_fulfillment_ids: [1] }))
        .status,
    ).toBe(403);
    expect((await call(world, 'GET', base(orderId!), world.betaOwner)).status).toBe(404);
    expect((await call(world, 'POST', base(orderId!), world.betaOwner, { courier: 'DPD' })).status).toBe(404);
    // The order of another store of the same company, under this store's path.
    const [elsewhere] = await importOrders(world, (await salesChannel(world, world.otherStore)).id, 1);
    expect((await call(world, 'GET', base(elsewhere!), world.owner)).status).toBe(404);
    expect(await world.server.services.models.OrderFulfillment.count({ where: { order_id: orderId! } })).toBe(
      0,
    );
  });
});
