import { readJson } from '../../../testing/read-json';
import { ConnectorError } from '../../../connector';
import { readMiraklError } from '../mirakl-errors';
import type { MiraklSimulator } from '../simulator';
import {
  connectionTo,
  connectorFor,
  rejectionOf,
  startSimulator,
  TEST_KEY,
} from '../../../testing/mirakl-test-kit';

/** How every failure of the API reaches the engine: a ConnectorError of the right kind, and a record. */
describe('Mirakl connector: failures', () => {
  let simulator: MiraklSimulator;

  beforeEach(async () => {
    simulator = await startSimulator({ newOrderState: 'SHIPPING' });
    simulator.state.createOrder();
  });
  afterEach(() => simulator.close());

  const list = (connector: ReturnType<typeof connectorFor>['connector']) => connector.listOrders!(null, null);

  it('a wrong key is an auth error (keys never expire), answered 401 as Mirakl words it', async () => {
    const { connector, records } = connectorFor(connectionTo(simulator, {}, { api_key: 'wrong-key-123456' }));

    const error = await rejectionOf(list(connector));

    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: 'auth', details: { provider: 'mirakl', httpStatus: 401 } });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ httpStatus: 401, attempts: 1 });
    expect(records[0]!.responseBody).toContain('API call without authentication');
    const answer = await fetch(`${simulator.url}/api/orders`, {
      headers: { authorization: `Bearer ${TEST_KEY}` },
    });
    expect(answer.status).toBe(401);
  });

  it('sends the shop id when the channel has one, and a wrong one is refused', async () => {
    const right = connectorFor(connectionTo(simulator, { shop_id: simulator.state.shopId }));
    expect((await list(right.connector)).orders).toHaveLength(1);
    expect(simulator.state.calls().at(-1)!.path).toContain(`shop_id=${simulator.state.shopId}`);

    const wrong = connectorFor(connectionTo(simulator, { shop_id: '999' }));
    expect(await rejectionOf(list(wrong.connector))).toMatchObject({ kind: 'auth' });
  });

  it('waits out one 429 (Retry-After) and succeeds; keeps getting 429 and fails as rate limited', async () => {
    simulator.state.addFault({ status: 429, count: 1, path: '^/api/orders' });
    const { connector, records } = connectorFor(connectionTo(simulator));

    expect((await list(connector)).orders).toHaveLength(1);
    expect(simulator.state.calls().map((call) => call.status)).toEqual([429, 200]);
    expect(records.at(-1)).toMatchObject({ httpStatus: 200, attempts: 2 });

    simulator.state.addFault({ status: 429, count: 5 });
    expect(await rejectionOf(list(connector))).toMatchObject({
      kind: 'rate_limited',
      details: { httpStatus: 429 },
    });
  });

  it('retries a 5xx on a read, and reports one that lasts as a server error', async () => {
    simulator.state.addFault({ status: 503, count: 1 });
    const { connector } = connectorFor(connectionTo(simulator));
    expect((await list(connector)).orders).toHaveLength(1);

    simulator.state.addFault({ status: 500, count: 3 });
    const error = await rejectionOf(list(connector));
    expect(error).toMatchObject({ kind: 'server', details: { httpStatus: 500 } });
    expect((error as Error).message).toContain('Internal server error');
  });

  it('reports a call that never answers as a timeout', async () => {
    simulator.state.addFault({ status: 500, count: 1, mode: 'timeout' });
    const { connector, records } = connectorFor(connectionTo(simulator), {}, { timeoutMs: 300 });

    expect(await rejectionOf(list(connector))).toMatchObject({ kind: 'timeout' });
    // The record's own errorCode is the transport's business (it reads the abort by `instanceof
    // Error`, which jest's separate realm defeats); here: one failed record without an answer.
    expect(records.at(-1)).toMatchObject({ httpStatus: null, responseBody: null });
  });

  it('reports a body that is not JSON as malformed', async () => {
    simulator.state.addFault({ status: 500, count: 1, mode: 'malformed' });
    const { connector } = connectorFor(connectionTo(simulator));

    expect(await rejectionOf(list(connector))).toMatchObject({
      kind: 'malformed',
      details: { httpStatus: 200 },
    });
  });

  it('refuses a missing shop URL or key before calling anyone', async () => {
    const noUrl = connectorFor(connectionTo(simulator, { shop_url: '' }));
    expect(await rejectionOf(list(noUrl.connector))).toMatchObject({ kind: 'validation' });
    const noKey = connectorFor(connectionTo(simulator, {}, {}));
    expect(await rejectionOf(list(noKey.connector))).toMatchObject({ kind: 'auth' });
    expect(simulator.state.calls()).toEqual([]);
  });

  it('reads error bodies of any shape (the real one is not documented)', () => {
    expect(readMiraklError('{"status":400,"message":"Bad state","code":"ORDER_INVALID_STATE"}')).toEqual({
      message: 'Bad state',
      code: 'ORDER_INVALID_STATE',
    });
    expect(readMiraklError('{"errors":[{"code":"VALIDATION_ERROR","message":"max too large"}]}')).toEqual({
      message: 'max too large',
      code: 'VALIDATION_ERROR',
    });
    expect(readMiraklError('<html>Bad gateway</html>')).toEqual({
      message: '<html>Bad gateway</html>',
      code: null,
    });
    expect(readMiraklError('')).toEqual({ message: null, code: null });
  });

  it('control endpoints arm and clear faults and report what was received', async () => {
    const arm = await fetch(`${simulator.url}/__simulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, count: 2, path: 'orders' }),
    });
    expect(arm.status).toBe(201);
    expect((await readJson(await fetch(`${simulator.url}/__simulator/state`))).faults).toHaveLength(1);
    await fetch(`${simulator.url}/__simulator/faults`, { method: 'DELETE' });
    const { connector } = connectorFor(connectionTo(simulator));
    expect((await list(connector)).orders).toHaveLength(1);

    const created = await fetch(`${simulator.url}/__simulator/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku: 'NEW-1', quantity: 2 }] }),
    });
    expect(created.status).toBe(201);
    expect((await readJson(await fetch(`${simulator.url}/__simulator/stock`))).stock).toHaveProperty(
      'NEW-1',
      0,
    );
    const { calls } = await readJson(await fetch(`${simulator.url}/__simulator/calls`));
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', status: 200 })]);
  });
});
