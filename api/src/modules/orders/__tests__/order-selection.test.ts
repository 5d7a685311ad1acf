import { ORDER_SYNC_STATUS, type OrderSelectionDto, type OrderSyncStatusKey } from '@syncdesk/contracts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import {
  call,
  importOrders,
  salesChannel,
  startActionWorld,
  syncStatuses,
  type ActionWorld,
} from './order-action-kit';

const S = Object.fromEntries(ORDER_SYNC_STATUS.entries.map((entry) => [entry.key, entry.value])) as Record<
  OrderSyncStatusKey,
  number
>;

/** "Select all N" then a bulk action, while orders keep arriving: the action reaches the N chosen. */
describe.each(TEST_DIALECTS)('a frozen "all matching" selection (%s)', (dialect) => {
  let database: TestDatabase;
  let world: ActionWorld;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'order_selection');
    world = await startActionWorld(database);
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });

  const path = (suffix: string) => `/orders/${world.store.id}${suffix}`;

  it('applies a bulk action to the orders chosen, not to those that arrived after', async () => {
    const channel = await salesChannel(world);
    const chosen = await importOrders(world, channel.id, 5);

    const frozen = await call(
      world,
      'GET',
      `${path('/selection')}?channel_id[eq]=${channel.id}`,
      world.owner,
    );
    expect(frozen).toEqual({ status: 200, body: { data: { count: 5, up_to_id: Math.max(...chosen) } } });
    const { up_to_id } = (frozen.body as { data: OrderSelectionDto }).data;

    // Live orders arrive while the seller reads the confirmation.
    const arrived = await importOrders(world, channel.id, 2);

    const answer = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      all: 1,
      status: S.on_hold,
      'channel_id[eq]': channel.id,
      up_to_id,
    });
    expect(answer).toMatchObject({ status: 200, body: { data: { updated: 5, skipped: 0 } } });
    expect(await syncStatuses(world, chosen)).toEqual(chosen.map(() => S.on_hold));
    expect(await syncStatuses(world, arrived)).toEqual([S.pending, S.pending]);

    // The bound goes with the list's filters: here nothing chosen is still pending.
    const none = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      all: 1,
      status: S.excluded,
      'channel_id[eq]': channel.id,
      'sync_status[eq]': S.pending,
      up_to_id,
    });
    expect(none).toMatchObject({ status: 422, body: { message: 'No orders match the filters.' } });
    expect(await syncStatuses(world, arrived)).toEqual([S.pending, S.pending]);
  });

  it('says none match with no id, refuses a bad bound, and answers 404 for another company’s store', async () => {
    const empty = await call(world, 'GET', `${path('/selection')}?search=no-such-order`, world.owner);
    expect(empty).toEqual({ status: 200, body: { data: { count: 0, up_to_id: null } } });

    const bad = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      all: 1,
      status: S.on_hold,
      up_to_id: 'latest',
    });
    expect(bad).toMatchObject({
      status: 422,
      body: { errors: { up_to_id: ['The selection’s last order id must be a whole number.'] } },
    });

    const foreign = await call(world, 'GET', path('/selection'), world.betaOwner);
    expect(foreign.status).toBe(404);
  });
});
