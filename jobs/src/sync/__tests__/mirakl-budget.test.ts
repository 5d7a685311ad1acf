import type { RateLimit } from '@syncdesk/contracts';
import { memoryRecorder } from '@syncdesk/integrations';
import { createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
import { createChannelHttp } from '@syncdesk/integrations';
import { SharedRateBudget } from '@syncdesk/integrations';
import { createBudgetTable, uniquePrefix } from './rate-budget-fixtures';
import { createMiraklConnector, MIRAKL_OPERATION_LIMITS } from '@syncdesk/integrations';
import type { MiraklSimulator } from '@syncdesk/integrations';
import { miraklTestKit } from '@syncdesk/integrations/testing';

const { connectionTo, startSimulator } = miraklTestKit;

/**
 * With the shared budget holding Mirakl's own limits (time scaled down 30×, on both sides), the
 * connector never meets a 429: its budget operations are the ones Mirakl counts.
 */
describe('Mirakl connector under the shared rate budget', () => {
  const SCALE = 30;
  const limits: Record<string, RateLimit> = Object.fromEntries(
    Object.entries(MIRAKL_OPERATION_LIMITS).map(([operation, limit]) => [
      operation,
      { calls: limit.calls, periodSeconds: limit.periodSeconds / SCALE },
    ]),
  );
  let database: TestDatabase;
  let simulator: MiraklSimulator;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'mirakl_budget');
    await createBudgetTable(database.sequelize);
    simulator = await startSimulator({
      skus: ['MUG-1'],
      stockImportWindowMs: (60 * 1000) / SCALE,
      statusPollWindowMs: (15 * 1000) / SCALE,
      importWaitingMs: 100,
      importRunningMs: 700,
    });
  });
  afterAll(async () => {
    await simulator?.close();
    await database?.drop();
  });

  it('pushes twice in a row and polls without a single 429', async () => {
    const connection = connectionTo(simulator);
    const http = createChannelHttp({
      connection: { id: connection.id, companyId: 1, storeId: 1, kind: 'channel', provider: 'Decathlon' },
      jobType: 'submit_inventory',
      limits,
      budget: new SharedRateBudget({
        store: { kind: 'sql', sequelize: database.sequelize },
        keyPrefix: uniquePrefix(),
      }),
      recorder: memoryRecorder(),
      checkTarget: async () => null,
      secrets: Object.values(connection.credentials),
    });
    // No pause of its own between polls: the budget alone spaces them.
    const connector = createMiraklConnector({ connection, http }, { statusPollMs: 0 });

    await connector.pushStock!([{ sku: 'MUG-1', quantity: 3 }]);
    await connector.pushStock!([{ sku: 'MUG-1', quantity: 8 }]);

    expect(simulator.state.stock()).toEqual({ 'MUG-1': 8 });
    const calls = simulator.state.calls();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.status)).toEqual([201, 201]);
    expect(calls.filter((call) => call.path.endsWith('/status')).length).toBeGreaterThan(2);
    expect(calls.filter((call) => call.status === 429)).toEqual([]);
  });
});
