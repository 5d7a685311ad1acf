import { startWmsSimulator, type RunningWmsSimulator } from '../simulator';
import { TEST_KEY } from '../../../testing/wms-test-kit';

/** The contract's wire details a warehouse must get right, read straight off the simulator. */
describe('WMS simulator: the REST contract and its controls', () => {
  let simulator: RunningWmsSimulator;
  const auth = { authorization: `Bearer ${TEST_KEY}` };

  beforeEach(async () => {
    simulator = await startWmsSimulator({
      apiKey: TEST_KEY,
      stock: { 'MUG-01': 10, 'TEA-01': 5, 'CND-01': 0 },
      shipAfterMs: null,
      rateLimit: { calls: 5, periodSeconds: 60 },
    });
  });

  afterEach(async () => {
    await simulator.close();
  });

  it('answers 401 with the error body and a Bearer challenge, without spending the budget', async () => {
    const missing = await fetch(`${simulator.url}/v1/stock`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await missing.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'An API key is required: send Authorization: Bearer <key>.' },
    });

    const ok = await fetch(`${simulator.url}/v1/stock`, { headers: auth });
    expect(ok.headers.get('x-ratelimit-limit')).toBe('5');
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('counts down X-RateLimit-Remaining and answers 429 RATE_LIMITED with Retry-After past the limit', async () => {
    for (let call = 0; call < 5; call += 1) {
      expect((await fetch(`${simulator.url}/v1/stock`, { headers: auth })).status).toBe(200);
    }
    const refused = await fetch(`${simulator.url}/v1/stock`, { headers: auth });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });

  it('refuses a malformed request with VALIDATION_FAILED and an unknown call with NOT_FOUND', async () => {
    const post = (body: string) =>
      fetch(`${simulator.url}/v1/orders`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
    const notJson = await post('{"orders": [');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    const tooMany = await post(JSON.stringify({ orders: Array.from({ length: 101 }, () => ({})) }));
    expect(await tooMany.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'orders must hold 1 to 100 orders.' },
    });
    const badLine = await post(
      JSON.stringify({
        orders: [{ reference: 'X', order_number: 'X', lines: [{ sku: 'MUG-01', quantity: 0 }] }],
      }),
    );
    expect(await badLine.json()).toEqual({
      results: [
        {
          reference: 'X',
          status: 'rejected',
          error: {
            code: 'VALIDATION_FAILED',
            message: 'lines[0].quantity must be a whole number of at least 1',
          },
        },
      ],
    });
    const badCursor = await fetch(`${simulator.url}/v1/shipments?cursor=nonsense`, { headers: auth });
    expect(badCursor.status).toBe(400);
    const unknown = await fetch(`${simulator.url}/v1/orders/NOPE`, { headers: auth });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('is driven through /__simulator/: orders, ship now, stock, faults, calls and state', async () => {
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${simulator.url}/__simulator/${path}`, {
        method,
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });

    const created = await control('POST', 'orders', {
      reference: 'R-1',
      lines: [{ sku: 'MUG-01', quantity: 2 }],
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { result: { status: string } }).result.status).toBe('accepted');
    // Without lines it makes a plausible order of its own.
    expect((await control('POST', 'orders')).status).toBe(201);

    const shipped = await control('POST', 'ship/R-1');
    const { shipment } = (await shipped.json()) as { shipment: { carrier: string; tracking_number: string } };
    expect(shipment.carrier).toBeTruthy();
    expect(shipment.tracking_number).toBeTruthy();
    expect((await control('POST', 'ship/R-1')).status).toBe(409);
    expect((await control('POST', 'ship/NOPE')).status).toBe(404);

    expect((await (await control('GET', 'stock')).json()) as { stock: Record<string, number> }).toMatchObject(
      {
        stock: { 'MUG-01': 8 },
      },
    );
    await control('PUT', 'stock', { levels: [{ sku: 'CND-01', quantity: 12 }] });
    expect(simulator.state.stock()['CND-01']).toBe(12);

    await control('POST', 'faults', { status: 503, count: 2, path: 'stock' });
    expect((await fetch(`${simulator.url}/v1/stock`, { headers: auth })).status).toBe(503);
    expect((await fetch(`${simulator.url}/v1/shipments`, { headers: auth })).status).toBe(200);
    await control('DELETE', 'faults');
    expect((await fetch(`${simulator.url}/v1/stock`, { headers: auth })).status).toBe(200);
    expect((await control('POST', 'faults', { status: 418 })).status).toBe(400);

    const { calls } = (await (await control('GET', 'calls')).json()) as {
      calls: { method: string; path: string; status: number; timeMs: number }[];
    };
    expect(calls.map((call) => [call.path, call.status])).toEqual([
      ['/v1/stock', 503],
      ['/v1/shipments', 200],
      ['/v1/stock', 200],
    ]);
    expect(typeof calls[0]!.timeMs).toBe('number');

    const state = (await (await control('GET', 'state')).json()) as Record<string, unknown>;
    expect(state).toMatchObject({
      orders: { accepted: 1, shipped: 1 },
      shipments: 1,
      skus: 3,
      traffic: false,
    });
  });

  it('moves stock as demo traffic until stopped', async () => {
    simulator.state.setStock('MUG-01', 1);
    simulator.state.setStock('TEA-01', 1);
    simulator.state.setStock('CND-01', 1);
    simulator.state.startTraffic(10);
    const before = JSON.stringify(simulator.state.stock());
    const deadline = Date.now() + 15_000;
    while (JSON.stringify(simulator.state.stock()) === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    simulator.state.stopTraffic();
    expect(JSON.stringify(simulator.state.stock())).not.toBe(before);
    expect(simulator.state.summary().traffic).toBe(false);
  });
});
