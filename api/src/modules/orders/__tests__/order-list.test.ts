import { randomUUID } from 'node:crypto';
import type { NormalisedOrderInput, OrderCountGroupByStatusDto, OrderDto } from '@syncdesk/contracts';
import type { Order } from '../../../db/order.models';
import type { Store } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type Json, type TestProcess } from '@syncdesk/server/testing';
import { orderListWhere } from '../order-list.query';
import { addStatusMove, moveOrderStatusCounts } from '../order-status-counts';
import { channelIn, kitIn, orderOf, productIn } from '../../../testing/order-import-kit';

/**
 * The orders list, counts, detail and items through HTTP on MySQL (the dialect of the million-order
 * store: the counter tables and index plans are exercised here), every total checked against the
 * orders themselves. A SQLite smoke test follows.
 */

type Call = (path: string, token?: string) => Promise<{ status: number; body: Json }>;

function caller(server: TestProcess, defaultToken: () => string): Call {
  return async (path, token) => {
    const response = await server.request('GET', `/api${path}`, { token: token ?? defaultToken() });
    return { status: response.status, body: await readJson(response) };
  };
}

/** An order of the fixture set: what differs from `orderOf`'s realistic default. */
function order(
  remoteId: string,
  date: string,
  extra: Partial<NormalisedOrderInput> & { sku?: string; customer?: NormalisedOrderInput['customer'] } = {},
): NormalisedOrderInput {
  const { sku, ...rest } = extra;
  return orderOf(remoteId, [{ sku: sku ?? null, quantity: 1 }], { order_date: date, ...rest });
}

const person = (name: string, email: string) => ({ name, email, phone: '+44 20 7946 0001', remote_id: null });

