import { startWmsSimulator, type RunningWmsSimulator } from '../simulator';
import {
  connectorErrorOf,
  orderPush,
  TEST_KEY,
  waitFor,
  wmsConnectorFor,
} from '../../../testing/wms-test-kit';

describe('WMS connector against the WMS simulator over HTTP', () => {
  let simulator: RunningWmsSimulator;

  beforeEach(async () => {
    simulator = await startWmsSimulator({
      apiKey: TEST_KEY,
      stock: { 'MUG-01': 10, 'MUG-02': 5, 'TEA-01': 40 },
      shipAfterMs: null,
      rateLimit: { calls: 1000, periodSeconds: 60 },
    });
  });

  afterEach(async () => {
    await simulator.close();
  });

  describe('sending orders', () => {
    it('answers the warehouse id of accepted orders and the reason of refused ones', async () => {
      const { connector, recorder } = wmsConnectorFor(simulator.url);
      const outcome = await connector.sendOrders([
        orderPush('1001', [{ sku: 'MUG-01', quantity: 2 }]),
        orderPush('1002', [{ sku: 'NOPE-99', quantity: 1 }]),
        orderPush('1003', [{ sku: 'MUG-02', quantity: 1 }], null),
        orderPush('1004', [{ sku: 'MUG-02', quantity: 6 }]),
      ]);

      expect(outcome.accepted).toEqual([{ reference: '1001', remoteId: expect.stringMatching(/^WO-/) }]);
      expect(outcome.rejected).toEqual([
        {
          reference: '1002',
          reason: 'SKU NOPE-99 is not stocked at this warehouse.',
          errorCode: 'UNKNOWN_SKU',
        },
        {
          reference: '1003',
          reason: expect.stringContaining('shipping address'),
          errorCode: 'ORDER_REJECTED',
        },
        {
          reference: '1004',
          reason: 'Not enough stock of MUG-02: 5 available, 6 ordered.',
          errorCode: 'ORDER_REJECTED',
        },
      ]);
      expect(simulator.state.order('1001')).toMatchObject({
        order_number: '#1001',
        status: 'accepted',
        lines: [{ sku: 'MUG-01', quantity: 2 }],
        shipping_address: { line1: '4 Mill Road', postcode: 'LS1 4DY', country: 'GB' },
      });
      // One record per call, the key never in it.
      expect(recorder.records).toHaveLength(1);
      expect(recorder.records[0]).toMatchObject({ method: 'POST', httpStatus: 200, kind: 'plugin' });
      expect(JSON.stringify(recorder.records)).not.toContain(TEST_KEY);
    });

    it('is idempotent on the reference: a re-sent order keeps its id and is stored once', async () => {
      const { connector } = wmsConnectorFor(simulator.url);
      const first = await connector.sendOrders([orderPush('2001', [{ sku: 'TEA-01', quantity: 3 }])]);
      const again = await connector.sendOrders([
        orderPush('2001', [{ sku: 'TEA-01', quantity: 3 }]),
        orderPush('2001', [{ sku: 'TEA-01', quantity: 3 }]),
      ]);

      expect(again.accepted).toEqual([first.accepted[0], first.accepted[0]]);
      expect(simulator.state.orders()).toHaveLength(1);
      // Units are allocated once, not per send.
      expect(simulator.state.stockLevels().find((level) => level.sku === 'TEA-01')).toEqual({
        sku: 'TEA-01',
        quantity: 40,
        available: 37,
      });
    });

    it('sends more than 100 orders as several calls of at most 100', async () => {
      simulator.state.setStock('TEA-01', 1000);
      const { connector } = wmsConnectorFor(simulator.url);
      const orders = Array.from({ length: 130 }, (_, index) =>
        orderPush(`B-${index}`, [{ sku: 'TEA-01', quantity: 1 }]),
      );
      const outcome = await connector.sendOrders(orders);

      expect(outcome.accepted).toHaveLength(130);
      const posts = simulator.state.calls().filter((call) => call.method === 'POST');
      expect(posts.map((call) => (call.body as { orders: unknown[] }).orders.length)).toEqual([100, 30]);
    });
  });

  describe('shipments', () => {
    it('pages with a cursor, in shipped order, and re-reads from an inclusive watermark', async () => {
      simulator.state.setStock('TEA-01', 1000);
      const { connector } = wmsConnectorFor(simulator.url);
      const references = Array.from({ length: 120 }, (_, index) => `S-${String(index).padStart(3, '0')}`);
      await connector.sendOrders(
        references.map((reference) => orderPush(reference, [{ sku: 'TEA-01', quantity: 1 }])),
      );
      for (const reference of references) simulator.state.ship(reference);

      const first = await connector.listShipments(null, null);
      expect(first.shipments).toHaveLength(100);
      expect(first.next).not.toBeNull();
      const second = await connector.listShipments(null, first.next);
      expect(second.shipments).toHaveLength(20);
      expect(second.next).toBeNull();
      const read = [...first.shipments, ...second.shipments];
      expect(read.map((shipment) => shipment.reference)).toEqual(references);
      expect(read[0]).toMatchObject({
        remoteId: 'SH-000001',
        courier: expect.any(String),
        trackingCode: expect.any(String),
        trackingUrl: expect.stringMatching(/^https:\/\//),
        lines: [{ sku: 'TEA-01', quantity: 1 }],
      });
      expect(second.watermark).toEqual(read.at(-1)!.shippedAt);

      // A shipment made after the read is found from the watermark; nothing older is read again.
      await connector.sendOrders([orderPush('S-late', [{ sku: 'TEA-01', quantity: 1 }])]);
      simulator.state.ship('S-late');
      const watermark = second.watermark!;
      const next = await connector.listShipments(watermark, null);
      expect(next.shipments.map((shipment) => shipment.reference)).toContain('S-late');
      for (const shipment of next.shipments) expect(shipment.shippedAt >= watermark).toBe(true);
      const atOrAfter = simulator.state
        .shipments()
        .filter((shipment) => Date.parse(shipment.shipped_at) >= watermark.getTime());
      expect(next.shipments.map((shipment) => shipment.remoteId)).toEqual(
        atOrAfter.map((shipment) => shipment.id),
      );
    });

    it('ships an accepted order after the configured delay and takes the units off the shelf', async () => {
      const shipping = await startWmsSimulator({
        apiKey: TEST_KEY,
        stock: { 'MUG-01': 10 },
        shipAfterMs: 50,
      });
      try {
        const { connector } = wmsConnectorFor(shipping.url);
        await connector.sendOrders([orderPush('A-1', [{ sku: 'MUG-01', quantity: 3 }])]);
        await waitFor(() => shipping.state.shipments().length === 1);

        const { shipments, watermark } = await connector.listShipments(null, null);
        expect(shipments).toEqual([
          expect.objectContaining({ reference: 'A-1', lines: [{ sku: 'MUG-01', quantity: 3 }] }),
        ]);
        expect(watermark).toEqual(shipments[0]!.shippedAt);
        expect(shipping.state.stock()).toEqual({ 'MUG-01': 7 });
        expect(shipping.state.order('A-1')).toMatchObject({
          status: 'shipped',
          shipment_id: shipments[0]!.remoteId,
        });
      } finally {
        await shipping.close();
      }
    });
  });

  describe('stock', () => {
    it('pages through every SKU and reports what is not promised to an order', async () => {
      const big = await startWmsSimulator({
        apiKey: TEST_KEY,
        skus: Array.from({ length: 300 }, (_, index) => `SKU-${String(index).padStart(3, '0')}`),
        initialQuantity: 20,
        shipAfterMs: null,
      });
      try {
        const { connector } = wmsConnectorFor(big.url);
        await connector.sendOrders([orderPush('ST-1', [{ sku: 'SKU-005', quantity: 4 }])]);
        const first = await connector.listStockLevels(null);
        expect(first.levels).toHaveLength(250);
        expect(first.next).not.toBeNull();
        const second = await connector.listStockLevels(first.next);
        expect(second.levels).toHaveLength(50);
        expect(second.next).toBeNull();
        const levels = [...first.levels, ...second.levels];
        expect(new Set(levels.map((level) => level.sku)).size).toBe(300);
        expect(levels.find((level) => level.sku === 'SKU-005')).toEqual({ sku: 'SKU-005', quantity: 16 });

        big.state.ship('ST-1');
        const after = await connector.listStockLevels(null);
        expect(after.levels.find((level) => level.sku === 'SKU-005')).toEqual({
          sku: 'SKU-005',
          quantity: 16,
        });
        expect(big.state.stock()['SKU-005']).toBe(16);
      } finally {
        await big.close();
      }
    });
  });

  describe('errors', () => {
    it('maps a wrong key to an auth error, as the warehouse answered it', async () => {
      const { connector, recorder } = wmsConnectorFor(simulator.url, { apiKey: 'not-the-key-123456' });
      const error = await connectorErrorOf(connector.listStockLevels(null));

      expect(error.kind).toBe('auth');
      expect(error.details).toMatchObject({ provider: 'wms', httpStatus: 401, code: 'UNAUTHORIZED' });
      expect(error.message).toBe(
        'The warehouse refused the API key (401 UNAUTHORIZED): The API key is not valid.',
      );
      expect(simulator.state.calls().map((call) => call.status)).toEqual([401]);
      expect(recorder.records[0]).toMatchObject({ httpStatus: 401, attempts: 1 });
    });

    it('refuses a rotated key', async () => {
      const { connector } = wmsConnectorFor(simulator.url);
      await connector.listStockLevels(null);
      simulator.state.setApiKey('wms-rotated-key-0002');
      expect((await connectorErrorOf(connector.listStockLevels(null))).kind).toBe('auth');
    });

    it('waits out its rate limit through the transport (429 + Retry-After) and then succeeds', async () => {
      simulator.state.setRateLimit({ calls: 2, periodSeconds: 1 });
      const { connector, recorder } = wmsConnectorFor(simulator.url);
      for (let call = 0; call < 3; call += 1) await connector.listStockLevels(null);

      const statuses = simulator.state.calls().map((call) => call.status);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(recorder.records.every((record) => record.httpStatus === 200)).toBe(true);
      expect(recorder.records.some((record) => record.attempts > 1)).toBe(true);
    });

    it('gives up with a rate_limited error when the warehouse keeps answering 429', async () => {
      simulator.state.addFault({ status: 429, count: 5 });
      const { connector } = wmsConnectorFor(simulator.url, { http: { maxAttempts: 2 } });
      const error = await connectorErrorOf(connector.listShipments(null, null));
      expect(error).toMatchObject({
        kind: 'rate_limited',
        details: { httpStatus: 429, code: 'RATE_LIMITED' },
      });
    });

    it('turns server errors, malformed bodies and silence into their kinds, then recovers', async () => {
      const { connector } = wmsConnectorFor(simulator.url, { http: { timeoutMs: 300 } });

      simulator.state.addFault({ status: 500, count: 1, path: '^/v1/orders$' });
      const server = await connectorErrorOf(
        connector.sendOrders([orderPush('F-1', [{ sku: 'MUG-01', quantity: 1 }])]),
      );
      expect(server).toMatchObject({ kind: 'server', details: { httpStatus: 500, code: 'INTERNAL' } });
      // A POST is not repeated after a 5xx: the warehouse may have taken it.
      expect(simulator.state.calls().filter((call) => call.method === 'POST')).toHaveLength(1);

      simulator.state.addFault({ mode: 'malformed', count: 1 });
      expect((await connectorErrorOf(connector.listStockLevels(null))).kind).toBe('malformed');

      simulator.state.addFault({ mode: 'timeout', count: 1, path: 'shipments' });
      expect((await connectorErrorOf(connector.listShipments(null, null))).kind).toBe('timeout');

      // A 503 on a read is retried by the transport and the read succeeds.
      simulator.state.addFault({ status: 503, count: 1, path: 'stock' });
      await expect(connector.listStockLevels(null)).resolves.toMatchObject({ next: null });

      // Faults are used up or cleared: the same order goes through.
      simulator.state.addFault({ status: 500, count: 10 });
      simulator.state.clearFaults();
      const outcome = await connector.sendOrders([orderPush('F-1', [{ sku: 'MUG-01', quantity: 1 }])]);
      expect(outcome.accepted).toHaveLength(1);
    });

    it('refuses to call a target the deployment forbids, and needs its settings', async () => {
      const refused = wmsConnectorFor(simulator.url, {
        http: { checkTarget: async () => 'The address is private: calls to it are not allowed.' },
      });
      expect((await connectorErrorOf(refused.connector.listStockLevels(null))).kind).toBe('refused_target');
      expect(simulator.state.calls()).toHaveLength(0);

      const unset = wmsConnectorFor('');
      expect(await connectorErrorOf(unset.connector.listStockLevels(null))).toMatchObject({
        kind: 'validation',
        message: 'The WMS plugin has no API URL: set it in the plugin settings.',
      });
    });
  });
});
