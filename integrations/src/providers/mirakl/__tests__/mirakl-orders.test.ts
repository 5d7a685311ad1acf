import { countingBudget } from '../../../conformance/counting-budget';
import { createChannelHttp } from '../../../transport/channel-http';
import { memoryRecorder } from '../../../transport/transaction-record';
import { createMiraklConnector, MIRAKL_OPERATION_LIMITS } from '../mirakl.connector';
import type { MiraklSimulator } from '../simulator';
import {
  connectionTo,
  connectorFor,
  downloadAll,
  startSimulator,
  TEST_KEY,
} from '../../../testing/mirakl-test-kit';

/** OR11 over HTTP: offset paging, the start_update_date overlap, de-duplication within a download. */
describe('Mirakl connector: orders', () => {
  let simulator: MiraklSimulator;

  beforeEach(async () => {
    simulator = await startSimulator({ newOrderState: 'SHIPPING', overlapSeconds: 60 });
  });
  afterEach(() => simulator.close());

  it('pages by offset, re-reads an overlap between pages and hands each order over once', async () => {
    for (let index = 0; index < 25; index += 1) simulator.state.createOrder();
    simulator.state.createOrder({ state: 'WAITING_ACCEPTANCE' });
    const { connector } = connectorFor(connectionTo(simulator), { pageSize: 10, pageOverlap: 2 });

    const pages = await downloadAll(connector, null);
    const ids = pages.flatMap((page) => page.orders.map((order) => order.remote_id));

    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(
      simulator.state
        .orders()
        .filter((order) => order.order_state === 'SHIPPING')
        .map((order) => order.order_id)
        .sort(),
    );
    // 10 + 8 + 8 covers 25 with two re-read per page.
    expect(pages).toHaveLength(3);
    expect(pages.slice(0, -1).every((page) => page.watermark === null)).toBe(true);
    const newest = Math.max(...simulator.state.orders().map((order) => Date.parse(order.last_updated_date)));
    expect(pages.at(-1)!.watermark?.getTime()).toBe(newest);

    const listed = simulator.state.calls().filter((call) => call.path.startsWith('/api/orders'));
    expect(listed.map((call) => new URL(call.path, simulator.url).searchParams.get('offset'))).toEqual([
      '0',
      '8',
      '16',
    ]);
    expect(
      listed.every((call) => call.path.includes('order_state_codes=SHIPPING') && call.status === 200),
    ).toBe(true);
  });

  it('a download is one OR11 poll: its first page takes the once-a-minute poll budget, its next pages do not', async () => {
    for (let index = 0; index < 25; index += 1) simulator.state.createOrder();
    const budget = countingBudget();
    const connection = connectionTo(simulator);
    const http = createChannelHttp({
      connection: { id: connection.id, companyId: 1, storeId: 1, kind: 'channel', provider: 'Decathlon' },
      jobType: 'get_orders',
      limits: { ...MIRAKL_OPERATION_LIMITS, get_orders: { calls: 100, periodSeconds: 1 } },
      budget,
      recorder: memoryRecorder(),
      checkTarget: async () => null,
      secrets: [TEST_KEY],
    });
    const connector = createMiraklConnector({ connection, http }, { pageSize: 10, pageOverlap: 0 });

    await downloadAll(connector, null);

    expect(budget.granted.map((grant) => grant.operation)).toEqual([
      'orders_poll',
      'get_orders',
      'get_orders',
    ]);
    expect(MIRAKL_OPERATION_LIMITS.orders_poll).toEqual({ calls: 1, periodSeconds: 60 });
  });

  it('maps an order to the import shape', async () => {
    const created = simulator.state.createOrder({
      lines: [
        { sku: 'MUG-1', quantity: 2, price: 7.5, title: 'Mug' },
        { sku: 'LID-1', quantity: 1, price: 3 },
      ],
      customer: { firstname: 'Ada', lastname: 'Lovelace', country: 'GBR' },
    });
    const { connector } = connectorFor(connectionTo(simulator));

    const [order] = await connector.getOrders!([created.order_id]);

    expect(order).toMatchObject({
      remote_id: created.order_id,
      order_number: created.commercial_id,
      status: 'Unshipped',
      payment_status: 'Paid',
      currency: 'EUR',
      subtotal: 18,
      total: created.total_price,
      customer: { name: 'Ada Lovelace', remote_id: created.customer.customer_id },
      shipping_address: { name: 'Ada Lovelace', country: 'GB' },
      lines: [
        {
          remote_id: `${created.order_id}-1`,
          sku: 'MUG-1',
          quantity: 2,
          price: 7.5,
          total_price: 15,
          title: 'Mug',
        },
        { remote_id: `${created.order_id}-2`, sku: 'LID-1', quantity: 1, price: 3, total_price: 3 },
      ],
    });
  });

  it('an order changing while we page does not push another out of the download', async () => {
    for (let index = 0; index < 25; index += 1) simulator.state.createOrder();
    const since = new Date(Date.now() - 1_000);
    const everyId = simulator.state.orders().map((order) => order.order_id);

    const download = async (pageOverlap: number, touch: string) => {
      const { connector } = connectorFor(connectionTo(simulator), { pageSize: 10, pageOverlap });
      // After the first page an operator edits an order that page held: it leaves the download's
      // fixed update window, and every later order moves one place forward.
      const pages = await downloadAll(connector, since, (index) => {
        if (index !== 1) return;
        // The edit must fall after the window's end, which is the millisecond of the first call.
        const later = Date.now() + 2;
        while (Date.now() < later);
        simulator.state.touchOrder(touch);
      });
      return pages.flatMap((page) => page.orders.map((order) => order.remote_id));
    };

    const safe = await download(2, everyId[0]!);
    expect(new Set(safe).size).toBe(safe.length);
    expect([...safe].sort()).toEqual([...everyId].sort());

    // Without the overlap the same shift skips an order that never changed.
    const unsafe = await download(0, everyId[1]!);
    expect(unsafe).toHaveLength(everyId.length - 1);
    expect(unsafe).not.toContain(everyId[10]);
  });

  it("returns orders changed shortly before the watermark (Mirakl's overlap)", async () => {
    const first = simulator.state.createOrder();
    const { connector } = connectorFor(connectionTo(simulator));
    // A watermark 30 s after the order's last change: the 60 s overlap still returns it.
    const since = new Date(Date.parse(first.last_updated_date) + 30_000);

    const [page] = await downloadAll(connector, since);

    expect(page!.orders.map((order) => order.remote_id)).toEqual([first.order_id]);
    const call = simulator.state.calls().at(-1)!;
    const query = new URL(call.path, simulator.url).searchParams;
    expect(query.get('start_update_date')).toBe(since.toISOString());
    expect(query.get('end_update_date')).not.toBeNull();
  });

  it('downloads orders waiting for acceptance too when the channel accepts them automatically', async () => {
    const waiting = simulator.state.createOrder({ state: 'WAITING_ACCEPTANCE' });
    const shipping = simulator.state.createOrder();
    const { connector } = connectorFor(connectionTo(simulator, { auto_confirmation: true }));

    const [page] = await downloadAll(connector, null);

    expect(page!.orders.map((order) => [order.remote_id, order.status])).toEqual([
      [waiting.order_id, 'Unpaid'],
      [shipping.order_id, 'Unshipped'],
    ]);
  });

  it('refuses a page larger than 100 and keeps total_count', async () => {
    simulator.state.createOrder();
    const tooLarge = await fetch(`${simulator.url}/api/orders?max=101`, {
      headers: { authorization: TEST_KEY },
    });
    expect(tooLarge.status).toBe(400);
    const fine = await fetch(`${simulator.url}/api/orders?max=100`, { headers: { authorization: TEST_KEY } });
    expect(await fine.json()).toMatchObject({ total_count: 1 });
  });
});
