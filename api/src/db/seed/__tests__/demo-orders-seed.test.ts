import { Op } from 'sequelize';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';

const DEMO = {
  DEMO_SEED: 'on',
  DEMO_ADMIN_EMAIL: 'admin@orders-seed.test',
  DEMO_SELLER_EMAIL: 'seller@orders-seed.test',
  DEMO_OTHER_EMAIL: 'other@orders-seed.test',
};

describe.each(TEST_DIALECTS)('demo orders (%s)', (dialect) => {
  let database: TestDatabase;
  let running: TestProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'demo_orders');
    running = await startTestProcess(database.url, DEMO);
  });
  afterAll(async () => {
    await running?.close();
    await database?.drop();
  });

  it('gives the demo store a few hundred orders of every kind, purchase orders and invoices', async () => {
    const { models } = running!.services;
    const store = (await models.Store.findOne({ where: { name: 'Acme UK' } }))!;
    const orders = await models.Order.findAll({ where: { store_id: store.id } });
    expect(orders.length).toBeGreaterThanOrEqual(290);
    expect(orders.length).toBeLessThanOrEqual(320);

    const channels = await models.Channel.findAll({ where: { store_id: store.id } });
    const salesChannels = new Set(orders.map((order) => order.channel_id));
    expect(salesChannels.size).toBeGreaterThanOrEqual(3);
    expect(channels.some((channel) => channel.kind === 'accounting' && channel.type === 'xero')).toBe(true);

    const statuses = new Set(orders.map((order) => order.status));
    for (const status of ['Unshipped', 'Shipped', 'PartiallyShipped', 'Cancelled', 'Refunded'])
      expect(statuses).toContain(status);
    const sync = (value: number) => orders.filter((order) => order.sync_status === value).length;
    expect(sync(7)).toBeGreaterThanOrEqual(3); // failed records, with their reason
    expect(orders.filter((order) => order.sync_status === 7).every((order) => !!order.failure_reason)).toBe(
      true,
    );
    expect(sync(6)).toBeGreaterThanOrEqual(3); // excluded
    expect(sync(3)).toBeGreaterThanOrEqual(2); // on hold
    expect(sync(2)).toBeGreaterThan(100); // sent to the warehouse
    expect(sync(14)).toBeGreaterThan(5); // cancelled

    // Dates over the last 90 days.
    const dates = orders.filter((order) => order.order_date).map((order) => order.order_date!.getTime());
    expect(Math.min(...dates)).toBeGreaterThan(Date.now() - 91 * 86_400_000);
    expect(Math.max(...dates)).toBeLessThanOrEqual(Date.now());

    // Kits expanded, options kept, fulfilments with tracking.
    const items = await models.OrderItem.findAll({
      where: { order_id: { [Op.in]: orders.map((o) => o.id) } },
    });
    expect(items.some((item) => Array.isArray(item.kit_items) && item.kit_items.length > 1)).toBe(true);
    expect(items.some((item) => (item.options ?? []).length > 0)).toBe(true);
    const fulfilments = await models.OrderFulfillment.findAll({
      where: { order_id: { [Op.in]: orders.map((o) => o.id) } },
    });
    expect(fulfilments.length).toBeGreaterThan(100);
    expect(
      fulfilments.every((fulfilment) => !!fulfilment.shipping_tracking_code && !!fulfilment.courier),
    ).toBe(true);
    expect(fulfilments.some((fulfilment) => Array.isArray(fulfilment.lines))).toBe(true);

    // The counters agree with the rows (every writer moved them).
    const counts = await models.OrderStatusCount.findAll({ where: { store_id: store.id } });
    const counted = new Map(counts.map((row) => [`${row.sync_status}|${row.status}`, row.count]));
    const actual = new Map<string, number>();
    for (const order of orders) {
      const key = `${order.sync_status}|${order.status ?? ''}`;
      actual.set(key, (actual.get(key) ?? 0) + 1);
    }
    for (const [key, value] of actual) expect([key, counted.get(key)]).toEqual([key, value]);

    // Stock: taken by the web shop's orders, never driven absurdly negative.
    const products = await models.Product.findAll({ where: { store_id: store.id, type: 'product' } });
    expect(Math.min(...products.map((product) => product.quantity))).toBeGreaterThanOrEqual(-2);
    expect(
      await models.StockMovement.count({ where: { store_id: store.id, reason: 'order' } }),
    ).toBeGreaterThan(100);

    // Purchase orders awaiting acknowledgement: one due within hours, one overdue.
    const purchaseOrders = await models.ConfirmationOrder.findAll({ where: { store_id: store.id } });
    expect(purchaseOrders.length).toBe(8);
    const deadlines = purchaseOrders.map((order) => order.acknowledge_by!.getTime() - Date.now());
    expect(deadlines.some((left) => left < 0)).toBe(true);
    expect(deadlines.some((left) => left > 0 && left < 6 * 3_600_000)).toBe(true);
    expect(purchaseOrders.every((order) => order.acknowledge_sync_status === 'pending')).toBe(true);

    const invoices = await models.Invoice.findAll({ where: { store_id: store.id } });
    expect(invoices.length).toBe(20);
    expect(invoices.every((invoice) => Number(invoice.total) > 0)).toBe(true);

    // The seller's exclusions and holds went through the order actions: their activities name her.
    expect(
      await models.Activity.count({ where: { subject_type: 'order', user_id: { [Op.ne]: null } } }),
    ).toBe(sync(6) + sync(3));

    // Activities were recorded by the import.
    expect(
      await models.Activity.count({ where: { subject_type: 'order', event: 'order.updated' } }),
    ).toBeGreaterThan(5);
  });

  it('does not seed a second history when the process starts again on the same database', async () => {
    await running!.close();
    running = await startTestProcess(database.url, DEMO);
    const { models } = running.services;
    const store = (await models.Store.findOne({ where: { name: 'Acme UK' } }))!;
    const orders = await models.Order.count({ where: { store_id: store.id } });
    expect(orders).toBeLessThanOrEqual(320);
    expect(await models.Channel.count({ where: { store_id: store.id, name: 'Acme eBay' } })).toBe(1);
    expect(await models.ConfirmationOrder.count({ where: { store_id: store.id } })).toBe(8);
  });
});
