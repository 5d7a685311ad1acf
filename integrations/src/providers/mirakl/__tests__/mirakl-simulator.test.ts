import { readJson } from '../../../testing/read-json';
import type { MiraklSimulator } from '../simulator';
import { startSimulator, TEST_KEY, waitFor } from '../../../testing/mirakl-test-kit';

/** The simulator's own behaviour over raw HTTP, as any client (not only our connector) meets it. */
describe('Mirakl simulator', () => {
  const POLL_WINDOW_MS = 1_000;
  let simulator: MiraklSimulator;

  beforeEach(async () => {
    simulator = await startSimulator({
      skus: ['MUG-1'],
      debitMs: 30,
      importWaitingMs: 150,
      importRunningMs: 150,
      stockImportWindowMs: 60_000,
      statusPollWindowMs: POLL_WINDOW_MS,
    });
  });
  afterEach(() => simulator.close());

  const call = (
    method: string,
    path: string,
    body?: RequestInit['body'],
    headers: Record<string, string> = {},
  ) => fetch(`${simulator.url}${path}`, { method, body, headers: { authorization: TEST_KEY, ...headers } });
  const json = { 'content-type': 'application/json' };

  it('walks an order through accept, debit, tracking and ship, refusing steps out of order', async () => {
    const order = simulator.state.createOrder({ lines: [{ sku: 'MUG-1', quantity: 1 }] });
    const path = `/api/orders/${order.order_id}`;
    const lineId = order.order_lines[0]!.order_line_id;

    expect((await call('PUT', `${path}/ship`)).status).toBe(400);
    expect(
      (
        await call(
          'PUT',
          `${path}/accept`,
          JSON.stringify({ order_lines: [{ id: lineId, accepted: true }] }),
          json,
        )
      ).status,
    ).toBe(204);
    const again = await call(
      'PUT',
      `${path}/accept`,
      JSON.stringify({ order_lines: [{ id: lineId, accepted: true }] }),
      json,
    );
    expect(again.status).toBe(400);
    expect(await readJson(again)).toMatchObject({ status: 400, code: 'ORDER_INVALID_STATE' });

    await waitFor(() => simulator.state.order(order.order_id)!.order_state === 'SHIPPING');
    const tracking = JSON.stringify({ carrier_code: 'UPS', tracking_number: '1Z999' });
    expect((await call('PUT', `${path}/tracking`, tracking, json)).status).toBe(204);
    expect((await call('PUT', `${path}/ship`)).status).toBe(204);
    expect(simulator.state.order(order.order_id)).toMatchObject({
      order_state: 'SHIPPED',
      shipping_tracking: '1Z999',
      order_lines: [expect.objectContaining({ order_line_state: 'SHIPPED' })],
    });
    expect((await call('PUT', `${path}/ship`)).status).toBe(400);
  });

  it('refuses every line: the order is refused; a missing decision is an error', async () => {
    const order = simulator.state.createOrder({ lines: [{ sku: 'MUG-1' }, { sku: 'MUG-1' }] });
    const [first, second] = order.order_lines.map((line) => line.order_line_id);
    const accept = (lines: unknown) =>
      call('PUT', `/api/orders/${order.order_id}/accept`, JSON.stringify({ order_lines: lines }), json);

    const missing = await accept([{ id: first, accepted: true }]);
    expect(await readJson(missing)).toMatchObject({ code: 'ORDER_LINE_ACCEPTANCE_DECISION_MISSING' });
    expect(
      (
        await accept([
          { id: first, accepted: false },
          { id: second, accepted: false },
        ])
      ).status,
    ).toBe(204);
    expect(simulator.state.order(order.order_id)!.order_state).toBe('REFUSED');
  });

  it('runs a stock import WAITING → RUNNING → COMPLETE, with STO01 and STO02 frequencies enforced', async () => {
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob(['"offer-sku";"quantity"\n"MUG-1";"12"\n']), 'stock.csv');
      return call('POST', '/api/offers/stock/imports', form);
    };
    const created = await upload();
    expect(created.status).toBe(201);
    const { import_id: importId } = await readJson(created);

    const tooSoon = await upload();
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);

    const seen: string[] = [];
    let lastPoll = 0;
    const deadline = Date.now() + 20_000;
    while (seen.at(-1) !== 'COMPLETE') {
      if (Date.now() > deadline) throw new Error(`import still ${seen.at(-1)}`);
      // Poll as Mirakl asks: no sooner than the window after the previous poll.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, lastPoll + POLL_WINDOW_MS + 20 - Date.now())),
      );
      lastPoll = Date.now();
      const status = await call('GET', `/api/offers/stock/imports/${importId}/status`);
      expect(status.status).toBe(200);
      const body = await readJson(status);
      if (seen.at(-1) !== body.status) seen.push(body.status);
    }
    // In this order, though a busy machine may poll past a short state.
    expect(seen).toEqual(['WAITING', 'RUNNING', 'COMPLETE'].filter((status) => seen.includes(status)));
    expect(simulator.state.stock()).toEqual({ 'MUG-1': 12 });

    // Right after a poll the next one is refused; a window later two at once: one goes through.
    expect((await call('GET', `/api/offers/stock/imports/${importId}/status`)).status).toBe(429);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, lastPoll + POLL_WINDOW_MS + 20 - Date.now())),
    );
    const burst = await Promise.all(
      [1, 2].map(() => call('GET', `/api/offers/stock/imports/${importId}/status`)),
    );
    expect(burst.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect((await call('GET', `/api/offers/stock/imports/${importId}/error_report`)).status).toBe(404);
  });

  it('refuses a stock upload without its file', async () => {
    const answer = await call('POST', '/api/offers/stock/imports', JSON.stringify({}), json);
    expect(answer.status).toBe(400);
  });

  it('numbers orders from the given start, so a restarted demo does not reuse ids', async () => {
    const later = await startSimulator({ firstOrderNumber: 4200 });
    try {
      expect(later.state.createOrder()).toMatchObject({
        commercial_id: 'SIM-004200',
        order_id: 'SIM-004200-A',
      });
    } finally {
      await later.close();
    }
  });

  it('creates plausible orders as demo traffic until told to stop', async () => {
    simulator.state.startTraffic(50);
    await waitFor(() => simulator.state.orders().length >= 2);
    simulator.state.stopTraffic();
    const orders = simulator.state.orders();
    expect(orders.every((order) => order.order_lines.every((line) => line.offer_sku === 'MUG-1'))).toBe(true);
    expect((await readJson(await fetch(`${simulator.url}/__simulator/state`))).traffic).toBe(false);
  });
});
