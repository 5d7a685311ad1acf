import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
import type { BudgetKey } from '@syncdesk/integrations';
import { OperationNotOfferedError, SharedRateBudget, type RateBudgetStore } from '@syncdesk/integrations';
import { busiestWindow, createBudgetTable, uniquePrefix } from './rate-budget-fixtures';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface OpenStore {
  store: RateBudgetStore;
  close(): Promise<void>;
}

const STORES: [string, () => Promise<OpenStore>][] = [
  ['sqlite', () => openSql('sqlite')],
  ['mysql', () => openSql('mysql')],
  [
    'redis',
    async () => {
      const redis = new Redis(REDIS_URL);
      return { store: { kind: 'redis', redis }, close: async () => void (await redis.quit()) };
    },
  ],
];

async function openSql(dialect: 'sqlite' | 'mysql'): Promise<OpenStore> {
  const database: TestDatabase = await createTestDatabase(dialect, 'budget');
  await createBudgetTable(database.sequelize);
  return { store: { kind: 'sql', sequelize: database.sequelize }, close: () => database.drop() };
}

const key = (operation: string, calls: number, periodSeconds: number): BudgetKey => ({
  connectionId: 7,
  operation,
  limit: { calls, periodSeconds },
});

describe.each(STORES)('shared rate budget on %s', (_name, open) => {
  let opened: OpenStore;

  beforeAll(async () => {
    opened = await open();
  });

  afterAll(async () => {
    await opened.close();
  });

  it('lets a burst through at the limit: callers wait for budget instead of failing', async () => {
    const budget = new SharedRateBudget({ store: opened.store, keyPrefix: uniquePrefix() });
    const limit = key('get_orders', 2, 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => budget.take(limit)));
    // Counted at the moments the store granted them: when the callers' promises resolve is up to
    // the event loop (on a loaded machine a resolution lagged its grant by 88 ms, most of the slots'
    // 100 ms margin, and one lag past it read as three calls in a second).
    const granted = answers.map((answer) => answer.grantedAt);
    expect(busiestWindow(granted, 1000)).toBeLessThanOrEqual(2);
    // Not all at once either: the last of five waited two periods for its slot.
    expect(Math.max(...granted) - Math.min(...granted)).toBeGreaterThanOrEqual(2000);
    // Each caller was told how many of this key were already waiting when it arrived.
    expect(answers.map((answer) => answer.waitingBefore).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(budget.waitingFor(limit)).toBe(0);
  });

  it('keeps connections and operations apart', async () => {
    const budget = new SharedRateBudget({ store: opened.store, keyPrefix: uniquePrefix() });
    const started = performance.now();
    await budget.take(key('update_stock', 1, 60));
    await budget.take(key('get_orders', 1, 60));
    await budget.take({ ...key('update_stock', 1, 60), connectionId: 8 });
    // Three different budgets of one call each: nobody waited a minute.
    expect(performance.now() - started).toBeLessThan(60_000);
  });

  it('refuses an operation the channel does not offer (0/0)', async () => {
    const budget = new SharedRateBudget({ store: opened.store, keyPrefix: uniquePrefix() });
    await expect(budget.take(key('update_fulfillment', 0, 0))).rejects.toBeInstanceOf(
      OperationNotOfferedError,
    );
    await expect(budget.take(key('update_fulfillment', 0, 0))).rejects.toThrow(
      'This channel does not offer "update_fulfillment"',
    );
  });

  it('a pause set by one worker holds back the callers of another (429, Retry-After)', async () => {
    const prefix = uniquePrefix();
    const throttled = new SharedRateBudget({ store: opened.store, keyPrefix: prefix });
    const other = new SharedRateBudget({ store: opened.store, keyPrefix: prefix });
    const limit = key('update_stock', 100, 60);
    const pausedAt = performance.now();
    await throttled.pause(limit, 800);
    // A shorter pause never cuts a longer one short.
    await throttled.pause(limit, 10);
    await other.take(limit);
    // Redis counts whole seconds, SQL milliseconds: either way not before the pause ends.
    expect(performance.now() - pausedAt).toBeGreaterThanOrEqual(750);
  });
});
