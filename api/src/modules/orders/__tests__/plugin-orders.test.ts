import type { PluginOrderDto } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import {
  call,
  importOrders,
  plugin,
  salesChannel,
  startActionWorld,
  type ActionWorld,
} from './order-action-kit';

/** `GET plugins/orders/{storeId}`: what each plugin did with the store's orders, against MySQL. */
describe('plugin orders list (mysql)', () => {
  let database: TestDatabase;
  let world: ActionWorld;
  let shipbob: { id: number; name: string };
  let mintsoft: { id: number; name: string };
  let channel: { id: number; name: string };
  let orderIds: number[];

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'plugin_orders');
    world = await startActionWorld(database);
    const { models } = world.server.services;
    channel = await salesChannel(world);
    shipbob = await plugin(world, world.store, true);
    mintsoft = await plugin(world);
    orderIds = await importOrders(world, channel.id, 6, (index) => ({
      order_date: `2026-11-${String(10 + index).padStart(2, '0')}T09:00:00Z`,
    }));
    // Orders 1–4 went to ShipBob (2 synced, 1 failed, 1 pending), order 1 to Mintsoft too.
    await models.PluginOrder.bulkCreate([
      {
        order_id: orderIds[0]!,
        plugin_id: shipbob.id,
        remote_id: 'SB-1',
        sync_status: 2,
        synced_at: new Date('2026-11-20T10:00:00Z'),
      },
      {
        order_id: orderIds[1]!,
        plugin_id: shipbob.id,
        remote_id: 'SB-2',
        sync_status: 2,
        synced_at: new Date('2026-11-21T10:00:00Z'),
      },
      { order_id: orderIds[2]!, plugin_id: shipbob.id, remote_id: null, sync_status: 3, synced_at: null },
      { order_id: orderIds[3]!, plugin_id: shipbob.id, remote_id: null, sync_status: 0, synced_at: null },
      {
        order_id: orderIds[0]!,
        plugin_id: mintsoft.id,
        remote_id: 'MS-77',
        sync_status: 2,
        synced_at: new Date('2026-11-20T11:00:00Z'),
      },
    ]);
    // Another store's plugin order never shows.
    const elsewhere = await salesChannel(world, world.otherStore);
    const [other] = await importOrders(world, elsewhere.id, 1);
    await models.PluginOrder.create({
      order_id: other!,
      plugin_id: (await plugin(world, world.otherStore)).id,
      remote_id: 'X',
      sync_status: 2,
      synced_at: null,
    });
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });

  const list = async (query = '', token = world.owner) => {
    const answer = await call(world, 'GET', `/plugins/orders/${world.store.id}${query}`, token);
    return answer as { status: number; body: { data: PluginOrderDto[]; meta: { total: number } } };
  };

  it('lists one row per order and plugin, newest order first, with names and meta.total', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.meta.total).toBe(5);
    expect(body.data.map((row) => [row.order_id, row.plugin_name, row.sync_status])).toEqual([
      [orderIds[3], shipbob.name, 0],
      [orderIds[2], shipbob.name, 3],
      [orderIds[1], shipbob.name, 2],
      // Same order date: the newer row first.
      [orderIds[0], mintsoft.name, 2],
      [orderIds[0], shipbob.name, 2],
    ]);
    expect(body.data[4]).toMatchObject({
      order_number: expect.any(String),
      channel_id: channel.id,
      channel_name: channel.name,
      plugin_id: shipbob.id,
      remote_id: 'SB-1',
      synced_at: '2026-11-20T10:00:00.000Z',
      order_date: '2026-11-10T09:00:00.000Z',
      order_sync_status: 0,
      customer_name: 'Ada Lovelace',
    });
  });

  it('filters by plugin, sync status and date range, searches, sorts and pages', async () => {
    expect((await list(`?plugin_id[eq]=${mintsoft.id}`)).body.meta.total).toBe(1);
    expect((await list('?sync_status[in]=0,3')).body.data.map((row) => row.order_id)).toEqual([
      orderIds[3],
      orderIds[2],
    ]);
    const range = await list(
      `?order_date[startDate]=${encodeURIComponent('2026-11-11 00:00:00')}&order_date[endDate]=${encodeURIComponent('2026-11-12 23:59:59')}`,
    );
    expect(range.body.data.map((row) => row.order_id)).toEqual([orderIds[2], orderIds[1]]);
    expect((await list('?search=MS-77')).body.data.map((row) => row.plugin_id)).toEqual([mintsoft.id]);
    const number = (await list()).body.data.find((row) => row.order_id === orderIds[1])!.order_number;
    expect(
      (await list(`?search=${encodeURIComponent(number)}&searchBy=order_number`)).body.data.map(
        (row) => row.order_id,
      ),
    ).toEqual([orderIds[1]]);
    const paged = await list('?sort_by=synced_at&sort_direction=desc&per_page=2&page=1');
    expect(paged.body.meta.total).toBe(5);
    expect(paged.body.data.map((row) => row.remote_id)).toEqual(['SB-2', 'MS-77']);
    const bad = await call(world, 'GET', `/plugins/orders/${world.store.id}?colour[eq]=red`, world.owner);
    expect(bad).toMatchObject({
      status: 422,
      body: { errors: { 'colour[eq]': ['The colour field can not be filtered.'] } },
    });
  });

  it('masks the customer for a data-protection role, refuses without orders.read, hides other companies', async () => {
    const protectedToken = (await world.alpha.memberWithToken(['orders.read', 'data_protection'])).token;
    const masked = await list('', protectedToken);
    expect(masked.status).toBe(200);
    expect(masked.body.data.every((row) => row.customer_name === '*****')).toBe(true);
    const noRead = (await world.alpha.memberWithToken(['products.read'])).token;
    expect((await list('', noRead)).status).toBe(403);
    expect((await list('', world.betaOwner)).status).toBe(404);
  });
});