describe('orders list, counts and detail (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let uk: Store;
  let de: Store;
  let ownerToken: string;
  let call: Call;
  let shopify: { id: number; name: string };
  let amazon: { id: number; name: string };
  let kitOrderId: number;
  let deOrderId: number;
  let cupSku: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'order_list');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha DE'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    [uk, de] = alpha.stores as [Store, Store];
    ownerToken = await alpha.tokenFor(alpha.owner);
    call = caller(server, () => ownerToken);

    const cup = await productIn(server, uk, 100);
    cupSku = cup.sku;
    const saucer = await productIn(server, uk, 100);
    const kit = await kitIn(server, uk, [
      { id: cup.id, sku: cup.sku, units: 2 },
      { id: saucer.id, sku: saucer.sku, units: 1 },
    ]);
    const shopifyRow = await channelIn(server, uk);
    const amazonRow = await channelIn(server, uk, { auto_hold_orders: true });
    shopify = { id: shopifyRow.id, name: shopifyRow.name };
    amazon = { id: amazonRow.id, name: amazonRow.name };
    const importer = server.services.orderImport;

    const first = await importer.importBatch(shopify.id, [
      order('1001', '2026-11-01T10:00:00Z', {
        sku: cup.sku,
        customer: person('Ada Lovelace', 'ada@example.test'),
      }),
      order('1002', '2026-11-02T00:00:00Z', {
        sku: kit.sku,
        customer: person('Alan Turing', 'alan@example.test'),
        status: 'Shipped',
        total: '99.50',
      }),
      order('1003', '2026-11-03T23:59:59Z', {
        sku: 'MUG-BLUE',
        customer: person('Grace Hopper', 'grace@example.test'),
        status: 'Cancelled',
        total: '5.00',
      }),
      order('1004', '2026-10-15T08:00:00Z', {
        sku: 'mug-blue-xl',
        customer: person('Linus Torvalds', 'linus@example.test'),
        payment_status: 'Pending',
        total: '150.00',
      }),
      order('1005', '2026-11-05T12:00:00Z', { customer: person('Ada Byron', 'byron@example.test') }),
      order('1006', '2026-11-05T12:00:00Z', { customer: person('Mary Shelley', 'mary@example.test') }),
      // Invalid (no lines): stored as a failed record without an order date.
      { remote_id: '1007', order_number: '1007', lines: [] },
    ]);
    expect(first).toMatchObject({ created: 6, failed: 1 });
    kitOrderId = (await server.services.models.Order.findOne({
      where: { channel_id: shopify.id, remote_id: '1002' },
    }))!.id;
    const held = await importer.importBatch(amazon.id, [
      order('A-1', '2026-11-04T09:00:00Z', {
        sku: cup.sku,
        customer: person('Joan Clarke', 'joan@example.test'),
      }),
      order('A-2', '2026-11-06T09:00:00Z', { customer: person('Ken Thompson', 'ken@example.test') }),
      order('A-3', '2026-09-30T23:00:00Z', { customer: person('Tim Berners-Lee', 'tim@example.test') }),
    ]);
    expect(held.created).toBe(3);
    // A changed re-import moves counters: 1001 becomes Shipped.
    const changed = await importer.importBatch(shopify.id, [
      order('1001', '2026-11-01T10:00:00Z', {
        sku: cup.sku,
        status: 'Shipped',
        customer: person('Ada Lovelace', 'ada@example.test'),
      }),
    ]);
    expect(changed.updated).toBe(1);

    const deChannel = await channelIn(server, de);
    deOrderId = (await importer.importBatch(deChannel.id, [order('D-1', '2026-11-01T10:00:00Z')]))
      .orderIds[0]!;
    await importer.importBatch((await channelIn(server, beta.stores[0]!)).id, [
      order('B-1', '2026-11-01T10:00:00Z'),
    ]);
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const ukOrders = () => server.services.models.Order.findAll({ where: { store_id: uk.id } });
  /** Every page of a list query, 2 rows at a time, so totals come from the counters and counts. */
  async function everyPage(query: string): Promise<{ rows: OrderDto[]; totals: number[] }> {
    const rows: OrderDto[] = [];
    const totals: number[] = [];
    for (let page = 1; page < 20; page += 1) {
      const { status, body } = await call(`/orders/${uk.id}?per_page=2&page=${page}&${query}`);
      expect(status).toBe(200);
      totals.push(body.meta.total);
      rows.push(...body.data);
      if (body.data.length < 2) break;
    }
    return { rows, totals };
  }
  it('lists the store’s orders newest first, as OrderDto rows with the channel name', async () => {
    const { status, body } = await call(`/orders/${uk.id}`);
    expect(status).toBe(200);
    expect(numbers(body.data)).toEqual([
      '#A-2',
      '#1006',
      '#1005',
      '#A-1',
      '#1003',
      '#1002',
      '#1001',
      '#1004',
      '#A-3',
      // The failed record has no order date: last when newest come first.
      '1007',
    ]);
    expect(body.meta).toEqual({ total: 10 });
    const row = body.data.find((entry: OrderDto) => entry.order_number === '#1002') as OrderDto;
    expect(row).toMatchObject({
      id: kitOrderId,
      store_id: uk.id,
      channel_id: shopify.id,
      channel_name: shopify.name,
      remote_id: '1002',
      status: 'Shipped',
      sync_status: 0,
      payment_status: 'Paid',
      fulfillment: 0,
      currency: 'GBP',
      total: '99.50',
      total_order_items: 1,
      order_date: '2026-11-02T00:00:00.000Z',
      customer: {
        name: 'Alan Turing',
        email: 'alan@example.test',
        phone: '+44 20 7946 0001',
        remote_id: null,
      },
      shipping_country: 'GB',
      tags: ['web'],
    });
    expect(body.data.find((entry: OrderDto) => entry.order_number === '#A-1').sync_status).toBe(3);
  });

  it('filters, searches and pages with totals equal to the orders that match', async () => {
    const all = await ukOrders();
    const time = (row: Order) => (row.order_date ? row.order_date.getTime() : null);
    const inRange = (from: string, to: string) => (row: Order) =>
      time(row) !== null && time(row)! >= Date.parse(from) && time(row)! <= Date.parse(to) + 999;
    const cases: [string, (row: Order) => boolean][] = [
      ['status[eq]=Shipped', (row) => row.status === 'Shipped'],
      ['status[eq]=shipped', (row) => row.status === 'Shipped'],
      ['status[in]=Unshipped,Cancelled', (row) => ['Unshipped', 'Cancelled'].includes(row.status ?? '')],
      ['sync_status[eq]=3', (row) => row.sync_status === 3],
      ['sync_status[ne]=0', (row) => row.sync_status !== 0],
      ['sync_status[in]=7,14', (row) => [7, 14].includes(row.sync_status)],
      [
        'sync_status[eq]=0&status[eq]=Unshipped',
        (row) => row.sync_status === 0 && row.status === 'Unshipped',
      ],
      [`channel_id[eq]=${amazon.id}`, (row) => row.channel_id === amazon.id],
      ['payment_status[eq]=Pending', (row) => row.payment_status === 'Pending'],
      ['fulfillment_status[eq]=0', (row) => row.fulfillment_status === 0],
      // Whole days (the day counters) and partial edge days (counted from the orders).
      [
        'order_date[startDate]=2026-11-01 00:00:00&order_date[endDate]=2026-11-03 23:59:59',
        inRange('2026-11-01T00:00:00Z', '2026-11-03T23:59:59Z'),
      ],
      [
        'order_date[startDate]=2026-11-01 10:00:01&order_date[endDate]=2026-11-05 11:59:59',
        inRange('2026-11-01T10:00:01Z', '2026-11-05T11:59:59Z'),
      ],
      [
        'order_date[startDate]=2026-11-02 00:00:00&order_date[endDate]=2026-11-02 00:00:00',
        inRange('2026-11-02T00:00:00Z', '2026-11-02T00:00:00Z'),
      ],
      [
        'order_date[startDate]=2026-09-01 00:00:00&order_date[endDate]=2026-11-30 23:59:59&sync_status[eq]=3',
        (row) => inRange('2026-09-01T00:00:00Z', '2026-11-30T23:59:59Z')(row) && row.sync_status === 3,
      ],
      [
        'order_date[startDate]=2026-11-01 00:00:00&order_date[endDate]=2026-11-30 23:59:59&status[eq]=Shipped',
        (row) => inRange('2026-11-01T00:00:00Z', '2026-11-30T23:59:59Z')(row) && row.status === 'Shipped',
      ],
      [
        `order_date[startDate]=2026-11-01 00:00:00&order_date[endDate]=2026-11-30 23:59:59&channel_id[eq]=${shopify.id}`,
        (row) =>
          inRange('2026-11-01T00:00:00Z', '2026-11-30T23:59:59Z')(row) && row.channel_id === shopify.id,
      ],
      ['search=%231003', (row) => row.order_number === '#1003'],
      ['search=%2310', (row) => row.order_number.startsWith('#10')],
      [
        'search=ada',
        (row) => /^ada/i.test(row.customer_name ?? '') || /^ada/i.test(row.customer_email ?? ''),
      ],
      // Prefix matches: a name is found by its beginning (the e-mail by its own).
      ['search=Torv', () => false],
      ['search=linus t', (row) => row.customer_name === 'Linus Torvalds'],
      ['search=GRACE%40example', (row) => row.customer_email === 'grace@example.test'],
      ['search=mug-blue', (row) => ['#1003', '#1004'].includes(row.order_number)],
      ['search=mug-blue-&searchBy=sku', (row) => row.order_number === '#1004'],
      [`search=${cupSku}&searchBy=sku`, (row) => ['#1001', '#A-1'].includes(row.order_number)],
      ['search=100%25', () => false],
      ['search=%3F&status[eq]=%3F', () => false],
      ['order_number[eq]=%231002', (row) => row.order_number === '#1002'],
      ['customer_email[eq]=MARY%40example.test', (row) => row.customer_email === 'mary@example.test'],
      ['search=ada&searchBy=customer_email', (row) => row.customer_email === 'ada@example.test'],
      [
        'search=%2310&status[eq]=Shipped',
        (row) => row.order_number.startsWith('#10') && row.status === 'Shipped',
      ],
    ];
    for (const [query, matches] of cases) {
      const expected = all.filter(matches);
      const { rows, totals } = await everyPage(query);
      expect({ query, numbers: numbers(rows).sort() }).toEqual({ query, numbers: numbers(expected).sort() });
      expect({ query, totals: [...new Set(totals)] }).toEqual({ query, totals: [expected.length] });
    }
  });

  it('gives bulk actions and exports the list’s own selection (orderListWhere)', async () => {
    const { models } = server.services;
    const queries: Record<string, string>[] = [
      { search: '#10', 'status[eq]': 'Shipped' },
      { search: 'mug-blue', searchBy: 'sku' },
      { 'order_date[startDate]': '2026-11-01 00:00:00', 'order_date[endDate]': '2026-11-05 23:59:59' },
    ];
    for (const query of queries) {
      const where = orderListWhere(uk.id, query, models.Order);
      const selected = await models.Order.findAll({ where, attributes: ['order_number'] });
      const listed = await everyPage(new URLSearchParams(query).toString());
      expect(numbers(selected).sort()).toEqual(numbers(listed.rows).sort());
      // An UPDATE of orders may select with it (the search is a derived table).
      await models.Order.update({ order_type: null }, { where });
    }
    expect(() => orderListWhere(uk.id, { 'colour[eq]': 'blue' }, models.Order)).toThrow();
  });

  it('sorts by every sortable field both ways, ties broken the same way on every page', async () => {
    const all = await ukOrders();
    // NULL (the failed record's date and total) sorts first ascending, as MySQL sorts it.
    const dateOf = (row: Order) => (row.order_date === null ? -Infinity : row.order_date.getTime());
    const totalOf = (row: Order) => (row.total === null ? -Infinity : Number(row.total));
    const byDateThenId = (a: Order, b: Order) => compareNumbers(dateOf(a), dateOf(b)) || a.id - b.id;
    const ascending: Record<string, (a: Order, b: Order) => number> = {
      order_date: byDateThenId,
      total: (a, b) => compareNumbers(totalOf(a), totalOf(b)) || a.id - b.id,
      order_number: (a, b) => a.order_number.localeCompare(b.order_number) || a.id - b.id,
      sync_status: (a, b) => a.sync_status - b.sync_status || byDateThenId(a, b),
      // The failed record has no status: NULL first ascending.
      status: (a, b) =>
        (a.status === null ? -1 : 0) - (b.status === null ? -1 : 0) ||
        (a.status ?? '').localeCompare(b.status ?? '') ||
        byDateThenId(a, b),
      created_at: (a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id,
    };
    for (const [field, compare] of Object.entries(ascending)) {
      for (const direction of ['asc', 'desc'] as const) {
        const expected = [...all].sort((a, b) => (direction === 'asc' ? compare(a, b) : compare(b, a)));
        const { rows } = await everyPage(`sort_by=${field}&sort_direction=${direction}`);
        expect({ field, direction, numbers: numbers(rows) }).toEqual({
          field,
          direction,
          numbers: numbers(expected),
        });
      }
    }
    const page = await call(`/orders/${uk.id}?per_page=4&page=3`);
    expect(numbers(page.body.data)).toEqual(['#A-3', '1007']);
    expect(page.body.meta.total).toBe(10);
    const beyond = await call(`/orders/${uk.id}?per_page=4&page=9`);
    expect(beyond.body).toEqual({ data: [], meta: { total: 10 } });
  });

  it('starts deep pages of a date-sorted list from the day counters, equal to skipping every row', async () => {
    const { models, sequelize } = server.services;
    const deep = await models.Store.create({ company_id: alpha.company.id, name: 'Alpha Deep' });
    const channel = await channelIn(server, deep);
    const base = Date.UTC(2026, 8, 1);
    const rows = Array.from({ length: 6_200 }, (_, index) => ({
      uuid: randomUUID(),
      company_id: deep.company_id,
      store_id: deep.id,
      channel_id: channel.id,
      remote_id: `D${index}`,
      order_number: `D${index}`,
      status: index % 3 === 0 ? 'Shipped' : 'Unshipped',
      sync_status: index % 4 === 0 ? 7 : 2,
      // Several orders share a time (ties by id); 40 failed records have no date.
      order_date: index < 40 ? null : new Date(base + Math.floor((index * 7919) % 6_000) * 900_000),
      content_hash: 'x',
      created_at: new Date(),
      updated_at: new Date(),
    }));
    await sequelize.getQueryInterface().bulkInsert('orders', rows);
    // Written around the import, so its store counters move here as the import would move them.
    const deltas = new Map<string, number>();
    for (const row of rows) addStatusMove(deltas, null, row);
    await sequelize.transaction((transaction) =>
      moveOrderStatusCounts(sequelize, deep.id, deltas, transaction),
    );
    const all = await models.Order.findAll({
      where: { store_id: deep.id },
      attributes: ['id', 'order_number', 'order_date', 'sync_status'],
    });
    const dateOf = (row: Order) => (row.order_date === null ? -Infinity : row.order_date.getTime());
    const ascending = (a: Order, b: Order) => compareNumbers(dateOf(a), dateOf(b)) || a.id - b.id;
    const cases: [string, (row: Order) => boolean, 'asc' | 'desc'][] = [
      ['', () => true, 'desc'],
      ['', () => true, 'asc'],
      ['&sync_status[eq]=2', (row) => row.sync_status === 2, 'desc'],
      ['&sync_status[ne]=7', (row) => row.sync_status !== 7, 'asc'],
      [
        '&order_date[startDate]=2026-09-10 00:00:00&order_date[endDate]=2026-10-31 23:59:59',
        (row) =>
          row.order_date !== null &&
          row.order_date >= new Date('2026-09-10T00:00:00Z') &&
          row.order_date < new Date('2026-11-01T00:00:00Z'),
        'desc',
      ],
    ];
    for (const [filter, matches, direction] of cases) {
      const expected = all
        .filter(matches)
        .sort((a, b) => (direction === 'asc' ? ascending(a, b) : ascending(b, a)));
      for (const page of [101, 102, Math.ceil(expected.length / 50)]) {
        const { body } = await call(
          `/orders/${deep.id}?per_page=50&page=${page}&sort_direction=${direction}${filter}`,
        );
        expect({ filter, direction, page, numbers: numbers(body.data), total: body.meta.total }).toEqual({
          filter,
          direction,
          page,
          numbers: numbers(expected.slice((page - 1) * 50, page * 50)),
          total: expected.length,
        });
      }
    }
  });

  it('counts by sync status and status from the counters, equal to grouping the orders', async () => {
    const grouped = (rows: Order[]): OrderCountGroupByStatusDto => {
      const sync = new Map<number, number>();
      const status = new Map<string, number>();
      for (const row of rows) {
        sync.set(row.sync_status, (sync.get(row.sync_status) ?? 0) + 1);
        status.set(row.status ?? '', (status.get(row.status ?? '') ?? 0) + 1);
      }
      const entries = <V extends number | string>(map: Map<V, number>) =>
        [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([value, count]) => ({ value, count }));
      return { total: rows.length, sync_status: entries(sync), status: entries(status) };
    };
    const all = await ukOrders();
    const counts = await call(`/orders/${uk.id}/getOrderCountGroupByStatus`);
    expect(counts.status).toBe(200);
    expect(counts.body.data).toEqual(grouped(all));
    expect(counts.body.data.sync_status).toEqual(
      expect.arrayContaining([
        { value: 3, count: 3 },
        { value: 7, count: 1 },
      ]),
    );

    // The open tab's sync-status filter doesn't narrow the tab counts; other filters do.
    const tab = await call(`/orders/${uk.id}/getOrderCountGroupByStatus?sync_status[eq]=3`);
    expect(tab.body.data).toEqual(grouped(all));
    const november = (row: Order) =>
      row.order_date !== null &&
      row.order_date >= new Date('2026-11-01T00:00:00Z') &&
      row.order_date < new Date('2026-11-04T12:00:00Z');
    const ranged = await call(
      `/orders/${uk.id}/getOrderCountGroupByStatus?order_date[startDate]=2026-11-01 00:00:00&order_date[endDate]=2026-11-04 11:59:59`,
    );
    expect(ranged.body.data).toEqual(grouped(all.filter(november)));
    const searched = await call(`/orders/${uk.id}/getOrderCountGroupByStatus?search=ada`);
    expect(searched.body.data.total).toBe(2);
    const byChannel = await call(`/orders/${uk.id}/getOrderCountGroupByStatus?channel_id[eq]=${amazon.id}`);
    expect(byChannel.body.data).toEqual(grouped(all.filter((row) => row.channel_id === amazon.id)));
  });

  it('keeps both counter tables equal to the orders after inserts, changes and deletes', async () => {
    const { sequelize, models } = server.services;
    const extra = await channelIn(server, uk);
    await server.services.orderImport.importBatch(extra.id, [
      order('X-1', '2026-11-07T01:00:00Z'),
      order('X-2', '2026-11-07T02:00:00Z'),
    ]);
    await server.services.orderImport.importBatch(extra.id, [
      order('X-1', '2026-11-08T01:00:00Z', { status: 'Cancelled' }),
    ]);
    // A direct write too (an action, a rule): the day counters follow any statement.
    await models.Order.update({ sync_status: 6 }, { where: { channel_id: extra.id, remote_id: 'X-2' } });
    const [days] = await sequelize.query(
      `SELECT d.store_id, d.day, d.sync_status, d.status, d.count, COALESCE(o.n, 0) AS actual
       FROM order_day_counts d LEFT JOIN (
         SELECT store_id, DATE(order_date) AS day, sync_status, COALESCE(status, '') AS status, COUNT(*) AS n
         FROM orders WHERE order_date IS NOT NULL GROUP BY 1, 2, 3, 4) o
       ON o.store_id = d.store_id AND o.day = d.day AND o.sync_status = d.sync_status AND o.status = d.status
       WHERE d.count <> COALESCE(o.n, 0)`,
    );
    expect(days).toEqual([]);
    const [absent] = await sequelize.query(
      `SELECT COUNT(*) AS missing FROM (SELECT store_id, DATE(order_date) AS day, sync_status, COALESCE(status, '') AS status
       FROM orders WHERE order_date IS NOT NULL GROUP BY 1, 2, 3, 4) o
       LEFT JOIN order_day_counts d ON o.store_id = d.store_id AND o.day = d.day AND o.sync_status = d.sync_status AND o.status = d.status
       WHERE d.store_id IS NULL`,
    );
    expect(absent).toEqual([{ missing: 0 }]);

    await models.Order.destroy({ where: { channel_id: extra.id } });
    const [left] = await sequelize.query(
      `SELECT SUM(count) AS n FROM order_day_counts WHERE store_id = ${uk.id} AND day >= '2026-11-07' AND day <= '2026-11-08'`,
    );
    expect(Number((left as { n: number }[])[0]!.n)).toBe(0);
  });

  it('shows an order with its lines (kit items, options), fulfilments and plugin and webhook states', async () => {
    const { models } = server.services;
    const plugin = await channelIn(server, uk);
    await plugin.update({ kind: 'plugin', name: 'Warehouse' });
    const webhook = await models.Webhook.create({
      uuid: randomUUID(),
      company_id: uk.company_id,
      store_id: uk.id,
      name: 'ERP hook',
      event: 'orders.received',
      method: 'POST',
      url: 'https://erp.example.test/hook',
    });
    const syncedAt = new Date('2026-11-03T08:00:00Z');
    await models.PluginOrder.create({
      order_id: kitOrderId,
      plugin_id: plugin.id,
      remote_id: 'WMS-9',
      sync_status: 2,
      synced_at: syncedAt,
    });
    await models.WebhookOrder.create({
      order_id: kitOrderId,
      webhook_id: webhook.id,
      remote_id: null,
      sync_status: 0,
      synced_at: null,
    });
    const [item] = await models.OrderItem.findAll({ where: { order_id: kitOrderId } });
    await models.OrderFulfillment.create({
      uuid: randomUUID(),
      order_id: kitOrderId,
      courier: 'Royal Mail',
      shipping_method: 'Royal Mail 48',
      shipping_tracking_code: 'RM123456789GB',
      sync_status: 2,
      lines: [{ order_item_id: item!.id, quantity: 1 }],
    });

    const { status, body } = await call(`/orders/${uk.id}/${kitOrderId}`);
    expect(status).toBe(200);
    const detail = body.data;
    expect(detail).toMatchObject({
      id: kitOrderId,
      order_number: '#1002',
      channel_name: shopify.name,
      subtotal: '20.00',
      shipping_total: '3.95',
      tax_total: '4.00',
      total: '99.50',
      pickup: null,
      shipping_address: {
        name: 'Ada Lovelace',
        line1: '1 High St',
        city: 'London',
        postcode: 'N1 1AA',
        country: 'GB',
      },
    });
    expect(detail.items).toHaveLength(1);
    expect(detail.items[0]).toMatchObject({
      id: item!.id,
      product_sku: item!.product_sku,
      matched_sku: item!.product_sku,
      quantity: 1,
      price: '10.00',
      tax_total: '2.00',
      total_price: '10.00',
      options: [{ option_name: 'Colour', option_value: 'Blue' }],
    });
    expect(detail.items[0].kit_items).toEqual([
      expect.objectContaining({ sku: cupSku, quantity: 2 }),
      expect.objectContaining({ quantity: 1 }),
    ]);
    expect(detail.fulfillments).toEqual([
      expect.objectContaining({
        courier: 'Royal Mail',
        shipping_tracking_code: 'RM123456789GB',
        sync_status: 2,
        lines: [{ order_item_id: item!.id, quantity: 1 }],
      }),
    ]);
    expect(detail.plugin_orders).toEqual([
      expect.objectContaining({
        plugin_id: plugin.id,
        name: 'Warehouse',
        remote_id: 'WMS-9',
        sync_status: 2,
        synced_at: syncedAt.toISOString(),
      }),
    ]);
    expect(detail.webhook_orders).toEqual([
      expect.objectContaining({
        webhook_id: webhook.id,
        name: 'ERP hook',
        remote_id: null,
        sync_status: 0,
        synced_at: null,
      }),
    ]);

    const items = await call(`/orders/${uk.id}/${kitOrderId}/orderItems`);
    expect(items.status).toBe(200);
    expect(items.body.data).toEqual(detail.items);

    const activities = await call(`/activities/order/${kitOrderId}`);
    expect(activities.status).toBe(200);
    expect(activities.body.data.map((entry: { event: string }) => entry.event)).toEqual(['order.created']);
    expect(activities.body.meta.total).toBe(1);
  });

  it('masks the customer and addresses for a data-protection role, in the list and the detail', async () => {
    const masked = await alpha.tokenFor(await alpha.addMember(['orders.read', 'data_protection']));
    const list = await call(`/orders/${uk.id}?search=%231002`, masked);
    expect(list.body.data[0].customer).toEqual({
      name: '*****',
      email: 'a***@example.test',
      phone: '**********01',
      remote_id: null,
    });
    const detail = await call(`/orders/${uk.id}/${kitOrderId}`, masked);
    expect(detail.body.data.customer.name).toBe('*****');
    expect(detail.body.data.shipping_address).toMatchObject({
      name: '*****',
      line1: '*****',
      city: '*****',
      postcode: '*****',
      country: 'GB',
    });
    expect(detail.body.data.invoice_address.name).toBe('*****');
  });

  it('answers 404 for another company’s store or order, and for an order of another store', async () => {
    const betaStore = beta.stores[0]!;
    const betaOrder = (await server.services.models.Order.findOne({ where: { store_id: betaStore.id } }))!;
    for (const path of [
      `/orders/${betaStore.id}`,
      `/orders/${betaStore.id}/getOrderCountGroupByStatus`,
      `/orders/${betaStore.id}/${betaOrder.id}`,
      `/orders/${uk.id}/${betaOrder.id}`,
      `/orders/${uk.id}/${deOrderId}`,
      `/orders/${uk.id}/${deOrderId}/orderItems`,
      `/orders/${uk.id}/999999999`,
      `/activities/order/${betaOrder.id}`,
    ]) {
      expect({ path, status: (await call(path)).status }).toEqual({ path, status: 404 });
    }
    expect((await call(`/orders/${de.id}/${deOrderId}`)).status).toBe(200);
  });

  it('refuses a member who may not read orders (403)', async () => {
    const token = await alpha.tokenFor(await alpha.addMember(['products.read']));
    expect((await call(`/orders/${uk.id}`, token)).status).toBe(403);
    expect((await call(`/orders/${uk.id}/${kitOrderId}`, token)).status).toBe(403);
  });

  it('answers 422 with the field’s message for a filter, sort or page it doesn’t take', async () => {
    const bad = await call(
      `/orders/${uk.id}?status[like]=Ship&sort_by=customer_phone&page=0&sync_status[eq]=pending&colour[eq]=blue&searchBy=notes&search=x`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'status[like]': ['The status field can not be filtered with like.'],
      sort_by: [
        'The sort_by must be one of: order_date, created_at, order_number, total, sync_status, status.',
      ],
      page: ['The page must be a whole number of at least 1.'],
      'sync_status[eq]': ['The sync_status field must be a number.'],
      'colour[eq]': ['The colour field can not be filtered.'],
      searchBy: ['The searchBy must be one of: order_number, customer_name, customer_email, sku.'],
    });
    const counts = await call(`/orders/${uk.id}/getOrderCountGroupByStatus?order_date[from]=2026-01-01`);
    expect(counts.status).toBe(422);
  });
});

