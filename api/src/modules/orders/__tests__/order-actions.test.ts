import {
  JOB_NAMES,
  ORDER_SYNC_STATUS,
  ORDER_SYNC_TRANSITIONS,
  type OrderSyncStatusKey,
  type OrdersChangedEvent,
} from '@syncdesk/contracts';
import { Op } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { nextEvent } from '@syncdesk/server/testing';
import {
  activitiesOf,
  call,
  callForm,
  countersAndReality,
  dayCountersAndReality,
  importOrders,
  plugin,
  queuedJobs,
  salesChannel,
  setSyncStatus,
  startActionWorld,
  syncStatuses,
  type ActionWorld,
} from './order-action-kit';

const S = Object.fromEntries(ORDER_SYNC_STATUS.entries.map((entry) => [entry.key, entry.value])) as Record<
  OrderSyncStatusKey,
  number
>;

/** The order actions that change a state, over HTTP against MySQL. */
describe('order actions (mysql)', () => {
  let database: TestDatabase;
  let world: ActionWorld;
  let channelId: number;
  let orderNumbers: Map<number, string>;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'order_actions');
    world = await startActionWorld(database);
    channelId = (await salesChannel(world)).id;
    orderNumbers = new Map();
  });
  afterAll(async () => {
    await world?.server.close();
    await database?.drop();
  });

  const path = (suffix: string) => `/orders/${world.store.id}${suffix}`;
  const fresh = async (count: number, syncStatus?: number, extra = {}) => {
    const ids = await importOrders(world, channelId, count, () => extra);
    if (syncStatus !== undefined && syncStatus !== S.pending) await setSyncStatus(world, ids, syncStatus);
    const rows = await world.server.services.models.Order.findAll({ where: { id: { [Op.in]: ids } } });
    for (const row of rows) orderNumbers.set(row.id, row.order_number);
    return ids;
  };
  const expectCountersInStep = async () => {
    const { counters, reality } = await countersAndReality(world, world.store.id);
    expect(counters).toEqual(reality);
    const days = await dayCountersAndReality(world, world.store.id);
    expect(days.counters).toEqual(days.reality);
  };

  it('makes every move of the transition table, with an activity each and the counters in step', async () => {
    for (const [fromKey, targets] of Object.entries(ORDER_SYNC_TRANSITIONS) as [
      OrderSyncStatusKey,
      readonly OrderSyncStatusKey[],
    ][]) {
      for (const toKey of targets) {
        const [id] = await fresh(1, S[fromKey]);
        const answer = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
          action_type: 'order',
          status: S[toKey],
          order_ids: [id],
        });
        expect([fromKey, toKey, answer.status, answer.body]).toEqual([
          fromKey,
          toKey,
          200,
          { message: 'The sync status of the orders was updated.', data: { updated: 1, skipped: 0 } },
        ]);
        expect(await syncStatuses(world, [id!])).toEqual([S[toKey]]);
        const [activity] = await activitiesOf(world, id!, 'order.sync_status_updated');
        expect(activity).toMatchObject({
          old_values: { sync_status: S[fromKey] },
          new_values: { sync_status: S[toKey] },
          source: 'user',
          source_name: 'Alpha Owner',
        });
      }
    }
    await expectCountersInStep();
  });

  it('refuses a move the table forbids with a 422 naming the orders, and changes none of the chosen', async () => {
    const [synced] = await fresh(1, S.synced);
    const [working] = await fresh(1, S.in_progress);
    const [pending] = await fresh(1, S.pending);
    const refused = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      status: S.on_hold,
      order_ids: [synced, working, pending],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: `2 of the chosen orders cannot be set to on hold: ${orderNumbers.get(synced!)} and ${orderNumbers.get(working!)}.`,
      errors: {
        status: [
          `An order that is synced cannot be set to on hold: ${orderNumbers.get(synced!)}.`,
          `An order that is in progress cannot be set to on hold: ${orderNumbers.get(working!)}.`,
        ],
      },
    });
    expect(await syncStatuses(world, [synced!, working!, pending!])).toEqual([
      S.synced,
      S.in_progress,
      S.pending,
    ]);

    const [cancelled] = await fresh(1, S.cancelled);
    const final = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      status: S.pending,
      order_ids: [cancelled],
    });
    expect(final.status).toBe(422);
    expect((final.body as { errors: { status: string[] } }).errors.status).toEqual([
      `An order that is cancelled cannot be set to pending: ${orderNumbers.get(cancelled!)}.`,
    ]);
    await expectCountersInStep();
  });

  it('names at most 20 refused orders, then says how many more', async () => {
    const ids = await fresh(23, S.synced);
    const answer = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      status: S.excluded,
      order_ids: ids.join(','),
    });
    expect(answer.status).toBe(422);
    expect((answer.body as { message: string }).message).toMatch(/^23 of the chosen orders .* and 3 more\.$/);
  });

  it('answers bad input in the user’s words', async () => {
    const answer = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      action_type: 'robot',
      status: 'soon',
      order_ids: ['x'],
    });
    expect(answer.status).toBe(422);
    expect((answer.body as { errors: Record<string, string[]> }).errors).toMatchObject({
      action_type: ['The action type must be order, plugin or webhook.'],
      status: ['The status must be one of the sync statuses.'],
      'order_ids.0': ['Each order id must be a whole number.'],
    });
    const nothing = await call(world, 'POST', path('/updateSyncStatus'), world.owner, { status: S.on_hold });
    expect(nothing.status).toBe(422);
    expect((nothing.body as { message: string }).message).toBe(
      'Choose the orders to change: select them, give their ids, upload a file of ids or choose all matching.',
    );
    const [mine] = await fresh(1);
    const [elsewhere] = await importOrders(world, (await salesChannel(world, world.otherStore)).id, 1);
    const strangers = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      status: S.on_hold,
      order_ids: [mine, elsewhere, 999999999],
    });
    expect(strangers.status).toBe(422);
    expect((strangers.body as { errors: Record<string, string[]> }).errors.order_ids).toEqual([
      `No order of this store has the id ${elsewhere} and 999999999.`,
    ]);
    expect(await syncStatuses(world, [mine!, elsewhere!])).toEqual([S.pending, S.pending]);
  });

  it('takes a multipart form with a file of order numbers, remote ids or ids', async () => {
    const ids = await fresh(4);
    const remote = await world.server.services.models.Order.findAll({
      where: { id: { [Op.in]: ids } },
      order: [['id', 'ASC']],
    });
    const socket = world.server.connect(world.owner);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const event = nextEvent<OrdersChangedEvent>(socket, 'orders:changed');

    // A CSV with a header naming the column; first column only, quotes allowed.
    const csv = `order_number,total\r\n"${remote[0]!.order_number}",23.95\r\n${remote[1]!.order_number};x\r\n\r\n`;
    const byNumber = await callForm(
      world,
      path('/updateSyncStatus'),
      world.owner,
      { action_type: 'order', status: String(S.on_hold) },
      {
        name: 'orders.csv',
        content: csv,
      },
    );
    expect(byNumber).toMatchObject({ status: 200, body: { data: { updated: 2, skipped: 0 } } });
    expect((await event).orderIds.sort()).toEqual([ids[0], ids[1]].sort());

    // No header: an order number, a remote id and one of our ids, with order_ids[] beside the file.
    const plain = `${remote[2]!.remote_id}\n${ids[3]}\n`;
    const mixed = await callForm(
      world,
      path('/updateSyncStatus'),
      world.owner,
      { status: String(S.excluded), 'order_ids[]': [String(ids[0])] },
      { name: 'ids.txt', content: plain, type: 'text/plain' },
    );
    expect(mixed).toMatchObject({ status: 200, body: { data: { updated: 3 } } });
    expect(await syncStatuses(world, ids)).toEqual([S.excluded, S.on_hold, S.excluded, S.excluded]);

    const unknown = await callForm(
      world,
      path('/updateSyncStatus'),
      world.owner,
      { status: String(S.pending) },
      {
        name: 'ids.csv',
        content: `${remote[0]!.order_number}\nNOPE-1\nNOPE-2\n`,
      },
    );
    expect(unknown).toMatchObject({
      status: 422,
      body: { errors: { file: ['No order of this store matches NOPE-1 and NOPE-2.'] } },
    });
    expect(await syncStatuses(world, [ids[0]!])).toEqual([S.excluded]);

    const empty = await callForm(
      world,
      path('/updateSyncStatus'),
      world.owner,
      { status: String(S.pending) },
      {
        name: 'empty.csv',
        content: 'order_number\n\n',
      },
    );
    expect(empty).toMatchObject({
      status: 422,
      body: { errors: { file: ['The file has no order ids in it.'] } },
    });
    const binary = await callForm(
      world,
      path('/updateSyncStatus'),
      world.owner,
      { status: String(S.pending) },
      {
        name: 'photo.png',
        content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff]),
        type: 'image/png',
      },
    );
    expect(binary).toMatchObject({
      status: 422,
      body: {
        errors: { file: ['The file must be a CSV or text file with one order id or order number per line.'] },
      },
    });
    // Many ids as repeated form fields: every one counts.
    const many = await fresh(250);
    const repeated = await callForm(world, path('/updateSyncStatus'), world.owner, {
      status: String(S.on_hold),
      'order_ids[]': many.map(String),
    });
    expect(repeated).toMatchObject({ status: 200, body: { data: { updated: 250 } } });

    const big = await callForm(
      world,
      path('/updateSyncStatus'),
      world.owner,
      { status: String(S.pending) },
      {
        name: 'big.csv',
        content: 'x'.repeat(2 * 1024 * 1024 + 10),
      },
    );
    expect(big).toMatchObject({
      status: 422,
      body: { errors: { file: ['The file may not be greater than 2 MB.'] } },
    });
    await expectCountersInStep();
  });

  it('changes all matching orders by the list’s filters, in chunks, counting what the rules skip', async () => {
    const channel = await salesChannel(world);
    const ids = await importOrders(world, channel.id, 2500);
    const synced = ids.slice(0, 300);
    await setSyncStatus(world, synced, S.synced);
    const elsewhere = await fresh(3);

    const answer = await call(
      world,
      'POST',
      `${path('/updateSyncStatus')}?channel_id[eq]=${channel.id}`,
      world.owner,
      {
        all: 1,
        status: S.on_hold,
      },
    );
    expect(answer).toMatchObject({ status: 200, body: { data: { updated: 2200, skipped: 300 } } });
    const counts = await world.server.services.models.Order.count({
      where: { channel_id: channel.id, sync_status: S.on_hold },
    });
    expect(counts).toBe(2200);
    expect(await syncStatuses(world, elsewhere)).toEqual([S.pending, S.pending, S.pending]);
    expect(
      await world.server.services.models.Activity.count({
        where: { subject_type: 'order', subject_id: { [Op.in]: ids }, event: 'order.sync_status_updated' },
      }),
    ).toBe(2200);

    // Filters in a multipart form too; and when none of the matching orders may move: 422.
    const none = await callForm(world, path('/updateSyncStatus'), world.owner, {
      all: '1',
      status: String(S.on_hold),
      'channel_id[eq]': String(channel.id),
      'sync_status[eq]': String(S.synced),
    });
    expect(none).toMatchObject({
      status: 422,
      body: { message: 'None of the 300 matching orders can be set to on hold.' },
    });
    const nothing = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      all: true,
      status: S.pending,
      'channel_id[eq]': channel.id,
      'sync_status[eq]': S.failed,
    });
    expect(nothing).toMatchObject({ status: 422, body: { message: 'No orders match the filters.' } });
    const both = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      all: 1,
      order_ids: [ids[0]],
      status: 0,
    });
    expect(both).toMatchObject({
      status: 422,
      body: { errors: { all: ['Choose either all matching orders or some orders, not both.'] } },
    });
    // The list's search (a prefix of the order number) selects as the list does.
    const searched = await fresh(3);
    const prefix = orderNumbers.get(searched[0]!)!.replace(/\d+$/, '');
    const bySearch = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      all: 1,
      status: S.excluded,
      search: prefix,
    });
    expect(bySearch).toMatchObject({ status: 200, body: { data: { updated: 3, skipped: 0 } } });
    expect(await syncStatuses(world, searched)).toEqual([S.excluded, S.excluded, S.excluded]);
    const badFilter = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      all: 1,
      status: 0,
      'colour[eq]': 'red',
    });
    expect(badFilter).toMatchObject({
      status: 422,
      body: { errors: { 'colour[eq]': ['The colour field can not be filtered.'] } },
    });
    await expectCountersInStep();
  });

  it('changes a plugin’s and a webhook’s state of the orders (action_type plugin / webhook)', async () => {
    const { models } = world.server.services;
    const wms = await plugin(world, world.store, true);
    const other = await plugin(world);
    const [sent, working, never] = await fresh(3);
    await models.PluginOrder.bulkCreate([
      { order_id: sent!, plugin_id: wms.id, remote_id: 'W-1', sync_status: 2, synced_at: new Date() },
      { order_id: working!, plugin_id: wms.id, remote_id: null, sync_status: 1, synced_at: null },
      { order_id: sent!, plugin_id: other.id, remote_id: 'X-1', sync_status: 2, synced_at: new Date() },
    ]);
    await models.Order.update({ plugin_sync_status: 2 }, { where: { id: sent! } });

    const refused = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      action_type: 'plugin',
      plugin_id: wms.id,
      status: 0,
      order_ids: [sent, working, never],
    });
    expect(refused.status).toBe(422);
    expect((refused.body as { errors: { status: string[] } }).errors.status).toEqual([
      `An order that is in progress in ${wms.name} cannot be set to pending: ${orderNumbers.get(working!)}.`,
      `These orders have not been sent to ${wms.name}: ${orderNumbers.get(never!)}.`,
    ]);
    const resent = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      action_type: 'plugin',
      plugin_id: wms.id,
      status: 0,
      order_ids: [sent],
    });
    expect(resent).toMatchObject({ status: 200, body: { data: { updated: 1 } } });
    const rows = await models.PluginOrder.findAll({
      where: { order_id: sent! },
      order: [['plugin_id', 'ASC']],
    });
    expect(rows.map((row) => [row.plugin_id, row.sync_status])).toEqual([
      [wms.id, 0],
      [other.id, 2],
    ]);
    expect((await models.Order.findByPk(sent!))!.plugin_sync_status).toBe(0);
    expect(await activitiesOf(world, sent!, 'order.plugin_sync_status_updated')).toHaveLength(1);

    const notMine = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      action_type: 'plugin',
      plugin_id: (await plugin(world, world.otherStore)).id,
      status: 0,
      order_ids: [sent],
    });
    expect(notMine).toMatchObject({
      status: 422,
      body: { errors: { plugin_id: ['The plugin must be one of the store’s plugins.'] } },
    });

    const hook = await models.Webhook.create({
      uuid: `hook-${Date.now()}`,
      company_id: world.store.company_id,
      store_id: world.store.id,
      name: 'ERP hook',
      event: 'orders.received',
      method: 'POST',
      url: 'https://erp.example.test/hook',
      auth_header_name: null,
      auth_secret: null,
    });
    await models.WebhookOrder.create({
      order_id: sent!,
      webhook_id: hook.id,
      remote_id: null,
      sync_status: 1,
      synced_at: new Date(),
    });
    const again = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      action_type: 'webhook',
      webhook_id: hook.id,
      status: 0,
      order_ids: [sent],
    });
    expect(again).toMatchObject({ status: 200, body: { data: { updated: 1 } } });
    const twice = await call(world, 'POST', path('/updateSyncStatus'), world.owner, {
      action_type: 'webhook',
      webhook_id: hook.id,
      status: 0,
      order_ids: [sent],
    });
    expect(twice).toMatchObject({
      status: 422,
      body: {
        errors: {
          status: [
            `An order that is pending for the webhook ERP hook cannot be set to pending: ${orderNumbers.get(sent!)}.`,
          ],
        },
      },
    });
    expect((await models.WebhookOrder.findOne({ where: { order_id: sent! } }))!.sync_status).toBe(0);
  });

  it('resends orders to their plugins, one or many, all or nothing', async () => {
    const { models } = world.server.services;
    const wms = await plugin(world, world.store, true);
    const [failed, synced, working, bare] = await fresh(4);
    await models.PluginOrder.bulkCreate([
      { order_id: failed!, plugin_id: wms.id, remote_id: null, sync_status: 3, synced_at: null },
      { order_id: synced!, plugin_id: wms.id, remote_id: 'W-2', sync_status: 2, synced_at: new Date() },
      { order_id: working!, plugin_id: wms.id, remote_id: null, sync_status: 1, synced_at: null },
    ]);
    const one = await call(world, 'PUT', path(`/${failed}/updatePluginSyncStatus`), world.owner, {});
    expect(one).toMatchObject({
      status: 200,
      body: { message: 'The orders will be sent again.', data: { updated: 1 } },
    });
    expect((await models.PluginOrder.findOne({ where: { order_id: failed! } }))!.sync_status).toBe(0);

    const refused = await call(world, 'PUT', path('/bulkUpdatePluginSyncStatus'), world.owner, {
      order_ids: [synced, working, bare],
    });
    expect(refused.status).toBe(422);
    expect((refused.body as { message: string }).message).toBe(
      `These orders cannot be resent to a plugin: ${orderNumbers.get(working!)} and ${orderNumbers.get(bare!)}. An order can be resent once the plugin has it, failed it or it was excluded.`,
    );
    expect((await models.PluginOrder.findOne({ where: { order_id: synced! } }))!.sync_status).toBe(2);

    const bulk = await call(world, 'PUT', path('/bulkUpdatePluginSyncStatus'), world.owner, {
      order_ids: [synced],
      plugin_id: wms.id,
    });
    expect(bulk).toMatchObject({ status: 200, body: { data: { updated: 1 } } });
    expect((await models.PluginOrder.findOne({ where: { order_id: synced! } }))!.sync_status).toBe(0);
    expect((await models.Order.findByPk(synced!))!.plugin_sync_status).toBe(0);
    const empty = await call(world, 'PUT', path('/bulkUpdatePluginSyncStatus'), world.owner, {
      order_ids: [],
    });
    expect(empty).toMatchObject({
      status: 422,
      body: { errors: { order_ids: ['Choose at least one order.'] } },
    });
  });

  it('resends an excluded order, and with force_resend also to the plugins and webhooks that had it', async () => {
    const { models } = world.server.services;
    const wms = await plugin(world);
    const [plain, forced, notExcluded] = await fresh(3, S.excluded);
    await setSyncStatus(world, [notExcluded!], S.synced);
    for (const id of [plain!, forced!]) {
      await models.PluginOrder.create({
        order_id: id,
        plugin_id: wms.id,
        remote_id: 'W',
        sync_status: 2,
        synced_at: new Date(),
      });
    }

    const refused = await call(world, 'PUT', path(`/${notExcluded}/resendTheExcludedOrder`), world.owner);
    expect(refused).toMatchObject({
      status: 422,
      body: {
        message: `Order ${orderNumbers.get(notExcluded!)} is synced, not excluded: only an excluded order can be resent this way.`,
      },
    });

    expect((await call(world, 'PUT', path(`/${plain}/resendTheExcludedOrder`), world.owner)).status).toBe(
      200,
    );
    expect(
      (await call(world, 'PUT', path(`/${forced}/resendTheExcludedOrder?force_resend=1`), world.owner))
        .status,
    ).toBe(200);
    expect(await syncStatuses(world, [plain!, forced!])).toEqual([S.pending, S.pending]);
    const states = await models.PluginOrder.findAll({
      where: { order_id: { [Op.in]: [plain!, forced!] } },
      order: [['order_id', 'ASC']],
    });
    expect(states.map((row) => row.sync_status)).toEqual([2, 0]);
    const [activity] = await activitiesOf(world, forced!, 'order.excluded_resent');
    expect(activity!.new_values).toEqual({
      sync_status: S.pending,
      force_resend: true,
      plugins: 1,
      webhooks: 0,
    });
    const twice = await call(world, 'PUT', path(`/${plain}/resendTheExcludedOrder`), world.owner);
    expect(twice.status).toBe(422);
    await expectCountersInStep();
  });

  it('moves a click-and-collect order forward only: ready for pickup, then picked up', async () => {
    const [pickup] = await fresh(1, undefined, { order_type: 'pickup' });
    const [shipped] = await fresh(1);
    const send = (id: number, action: string) =>
      call(world, 'PUT', path(`/${id}/sendPickupOrder`), world.owner, { action });

    expect(await send(shipped!, 'Mark as Ready For Pickup')).toMatchObject({
      status: 422,
      body: { errors: { action: [`Order ${orderNumbers.get(shipped!)} is not a click-and-collect order.`] } },
    });
    expect(await send(pickup!, 'Mark as Picked Up')).toMatchObject({
      status: 422,
      body: {
        message: `Mark order ${orderNumbers.get(pickup!)} as Ready For Pickup before marking it as Picked Up.`,
      },
    });
    expect(await send(pickup!, 'Mark as Ready For Pickup')).toMatchObject({
      status: 200,
      body: {
        data: {
          order_id: pickup,
          pickup_status: 'ready_for_pickup',
          pickup_sync_status: 1,
          next_action: 'Mark as Picked Up',
        },
      },
    });
    expect(await send(pickup!, 'ready_for_pickup')).toMatchObject({
      status: 422,
      body: { message: `Order ${orderNumbers.get(pickup!)} is ready for pickup already.` },
    });
    expect(await send(pickup!, 'Mark as Picked Up')).toMatchObject({
      status: 200,
      body: { data: { pickup_status: 'picked_up', next_action: null } },
    });
    expect(await send(pickup!, 'Mark as Ready For Pickup')).toMatchObject({
      status: 422,
      body: { message: `Order ${orderNumbers.get(pickup!)} has already been picked up.` },
    });
    expect(await send(pickup!, 'Ship it')).toMatchObject({
      status: 422,
      body: { errors: { action: ['The action must be Mark as Ready For Pickup or Mark as Picked Up.'] } },
    });
    const jobs = await queuedJobs<{ orderId: number; pickupStatus: string }>(world, JOB_NAMES.pickupOrder);
    expect(jobs.filter((job) => job.orderId === pickup).map((job) => job.pickupStatus)).toEqual([
      'ready_for_pickup',
      'picked_up',
    ]);
    expect(
      (await activitiesOf(world, pickup!, 'order.pickup_status_updated')).map((row) => row.new_values),
    ).toEqual([{ pickup_status: 'ready_for_pickup' }, { pickup_status: 'picked_up' }]);
  });

  it('refuses a reader (403) and another company (404), changing nothing', async () => {
    const [id] = await fresh(1);
    const reader = (await world.alpha.memberWithToken(['orders.read'])).token;
    const attempts: [string, string, unknown][] = [
      ['POST', path('/updateSyncStatus'), { status: S.on_hold, order_ids: [id] }],
      ['PUT', path('/bulkUpdatePluginSyncStatus'), { order_ids: [id] }],
      ['PUT', path(`/${id}/updatePluginSyncStatus`), {}],
      ['PUT', path(`/${id}/resendTheExcludedOrder`), {}],
      ['PUT', path(`/${id}/sendPickupOrder`), { action: 'Mark as Ready For Pickup' }],
    ];
    for (const [method, url, body] of attempts) {
      expect([url, (await call(world, method, url, reader, body)).status]).toEqual([url, 403]);
      expect([url, (await call(world, method, url, world.betaOwner, body)).status]).toEqual([url, 404]);
    }
    // Beta's own store, Alpha's order id: not found either.
    const betaPath = `/orders/${world.beta.stores[0]!.id}`;
    expect(
      (await call(world, 'PUT', `${betaPath}/${id}/resendTheExcludedOrder`, world.betaOwner)).status,
    ).toBe(404);
    expect(
      (
        await call(world, 'POST', `${betaPath}/updateSyncStatus`, world.betaOwner, {
          status: S.on_hold,
          order_ids: [id],
        })
      ).status,
    ).toBe(422);
    expect(await syncStatuses(world, [id!])).toEqual([S.pending]);
    await expectCountersInStep();
  });
});
