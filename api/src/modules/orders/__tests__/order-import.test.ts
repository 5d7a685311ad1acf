import { Op } from 'sequelize';
import type { Models, Store } from '../../../db/models';
import type { OrderImportService } from '../../../flows/import-orders/order-import.service';
import { createCompany } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import type { NormalisedOrderInput, OrdersChangedEvent } from '@syncdesk/contracts';
import {
  channelIn,
  importerOf,
  kitIn,
  orderOf,
  productIn,
  quantityOf,
} from '../../../testing/order-import-kit';

/** The one order import service against MySQL, called as the seed and the connectors call it. */
describe('order import (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let store: Store;
  let models: Models;
  let importer: OrderImportService;
  let events: OrdersChangedEvent[];

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'order_import');
    server = await startTestProcess(database.url);
    models = server.services.models;
    const alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    store = alpha.stores[0]!;
    ({ importer, events } = importerOf(server));
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const ordersOf = (channelId: number) =>
    models.Order.findAll({ where: { channel_id: channelId }, order: [['remote_id', 'ASC']] });
  const ledgerOf = (productId: number) =>
    models.StockMovement.findAll({
      where: { product_id: productId, reason: { [Op.in]: ['order', 'cancellation'] } },
      order: [['id', 'ASC']],
    });

  it('imports a batch once: the same batch again writes nothing and takes no stock twice', async () => {
    const cup = await productIn(server, store, 50);
    const channel = await channelIn(server, store, { deduct_stock_via_orders: true });
    const batch = [
      orderOf('A1', [{ sku: cup.sku, quantity: 2 }]),
      orderOf('A2', [{ sku: cup.sku, quantity: 3 }]),
    ];

    const first = await importer.importBatch(channel.id, batch);
    expect(first).toMatchObject({
      imported: true,
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 0,
      skipped: 0,
    });
    expect(first.orderIds).toHaveLength(2);
    expect(await quantityOf(server, cup.id)).toBe(45);
    const stored = await ordersOf(channel.id);
    expect(
      stored.map((order) => [
        order.remote_id,
        order.order_number,
        order.sync_status,
        Number(order.total).toFixed(2),
      ]),
    ).toEqual([
      ['A1', '#A1', 0, '23.95'],
      ['A2', '#A2', 0, '23.95'],
    ]);
    expect(stored[0]!.shipping_country).toBe('GB');
    expect(stored[0]!.customer_email).toBe('ada@example.test');
    expect(stored[0]!.order_date).toEqual(new Date('2026-11-20T10:15:00Z'));
    const items = await models.OrderItem.findAll({ where: { order_id: stored[0]!.id } });
    expect(
      items.map((item) => [
        item.product_sku,
        item.matched_sku,
        item.product_id,
        item.quantity,
        Number(item.total_price).toFixed(2),
      ]),
    ).toEqual([[cup.sku, cup.sku, cup.id, 2, '20.00']]);
    expect(items[0]!.options).toEqual([{ option_name: 'Colour', option_value: 'Blue' }]);
    const activities = await models.Activity.count({
      where: { subject_type: 'order', subject_id: { [Op.in]: first.orderIds }, event: 'order.created' },
    });
    expect(activities).toBe(2);

    const eventsBefore = events.length;
    const again = await importer.importBatch(channel.id, batch);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0, orderIds: [] });
    const after = await ordersOf(channel.id);
    expect(after.map((order) => order.updated_at.getTime())).toEqual(
      stored.map((order) => order.updated_at.getTime()),
    );
    expect(await models.OrderItem.count({ where: { order_id: { [Op.in]: first.orderIds } } })).toBe(2);
    expect(await quantityOf(server, cup.id)).toBe(45);
    expect(await ledgerOf(cup.id)).toHaveLength(2);
    expect(events.length).toBe(eventsBefore);
  });

  it('updates a changed order, says what changed, and marks a synced order updated', async () => {
    const cup = await productIn(server, store, 10);
    const plate = await productIn(server, store, 10);
    const channel = await channelIn(server, store, { deduct_stock_via_orders: true });
    const [id] = (await importer.importBatch(channel.id, [orderOf('B1', [{ sku: cup.sku, quantity: 1 }])]))
      .orderIds;
    // As the sync engine will: the order was sent (its counters move with it).
    await models.Order.update({ sync_status: 2 }, { where: { id: id! } });
    await models.OrderStatusCount.increment('count', {
      by: -1,
      where: { store_id: store.id, sync_status: 0, status: 'Unshipped' },
    });
    await models.OrderStatusCount.upsert({
      store_id: store.id,
      sync_status: 2,
      status: 'Unshipped',
      count: 1,
    });

    const changed = orderOf(
      'B1',
      [
        { sku: cup.sku, quantity: 1 },
        { sku: plate.sku, quantity: 2 },
      ],
      {
        status: 'Shipped',
        shipping_address: {
          name: 'Ada Lovelace',
          line1: '2 Low St',
          city: 'Leeds',
          postcode: 'LS1 1AA',
          country: 'GB',
        },
      },
    );
    const result = await importer.importBatch(channel.id, [changed]);
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 0, orderIds: [id] });

    const order = (await models.Order.findByPk(id!))!;
    expect(order.status).toBe('Shipped');
    expect(order.sync_status).toBe(1);
    expect(order.shipping_address?.city).toBe('Leeds');
    expect(await models.OrderItem.count({ where: { order_id: id! } })).toBe(2);
    // The new line takes stock; the old one is not taken again.
    expect(await quantityOf(server, cup.id)).toBe(9);
    expect(await quantityOf(server, plate.id)).toBe(8);

    const activity = await models.Activity.findOne({
      where: { subject_type: 'order', subject_id: id!, event: 'order.updated' },
    });
    const oldValues = activity!.old_values as Record<string, unknown>;
    const newValues = activity!.new_values as Record<string, unknown>;
    expect(oldValues.status).toBe('Unshipped');
    expect(newValues.status).toBe('Shipped');
    expect(oldValues.sync_status).toBe(2);
    expect(newValues.sync_status).toBe(1);
    expect((newValues.shipping_address as string).includes('Leeds')).toBe(true);
    expect(newValues.lines).toEqual([
      { sku: cup.sku, quantity: 1 },
      { sku: plate.sku, quantity: 2 },
    ]);
  });

  it('applies the order prefix, holds orders when asked and skips orders before the channel date', async () => {
    const channel = await channelIn(server, store, {
      use_order_prefix: true,
      order_prefix: 'EB-',
      auto_hold_orders: true,
      ignore_orders_before: true,
      ignore_orders_before_at: '2026-11-01',
    });
    const result = await importer.importBatch(channel.id, [
      orderOf('C1', [{ sku: null, quantity: 1 }]),
      orderOf('C2', [{ sku: null, quantity: 1 }], { order_date: '2026-10-31T23:00:00Z' }),
    ]);
    expect(result).toMatchObject({ created: 1, skipped: 1 });
    const [order] = await ordersOf(channel.id);
    expect(order!.order_number).toBe('EB-#C1');
    expect(order!.sync_status).toBe(3);
    expect(await models.Order.count({ where: { channel_id: channel.id } })).toBe(1);
  });

  it('imports nothing when the channel does not get orders', async () => {
    const channel = await channelIn(server, store, { get_orders: false });
    const result = await importer.importBatch(channel.id, [orderOf('D1', [{ sku: null, quantity: 1 }])]);
    expect(result.imported).toBe(false);
    expect(result.reason).toMatch(/switched off/);
    expect(result.created).toBe(0);
    expect(await models.Order.count({ where: { channel_id: channel.id } })).toBe(0);
  });

  it('matches lines by SKU, expands kits into components and takes their stock', async () => {
    const mug = await productIn(server, store, 20);
    const lid = await productIn(server, store, 20);
    const kit = await kitIn(server, store, [
      { id: mug.id, sku: mug.sku, units: 1 },
      { id: lid.id, sku: lid.sku, units: 2 },
    ]);
    const channel = await channelIn(server, store, { deduct_stock_via_orders: true });
    const result = await importer.importBatch(channel.id, [
      orderOf('E1', [
        { sku: kit.sku.toLowerCase(), quantity: 3 },
        { sku: 'NO-SUCH-SKU', quantity: 1 },
      ]),
    ]);
    const items = await models.OrderItem.findAll({
      where: { order_id: result.orderIds[0]! },
      order: [['id', 'ASC']],
    });
    expect(items[0]!.matched_sku).toBe(kit.sku);
    expect(items[0]!.product_id).toBe(kit.id);
    expect(items[0]!.kit_items).toEqual([
      { product_id: mug.id, sku: mug.sku, quantity: 1 },
      { product_id: lid.id, sku: lid.sku, quantity: 2 },
    ]);
    expect([items[1]!.matched_sku, items[1]!.product_id, items[1]!.kit_items]).toEqual([null, null, null]);
    expect(await quantityOf(server, mug.id)).toBe(17);
    expect(await quantityOf(server, lid.id)).toBe(14);
  });

  it('does not take stock when the channel does not deduct via orders', async () => {
    const cup = await productIn(server, store, 5);
    const channel = await channelIn(server, store);
    await importer.importBatch(channel.id, [orderOf('F1', [{ sku: cup.sku, quantity: 2 }])]);
    expect(await quantityOf(server, cup.id)).toBe(5);
  });

  it('gives the stock back once when an order becomes cancelled', async () => {
    const cup = await productIn(server, store, 10);
    const lid = await productIn(server, store, 10);
    const kit = await kitIn(server, store, [{ id: lid.id, sku: lid.sku, units: 2 }]);
    const channel = await channelIn(server, store, { deduct_stock_via_orders: true });
    const lines = [
      { sku: cup.sku, quantity: 4 },
      { sku: kit.sku, quantity: 1 },
    ];
    const [id] = (await importer.importBatch(channel.id, [orderOf('G1', lines)])).orderIds;
    expect([await quantityOf(server, cup.id), await quantityOf(server, lid.id)]).toEqual([6, 8]);

    const cancelled = orderOf('G1', lines, { status: 'Cancelled' });
    expect(await importer.importBatch(channel.id, [cancelled])).toMatchObject({ updated: 1 });
    expect([await quantityOf(server, cup.id), await quantityOf(server, lid.id)]).toEqual([10, 10]);
    expect((await models.Order.findByPk(id!))!.sync_status).toBe(14);
    const ledger = await ledgerOf(cup.id);
    expect(ledger.map((movement) => [movement.reason, movement.delta])).toEqual([
      ['order', -4],
      ['cancellation', 4],
    ]);

    // Cancelled again with another change: nothing more is given back.
    await importer.importBatch(channel.id, [{ ...cancelled, tags: ['late'] }]);
    expect(await quantityOf(server, cup.id)).toBe(10);
    expect(await ledgerOf(cup.id)).toHaveLength(2);
  });

  it('takes or gives back the difference, once, when a line quantity changes after it was taken', async () => {
    const cup = await productIn(server, store, 20);
    const plate = await productIn(server, store, 20);
    const channel = await channelIn(server, store, { deduct_stock_via_orders: true });
    const lines = (cups: number, plates: number) => [
      { sku: cup.sku, quantity: cups },
      { sku: plate.sku, quantity: plates },
    ];
    await importer.importBatch(channel.id, [orderOf('Q1', lines(2, 1))]);
    expect([await quantityOf(server, cup.id), await quantityOf(server, plate.id)]).toEqual([18, 19]);

    // Raised: one more cup taken; the same order again (and a later unrelated change) takes nothing.
    const raised = orderOf('Q1', lines(3, 1));
    expect(await importer.importBatch(channel.id, [raised])).toMatchObject({ updated: 1 });
    expect(await importer.importBatch(channel.id, [raised])).toMatchObject({ unchanged: 1 });
    await importer.importBatch(channel.id, [{ ...raised, tags: ['gift'] }]);
    expect([await quantityOf(server, cup.id), await quantityOf(server, plate.id)]).toEqual([17, 19]);

    // Lowered below the first figure: the difference comes back; raised again: taken again.
    await importer.importBatch(channel.id, [orderOf('Q1', lines(1, 1))]);
    expect(await quantityOf(server, cup.id)).toBe(19);
    await importer.importBatch(channel.id, [orderOf('Q1', lines(3, 1))]);
    expect(await quantityOf(server, cup.id)).toBe(17);

    // A line the order no longer has gives back what it took.
    await importer.importBatch(channel.id, [orderOf('Q1', [{ sku: cup.sku, quantity: 3 }])]);
    expect([await quantityOf(server, cup.id), await quantityOf(server, plate.id)]).toEqual([17, 20]);

    expect((await ledgerOf(cup.id)).map((movement) => movement.delta)).toEqual([-2, -1, 2, -2]);
    expect((await ledgerOf(plate.id)).map((movement) => movement.delta)).toEqual([-1, 1]);
  });

  it('keeps the lines that did not change (same ids) and rewrites only the changed one', async () => {
    const channel = await channelIn(server, store);
    const [id] = (
      await importer.importBatch(channel.id, [
        orderOf('R1', [
          { sku: 'R-A', quantity: 1 },
          { sku: 'R-B', quantity: 1 },
        ]),
      ])
    ).orderIds;
    const before = await models.OrderItem.findAll({ where: { order_id: id! }, order: [['id', 'ASC']] });
    await importer.importBatch(channel.id, [
      orderOf('R1', [
        { sku: 'R-A', quantity: 1 },
        { sku: 'R-B', quantity: 4 },
      ]),
    ]);
    const after = await models.OrderItem.findAll({ where: { order_id: id! }, order: [['id', 'ASC']] });
    expect(after.map((item) => [item.id, item.product_sku, item.quantity])).toEqual([
      [before[0]!.id, 'R-A', 1],
      [before[1]!.id, 'R-B', 4],
    ]);
    expect(after[0]!.updated_at).toEqual(before[0]!.updated_at);
  });

  it('takes the stock again, once, when a cancelled order comes back un-cancelled', async () => {
    const lid = await productIn(server, store, 10);
    const kit = await kitIn(server, store, [{ id: lid.id, sku: lid.sku, units: 2 }]);
    const channel = await channelIn(server, store, { deduct_stock_via_orders: true });
    const lines = [{ sku: kit.sku, quantity: 1 }];
    await importer.importBatch(channel.id, [orderOf('U1', lines)]);
    await importer.importBatch(channel.id, [orderOf('U1', lines, { status: 'Cancelled' })]);
    expect(await quantityOf(server, lid.id)).toBe(10);

    const back = orderOf('U1', lines, { status: 'Unshipped', tags: ['reinstated'] });
    expect(await importer.importBatch(channel.id, [back])).toMatchObject({ updated: 1 });
    expect(await quantityOf(server, lid.id)).toBe(8);
    await importer.importBatch(channel.id, [{ ...back, tags: ['reinstated', 'checked'] }]);
    expect(await quantityOf(server, lid.id)).toBe(8);

    // Cancelled a second time: given back once more, and only once.
    await importer.importBatch(channel.id, [orderOf('U1', lines, { status: 'Cancelled' })]);
    await importer.importBatch(channel.id, [orderOf('U1', lines, { status: 'Cancelled', tags: ['x'] })]);
    expect(await quantityOf(server, lid.id)).toBe(10);
    expect((await ledgerOf(lid.id)).map((movement) => [movement.reason, movement.delta])).toEqual([
      ['order', -2],
      ['cancellation', 2],
      ['order', -2],
      ['cancellation', 2],
    ]);
  });

  it('stores a bad order as failed with its reason and imports the rest; one event for the batch', async () => {
    const channel = await channelIn(server, store);
    const before = events.length;
    const result = await importer.importBatch(channel.id, [
      orderOf('H1', [{ sku: null, quantity: 1 }]),
      orderOf('H2', [{ sku: null, quantity: 0 }]),
      { order_number: 'no remote id' },
      orderOf('H3', [{ sku: null, quantity: 1 }]),
    ]);
    expect(result).toMatchObject({ created: 2, failed: 2 });
    expect(result.failures.map((failure) => failure.remote_id)).toEqual([null, 'H2']);
    const stored = await ordersOf(channel.id);
    expect(stored.map((order) => [order.remote_id, order.sync_status])).toEqual([
      ['H1', 0],
      ['H2', 7],
      ['H3', 0],
    ]);
    expect(stored[1]!.failure_reason).toMatch(/lines #1 quantity/);
    expect(stored[1]!.order_number).toBe('#H2');
    expect(result.orderIds.sort()).toEqual(stored.map((order) => order.id).sort());

    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toEqual({ storeId: store.id, orderIds: result.orderIds });

    // The failed order, sent again corrected, is imported and pending.
    const fixed = await importer.importBatch(channel.id, [orderOf('H2', [{ sku: null, quantity: 1 }])]);
    expect(fixed).toMatchObject({ updated: 1 });
    const h2 = (await ordersOf(channel.id))[1]!;
    expect([h2.sync_status, h2.failure_reason]).toEqual([0, null]);
  });

  it('lets an order waiting for its import rules go when its channel cancels it', async () => {
    const channel = await channelIn(server, store);
    const [id] = (await importer.importBatch(channel.id, [orderOf('HELD-1', [{ sku: null, quantity: 1 }])]))
      .orderIds;
    // As a crash between the import's commit and its rules' run leaves it (counters moved along).
    await models.Order.update({ sync_status: 15, held_sync_status: 0 }, { where: { id: id! } });
    await models.OrderStatusCount.increment('count', {
      by: -1,
      where: { store_id: store.id, sync_status: 0, status: 'Unshipped' },
    });
    await models.OrderStatusCount.upsert({
      store_id: store.id,
      sync_status: 15,
      status: 'Unshipped',
      count: 1,
    });

    // Changed but still open: it keeps waiting, held status and all.
    await importer.importBatch(channel.id, [
      orderOf('HELD-1', [{ sku: null, quantity: 1 }], { total: '30.00' }),
    ]);
    let order = (await models.Order.findByPk(id!))!;
    expect([order.sync_status, order.held_sync_status]).toEqual([15, 0]);

    // Cancelled at the channel: cancelled here, and nothing left waiting for rules.
    await importer.importBatch(channel.id, [
      orderOf('HELD-1', [{ sku: null, quantity: 1 }], { total: '30.00', status: 'Cancelled' }),
    ]);
    order = (await models.Order.findByPk(id!))!;
    expect([order.sync_status, order.held_sync_status]).toEqual([14, null]);
    expect(
      await models.OrderStatusCount.findOne({ where: { store_id: store.id, sync_status: 15 } }),
    ).toMatchObject({
      count: 0,
    });
  });

  it("takes an order's stock once when its ledger outlived the order (the order imported again as new)", async () => {
    // A store of its own: the order removed below is not in its status counters.
    const [own] = (await createCompany(server.services, { name: 'Lima', stores: ['Lima UK'] })).stores;
    const cup = await productIn(server, own!, 30);
    const channel = await channelIn(server, own!, { deduct_stock_via_orders: true });
    const batch = [
      orderOf('L1', [{ sku: cup.sku, quantity: 4 }]),
      orderOf('L2', [{ sku: cup.sku, quantity: 1 }]),
    ];
    await importer.importBatch(channel.id, batch);
    expect(await quantityOf(server, cup.id)).toBe(25);
    // The order row gone (removed by hand, a restore), its ledger rows still there.
    await models.Order.destroy({ where: { channel_id: channel.id, remote_id: 'L1' } });

    const again = await importer.importBatch(channel.id, [
      ...batch,
      orderOf('L3', [{ sku: cup.sku, quantity: 2 }]),
    ]);
    expect(again).toMatchObject({ created: 2, unchanged: 1, failed: 0 });
    expect(await quantityOf(server, cup.id)).toBe(23);
    const ledger = await ledgerOf(cup.id);
    expect(ledger.map((movement) => movement.delta)).toEqual([-4, -1, -2]);
    expect(ledger.map((movement) => movement.quantity_after)).toEqual([26, 25, 23]);
  });

  it('keeps one row per order when the same batch is imported twice at once', async () => {
    const cup = await productIn(server, store, 100);
    const channel = await channelIn(server, store, { deduct_stock_via_orders: true });
    const batch = Array.from({ length: 20 }, (_, index) =>
      orderOf(`K${index}`, [{ sku: cup.sku, quantity: 1 }]),
    );
    const [one, two] = await Promise.all([
      importer.importBatch(channel.id, batch),
      importer.importBatch(channel.id, batch),
    ]);
    expect(one.created + two.created).toBe(20);
    expect(one.unchanged + two.unchanged).toBe(20);
    expect(await models.Order.count({ where: { channel_id: channel.id } })).toBe(20);
    expect(await quantityOf(server, cup.id)).toBe(80);
    expect(await ledgerOf(cup.id)).toHaveLength(20);
  });

  it('keeps what rules changed when the channel sends the order again, unless the channel changed that field', async () => {
    const channel = await channelIn(server, store);
    const sent = (extra: Partial<NormalisedOrderInput>) =>
      orderOf('RULED-1', [{ sku: null, quantity: 1 }], {
        tags: ['web'],
        shipping_method: 'Royal Mail 48',
        order_type: null,
        ...extra,
      });
    const [id] = (await importer.importBatch(channel.id, [sent({})])).orderIds;
    // As the rule engine leaves an order it changed: its values, and what the channel had sent.
    await models.Order.update(
      {
        tags: ['web', 'EU'],
        shipping_method: 'DHL Express',
        order_type: 'B2B',
        channel_fields: { tags: ['web'], shipping_method: 'Royal Mail 48', order_type: null },
      },
      { where: { id: id! } },
    );

    // The channel changed the total and its own tags, nothing else: the rules' values stay.
    await importer.importBatch(channel.id, [sent({ total: '30.00', tags: ['web', 'gift'] })]);
    let order = (await models.Order.findByPk(id!))!;
    expect([order.tags, order.shipping_method, order.order_type]).toEqual([
      ['web', 'gift', 'EU'],
      'DHL Express',
      'B2B',
    ]);
    expect(order.channel_fields).toEqual({
      tags: ['web', 'gift'],
      shipping_method: 'Royal Mail 48',
      order_type: null,
    });

    // The customer upgraded the shipping at the shop: the channel's method wins, the rest stays.
    await importer.importBatch(channel.id, [
      sent({ total: '35.00', tags: ['web', 'gift'], shipping_method: 'Next day' }),
    ]);
    order = (await models.Order.findByPk(id!))!;
    expect([order.tags, order.shipping_method, order.order_type]).toEqual([
      ['web', 'gift', 'EU'],
      'Next day',
      'B2B',
    ]);

    // An order no rule changed is taken as the channel sends it.
    const [plain] = (
      await importer.importBatch(channel.id, [orderOf('PLAIN-1', [{ sku: null, quantity: 1 }])])
    ).orderIds;
    await importer.importBatch(channel.id, [
      orderOf('PLAIN-1', [{ sku: null, quantity: 1 }], { tags: ['wholesale'], shipping_method: 'Pallet' }),
    ]);
    const taken = (await models.Order.findByPk(plain!))!;
    expect([taken.tags, taken.shipping_method, taken.channel_fields]).toEqual([
      ['wholesale'],
      'Pallet',
      null,
    ]);
  });

  it('imports two stores side by side without losing or doubling an order or a unit of stock', async () => {
    // The products of both stores are most of the products table: a stock lock or update that
    // scanned instead of reading by id would lock the other store's rows, and the two imports
    // would deadlock on each other. Whatever surfaces from a deadlock, the batch runs again.
    const other = (await createCompany(server.services, { name: 'Beta', stores: ['Beta UK'] })).stores[0]!;
    const sides = await Promise.all(
      [store, other].map(async (owner) => {
        const products = [];
        for (let index = 0; index < 40; index += 1) products.push(await productIn(server, owner, 1000));
        return {
          owner,
          products,
          channel: await channelIn(server, owner, { deduct_stock_via_orders: true }),
        };
      }),
    );
    const batchOf = (side: (typeof sides)[number], batch: number) =>
      Array.from({ length: 40 }, (_, index) =>
        orderOf(
          `S${batch}-${index}`,
          [0, 1, 2].map((line) => ({
            sku: side.products[(index * 3 + line) % side.products.length]!.sku,
            quantity: 1,
            remote_id: `L${line}`,
          })),
          {
            customer: {
              name: `Buyer ${index}`,
              email: `buyer${index}@example.test`,
              phone: null,
              remote_id: null,
            },
          },
        ),
      );
    const results = await Promise.all(
      sides.map(async (side) => {
        const answers = [];
        for (let batch = 0; batch < 6; batch += 1)
          answers.push(await importer.importBatch(side.channel.id, batchOf(side, batch)));
        return answers;
      }),
    );
    for (const [index, side] of sides.entries()) {
      expect(results[index]!.map((result) => [result.created, result.failed])).toEqual(
        Array.from({ length: 6 }, () => [40, 0]),
      );
      expect(await models.Order.count({ where: { channel_id: side.channel.id } })).toBe(240);
      // 6 batches × 40 orders × 3 lines, spread evenly over 40 products: 18 units each, taken once.
      const quantities = await Promise.all(side.products.map((product) => quantityOf(server, product.id)));
      expect(quantities).toEqual(side.products.map(() => 1000 - 18));
      expect(
        await models.StockMovement.count({
          where: { product_id: { [Op.in]: side.products.map((product) => product.id) }, reason: 'order' },
        }),
      ).toBe(720);
    }
    const created = results.flat().flatMap((result) => result.orderIds);
    expect(
      await models.Activity.count({
        where: { subject_type: 'order', subject_id: { [Op.in]: created }, event: 'order.created' },
      }),
    ).toBe(480);
  });

  it('keeps the per-store status counters equal to counting the orders', async () => {
    const [counted] = (await server.services.sequelize.query(
      "SELECT sync_status, COALESCE(status, '') AS status, COUNT(*) AS count FROM orders WHERE store_id = ? GROUP BY sync_status, COALESCE(status, '') ORDER BY sync_status, status",
      { replacements: [store.id] },
    )) as [{ sync_status: number; status: string; count: number }[], unknown];
    const kept = await models.OrderStatusCount.findAll({
      where: { store_id: store.id, count: { [Op.ne]: 0 } },
      order: [
        ['sync_status', 'ASC'],
        ['status', 'ASC'],
      ],
      raw: true,
    });
    expect(counted.length).toBeGreaterThan(3);
    expect(kept.map((row) => [row.sync_status, row.status, row.count])).toEqual(
      counted.map((row) => [row.sync_status, row.status, Number(row.count)]),
    );
  });

  it("keeps the per-day counters (the list's totals under a date range) equal to counting the orders", async () => {
    const { sequelize } = server.services;
    const asMap = (rows: unknown) =>
      Object.fromEntries(
        (rows as { day: string; sync_status: number; status: string; count: number | string }[])
          .map((row) => [`${row.day}|${Number(row.sync_status)}|${row.status}`, Number(row.count)] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    const [kept] = await sequelize.query(
      "SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, sync_status, status, count FROM order_day_counts WHERE store_id = ? AND count <> 0",
      { replacements: [store.id] },
    );
    const [counted] = await sequelize.query(
      "SELECT DATE_FORMAT(DATE(order_date), '%Y-%m-%d') AS day, sync_status, COALESCE(status, '') AS status, COUNT(*) AS count FROM orders WHERE store_id = ? AND order_date IS NOT NULL GROUP BY DATE(order_date), sync_status, COALESCE(status, '')",
      { replacements: [store.id] },
    );
    expect(Object.keys(asMap(counted)).length).toBeGreaterThan(3);
    expect(asMap(kept)).toEqual(asMap(counted));
  });
});