describe('orders list (sqlite smoke)', () => {
  let database: TestDatabase;
  let server: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'order_list');
    server = await startTestProcess(database.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('filters, searches, counts and shows orders', async () => {
    const alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    const store = alpha.stores[0]!;
    const token = await alpha.tokenFor(alpha.owner);
    const call = caller(server, () => token);
    const channel = await channelIn(server, store);
    const imported = await server.services.orderImport.importBatch(channel.id, [
      order('S-1', '2026-11-01T10:00:00Z', {
        sku: 'TEA-1',
        customer: person('Ada Lovelace', 'ada@example.test'),
      }),
      order('S-2', '2026-11-02T10:00:00Z', {
        status: 'Shipped',
        customer: person('Alan Turing', 'alan@example.test'),
      }),
      order('S-3', '2026-11-03T10:00:00Z', { customer: person('Grace Hopper', 'grace@example.test') }),
    ]);

    const shipped = await call(`/orders/${store.id}?status[eq]=shipped&per_page=1`);
    expect(numbers(shipped.body.data)).toEqual(['#S-2']);
    expect(shipped.body.meta.total).toBe(1);
    const unshipped = await call(`/orders/${store.id}?status[eq]=Unshipped&per_page=1`);
    expect(unshipped.body).toMatchObject({ data: [{ order_number: '#S-3' }], meta: { total: 2 } });
    const ranged = await call(
      `/orders/${store.id}?order_date[startDate]=2026-11-02 00:00:00&order_date[endDate]=2026-11-03 23:59:59&per_page=1&sort_direction=asc`,
    );
    expect(ranged.body).toMatchObject({ data: [{ order_number: '#S-2' }], meta: { total: 2 } });
    expect(numbers((await call(`/orders/${store.id}?search=tea&searchBy=sku`)).body.data)).toEqual(['#S-1']);
    expect(numbers((await call(`/orders/${store.id}?search=gra`)).body.data)).toEqual(['#S-3']);
    expect(
      numbers((await call(`/orders/${store.id}?sort_by=order_number&sort_direction=desc`)).body.data),
    ).toEqual(['#S-3', '#S-2', '#S-1']);

    const counts = await call(`/orders/${store.id}/getOrderCountGroupByStatus`);
    expect(counts.body.data).toEqual({
      total: 3,
      sync_status: [{ value: 0, count: 3 }],
      status: [
        { value: 'Shipped', count: 1 },
        { value: 'Unshipped', count: 2 },
      ],
    });
    const detail = await call(`/orders/${store.id}/${imported.orderIds[0]}`);
    expect(detail.body.data).toMatchObject({
      order_number: '#S-1',
      total: '23.95',
      items: [{ product_sku: 'TEA-1' }],
    });
  });
});

const numbers = (rows: { order_number: string }[]) => rows.map((row) => row.order_number);
/** −Infinity − −Infinity is NaN; ties must compare as 0. */
const compareNumbers = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);
