import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import {
  call,
  callForm,
  countersAndReality,
  importOrders,
  plugin,
  salesChannel,
  startActionWorld,
  syncStatuses,
  type ActionWorld,
} from './order-action-kit';

const PENDING = 0;
const ON_HOLD = 3;
const EXCLUDED = 6;

/** The same calls on SQLite (the demo and e2e database): one pass over each kind of write. */
describe('order actions (sqlite smoke)', () => {
  let database: TestDatabase;
  let world: ActionWorld;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'order_actions');
    world = await startActionWorld(database);
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });

  it('changes sync statuses (ids, a file, all matching), fulfils, and lists plugin orders', async () => {
    const channel = await salesChannel(world);
    const ids = await importOrders(world, channel.id, 30);
    const path = `/orders/${world.store.id}`;

    const byIds = await call(world, 'POST', `${path}/updateSyncStatus`, world.owner, {
      status: ON_HOLD,
      order_ids: ids.slice(0, 2),
    });
    expect(byIds).toMatchObject({ status: 200, body: { data: { updated: 2 } } });
    const byFile = await callForm(
      world,
      `${path}/updateSyncStatus`,
      world.owner,
      { status: String(EXCLUDED) },
      {
        name: 'ids.txt',
        content: `id\n${ids[2]}\n${ids[3]}\n`,
      },
    );
    expect(byFile).toMatchObject({ status: 200, body: { data: { updated: 2 } } });
    const all = await call(world, 'POST', `${path}/updateSyncStatus`, world.owner, {
      all: 1,
      status: ON_HOLD,
      'channel_id[eq]': channel.id,
    });
    // The pending ones move; on hold → on hold is no move and excluded → on hold is not allowed.
    expect(all).toMatchObject({ status: 200, body: { data: { updated: 26, skipped: 4 } } });
    expect(await syncStatuses(world, ids.slice(0, 5))).toEqual([
      ON_HOLD,
      ON_HOLD,
      EXCLUDED,
      EXCLUDED,
      ON_HOLD,
    ]);
    const { counters, reality } = await countersAndReality(world, world.store.id);
    expect(counters).toEqual(reality);

    const fulfilment = await call(world, 'POST', `${path}/${ids[0]}/fulfillments`, world.owner, {
      courier: 'DPD',
    });
    expect(fulfilment).toMatchObject({
      status: 201,
      body: { data: { courier: 'DPD', sync_status: PENDING } },
    });

    const wms = await plugin(world);
    await world.server.services.models.PluginOrder.create({
      order_id: ids[0]!,
      plugin_id: wms.id,
      remote_id: 'W-1',
      sync_status: 2,
      synced_at: new Date(),
    });
    const listed = await call(world, 'GET', `/plugins/orders/${world.store.id}?search=W-1`, world.owner);
    expect(listed).toMatchObject({
      status: 200,
      body: { meta: { total: 1 }, data: [{ order_id: ids[0], plugin_name: wms.name }] },
    });
  });
});
