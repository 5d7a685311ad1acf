import { ConnectorError } from '../../../connector';
import type { MiraklSimulator } from '../simulator';
import {
  connectionTo,
  connectorFor,
  rejectionOf,
  startSimulator,
  waitFor,
} from '../../../testing/mirakl-test-kit';

/** OR21 accept, OR23 tracking then OR24 ship, against the simulator's state machine. */
describe('Mirakl connector: accept and ship', () => {
  let simulator: MiraklSimulator;

  beforeEach(async () => {
    // The debit lasts long enough that a busy machine still reads the order before it ends (a 50 ms
    // debit was over before the accept's answer was handled once, under load).
    simulator = await startSimulator({ debitMs: 1_500 });
  });
  afterEach(() => simulator.close());

  const stateOf = (orderId: string) => simulator.state.order(orderId)!.order_state;

  it('accepts the named lines, and the order moves through the debit to SHIPPING', async () => {
    const order = simulator.state.createOrder({ lines: [{ sku: 'A' }, { sku: 'B' }] });
    const { connector } = connectorFor(connectionTo(simulator));

    await connector.acceptOrder!(
      order.order_id,
      order.order_lines.map((line) => line.order_line_id),
    );

    expect(stateOf(order.order_id)).toBe('WAITING_DEBIT_PAYMENT');
    await waitFor(() => stateOf(order.order_id) === 'SHIPPING');
    const accept = simulator.state.calls().find((call) => call.path.endsWith('/accept'))!;
    expect(accept).toMatchObject({ method: 'PUT', status: 204 });
  });

  it('accepts every line when none is named', async () => {
    const order = simulator.state.createOrder({ lines: [{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }] });
    const { connector } = connectorFor(connectionTo(simulator));

    await connector.acceptOrder!(order.order_id, []);

    expect(stateOf(order.order_id)).toBe('WAITING_DEBIT_PAYMENT');
  });

  it('reports an order that is no longer waiting for acceptance as an invalid state, with Mirakl’s code', async () => {
    const order = simulator.state.createOrder({ state: 'SHIPPING' });
    const { connector, records } = connectorFor(connectionTo(simulator));

    const error = await rejectionOf(
      connector.acceptOrder!(order.order_id, [order.order_lines[0]!.order_line_id]),
    );

    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({
      kind: 'invalid_state',
      details: { provider: 'mirakl', httpStatus: 400, code: 'ORDER_INVALID_STATE' },
    });
    expect((error as Error).message).toContain('SHIPPING');
    expect(records.at(-1)).toMatchObject({ httpStatus: 400, method: 'PUT' });
  });

  it('reports unknown orders and lines as not found', async () => {
    const order = simulator.state.createOrder();
    const { connector } = connectorFor(connectionTo(simulator));

    expect(await rejectionOf(connector.acceptOrder!('NOPE-A', ['NOPE-A-1']))).toMatchObject({
      kind: 'not_found',
      details: { code: 'ORDER_NOT_FOUND' },
    });
    expect(await rejectionOf(connector.acceptOrder!(order.order_id, ['NOPE-A-1']))).toMatchObject({
      kind: 'not_found',
      details: { code: 'ORDER_LINE_NOT_FOUND' },
    });
  });

  it('sends the tracking with a registered carrier code, then ships', async () => {
    const order = simulator.state.createOrder({ state: 'SHIPPING' });
    const { connector } = connectorFor(connectionTo(simulator));

    const answer = await connector.pushFulfilment!({
      orderRemoteId: order.order_id,
      lines: [],
      courier: 'dhl express',
      trackingCode: 'JD0001',
    });

    expect(answer).toEqual({ remoteId: null });
    expect(simulator.state.order(order.order_id)).toMatchObject({
      order_state: 'SHIPPED',
      shipping_carrier_code: 'DHL',
      shipping_tracking: 'JD0001',
      shipping_tracking_url: 'https://www.dhl.com/track?tracking-id=JD0001',
    });
    const puts = simulator.state.calls().filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path.replace(/.*\//, ''), call.status])).toEqual([
      ['tracking', 204],
      ['ship', 204],
    ]);
  });

  it('names an unregistered carrier with its tracking link, and a repeated push after shipping succeeds', async () => {
    const order = simulator.state.createOrder({ state: 'SHIPPING' });
    const { connector } = connectorFor(connectionTo(simulator));
    const fulfilment = {
      orderRemoteId: order.order_id,
      lines: [],
      courier: 'Chronopost',
      trackingCode: 'XY123',
      trackingUrl: 'https://www.chronopost.fr/tracking?listeNumerosLT=XY123',
    };

    await connector.pushFulfilment!(fulfilment);
    // A retry after a lost answer: OR24 refuses with a bare 400 (no documented code), and OR11 says
    // the order is SHIPPED, which is the outcome we wanted.
    await connector.pushFulfilment!(fulfilment);
    const ships = simulator.state.calls().filter((call) => call.path.endsWith('/ship'));
    expect(ships.map((call) => call.status)).toEqual([204, 400]);

    expect(simulator.state.order(order.order_id)).toMatchObject({
      order_state: 'SHIPPED',
      shipping_carrier_code: null,
      shipping_company: 'Chronopost',
      shipping_tracking_url: fulfilment.trackingUrl,
    });
  });

  it('refuses to ship an order that is not accepted yet', async () => {
    const order = simulator.state.createOrder();
    const { connector } = connectorFor(connectionTo(simulator));

    const error = await rejectionOf(
      connector.pushFulfilment!({
        orderRemoteId: order.order_id,
        lines: [],
        courier: null,
        trackingCode: null,
      }),
    );

    // OR24 documents no error code; the refusal is a plain 400 and stays one (the order is not shipped).
    expect(error).toMatchObject({ kind: 'validation', details: { httpStatus: 400, code: null } });
    expect(stateOf(order.order_id)).toBe('WAITING_ACCEPTANCE');
  });
});
