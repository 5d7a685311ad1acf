import { providerFor } from '../../../registry';
import { MIRAKL_OPERATION_LIMITS } from '../mirakl.connector';
import { rejectedLinesOf } from '../mirakl-stock-file';
import { miraklProvider } from '../mirakl.provider';
import type { MiraklSimulator } from '../simulator';
import { connectionTo, connectorFor, startSimulator } from '../../../testing/mirakl-test-kit';

/**
 * STO01 + STO02 (+ STO03): every pending SKU in one file, the import polled until it completes,
 * rejected lines read from the error report. Mirakl's windows (60 s, 15 s) are shortened on both
 * sides, never skipped: the simulator still answers 429 inside them.
 */
describe('Mirakl connector: stock', () => {
  const STATUS_WINDOW_MS = 250;
  const STOCK_WINDOW_MS = 2_000;
  let simulator: MiraklSimulator;

  beforeEach(async () => {
    simulator = await startSimulator({
      skus: ['MUG-1', 'LID-1', 'CUP-1'],
      stockImportWindowMs: STOCK_WINDOW_MS,
      statusPollWindowMs: STATUS_WINDOW_MS,
      importWaitingMs: 100,
      importRunningMs: 200,
    });
  });
  afterEach(() => simulator.close());

  const stockCalls = () =>
    simulator.state.calls().filter((call) => call.path.startsWith('/api/offers/stock'));

  it('serves every Mirakl retailer, declares what it lacks and Mirakl’s own limits', () => {
    expect(providerFor('mirakl-decathlon')).toBe(miraklProvider);
    expect(providerFor('mirakl-fnac')).toBe(miraklProvider);
    expect(providerFor('shopify')).not.toBe(miraklProvider);
    const connector = connectorFor(connectionTo(simulator)).connector;
    expect([...connector.capabilities].sort()).toEqual([
      'acceptOrder',
      'getOrders',
      'listOrders',
      'listProducts',
      'pushFulfilment',
      'pushStock',
    ]);
    expect(connector.refreshToken).toBeUndefined();
    expect(connector.subscribeWebhooks).toBeUndefined();
    expect(miraklProvider.rateLimits).toBe(MIRAKL_OPERATION_LIMITS);
    expect(MIRAKL_OPERATION_LIMITS).toEqual({
      update_stock: { calls: 1, periodSeconds: 60 },
      stock_import_status: { calls: 1, periodSeconds: 15 },
      orders_poll: { calls: 1, periodSeconds: 60 },
      product_export_status: { calls: 1, periodSeconds: 10 },
    });
  });

  it('sends every SKU in one file, polls the import and reports refused lines', async () => {
    const { connector } = connectorFor(connectionTo(simulator), { statusPollMs: STATUS_WINDOW_MS });

    const outcome = await connector.pushStock!([
      { sku: 'MUG-1', quantity: 4 },
      { sku: 'LID-1', quantity: 9 },
      { sku: 'MUG-1', quantity: 3 },
      { sku: 'GHOST-1', quantity: 1 },
    ]);

    expect(outcome.accepted.sort()).toEqual(['LID-1', 'MUG-1']);
    expect(outcome.rejected).toEqual([
      { sku: 'GHOST-1', reason: 'The offer does not exist', errorCode: 'stock_line_rejected' },
    ]);
    expect(simulator.state.stock()).toEqual({ 'CUP-1': 0, 'LID-1': 9, 'MUG-1': 3 });

    const [upload] = simulator.state.stockImports();
    expect(upload!.file).toBe('"offer-sku";"quantity"\n"MUG-1";"3"\n"LID-1";"9"\n"GHOST-1";"1"\n');
    const calls = stockCalls();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(calls.filter((call) => call.path.endsWith('/status')).length).toBeGreaterThanOrEqual(1);
    expect(calls.some((call) => call.path.endsWith('/error_report'))).toBe(true);
    // Polls waited the window each time: the simulator never had to refuse one.
    expect(calls.filter((call) => call.status === 429)).toEqual([]);
  });

  it('a second push inside the minute waits as Mirakl says (429 + Retry-After) and then goes through', async () => {
    const { connector } = connectorFor(connectionTo(simulator), { statusPollMs: STATUS_WINDOW_MS });

    await connector.pushStock!([{ sku: 'CUP-1', quantity: 5 }]);
    const outcome = await connector.pushStock!([{ sku: 'CUP-1', quantity: 2 }]);

    expect(outcome).toEqual({ accepted: ['CUP-1'], rejected: [] });
    expect(simulator.state.stock()['CUP-1']).toBe(2);
    const uploads = stockCalls().filter((call) => call.method === 'POST');
    const accepted = uploads.filter((call) => call.status === 201);
    expect(accepted).toHaveLength(2);
    expect(accepted[1]!.time - accepted[0]!.time).toBeGreaterThanOrEqual(STOCK_WINDOW_MS);
    // The second push normally starts inside the window and is told to wait; on a machine so busy
    // that the first push outlasted the window, it goes straight through.
    const secondTry = uploads[1]!;
    expect(secondTry.status).toBe(secondTry.time - accepted[0]!.time < STOCK_WINDOW_MS ? 429 : 201);
  });

  it('reads STO03 by position (line number, reason): a refused SKU is never counted as accepted', async () => {
    const { connector } = connectorFor(connectionTo(simulator), { statusPollMs: STATUS_WINDOW_MS });

    const outcome = await connector.pushStock!([
      { sku: 'MUG-1', quantity: 1 },
      { sku: 'GHOST-1', quantity: 2 },
      { sku: 'LID-1', quantity: 3 },
      { sku: 'GHOST-2', quantity: 4 },
    ]);

    expect(outcome.accepted.sort()).toEqual(['LID-1', 'MUG-1']);
    expect(outcome.rejected.map((line) => line.sku).sort()).toEqual(['GHOST-1', 'GHOST-2']);
    const [upload] = simulator.state.stockImports();
    expect(upload!.errors.map((error) => error.line)).toEqual([3, 5]);
  });

  it('claims no SKU accepted when the report names a line it cannot trace', () => {
    const sent = [{ sku: 'A' }, { sku: 'B' }];
    // Line 9 is beyond what we sent and repeats no SKU of ours: one of A, B was refused, unknown which.
    expect(rejectedLinesOf('"line";"error"\n"3";"Bad quantity";"B";"x"\n"9";"Unknown"\n', sent)).toEqual({
      rejected: [{ sku: 'B', reason: 'Bad quantity' }],
      untraced: 1,
    });
    // No header at all, the SKU column missing: traced by line number alone.
    expect(rejectedLinesOf('2;Offer inactive\n', sent)).toEqual({
      rejected: [{ sku: 'A', reason: 'Offer inactive' }],
      untraced: 0,
    });
  });

  it('sends nothing when nothing is pending', async () => {
    const { connector } = connectorFor(connectionTo(simulator));
    expect(await connector.pushStock!([])).toEqual({ accepted: [], rejected: [] });
    expect(stockCalls()).toEqual([]);
  });
});
