import type { Redis } from 'ioredis';
import { RateLimiterMySQL, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';
import type { Sequelize } from 'sequelize';
import sqlite3 from 'sqlite3';
import type { BudgetKey, RateBudget } from './rate-budget';
import type { PointsBudget } from './points-budget';
import { sharedPointsBudget } from './shared-points-budget';

/** What the budget asks of a limiter (one of rate-limiter-flexible's stores). */
interface BudgetLimiter {
  consume(key: string): Promise<RateLimiterRes>;
  get(key: string): Promise<RateLimiterRes | null>;
  block(key: string, seconds: number): Promise<RateLimiterRes>;
}

/**
 * SQLite budgets on a connection of their own, one operation at a time. rate-limiter-flexible's
 * SQLite store wraps each write in a SAVEPOINT and, when the write fails (the file is busy), rolls
 * back to it without releasing it, which leaves the handle inside a transaction for good. On
 * Sequelize's shared handle that swallowed every later autocommit write and locked out every other
 * writer; on its own handle, serialised, a failure is rolled back completely before the next call.
 */
function guardedSqliteLimiter(
  limiter: RateLimiterSQLite,
  db: sqlite3.Database,
  queue: { tail: Promise<unknown> },
): BudgetLimiter {
  const run = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.tail.then(work, work).catch(async (error: unknown) => {
      if (!(error instanceof RateLimiterRes)) {
        await new Promise<void>((resolve) => db.run('ROLLBACK', () => resolve()));
      }
      throw error;
    });
    queue.tail = result.catch(() => undefined);
    return result;
  };
  return {
    consume: (key) => run(() => limiter.consume(key)),
    get: (key) => run(() => limiter.get(key)),
    block: (key, seconds) => run(() => limiter.block(key, seconds)),
  };
}

/** Where the budgets live: the application's SQL database by default, Redis when there is one. */
export type RateBudgetStore = { kind: 'sql'; sequelize: Sequelize } | { kind: 'redis'; redis: Redis };

export interface SharedRateBudgetOptions {
  store: RateBudgetStore;
  /** Separates deployments (or tests) sharing one store. Default `budget`. */
  keyPrefix?: string;
  /** Created by migration 0024. */
  tableName?: string;
}

/** The key of one budget, as the spec counts it: per connection and per operation. */
export function budgetId(key: BudgetKey): string {
  return `${key.connectionId}:${key.operation}`;
}

/** Thrown by `take` for an operation the channel does not offer (spec §9: a `0/0` limit). */
export class OperationNotOfferedError extends Error {
  readonly code = 'operation_not_offered';
  constructor(key: BudgetKey) {
    super(`This channel does not offer "${key.operation}" (its rate limit is 0 calls), so we never call it.`);
    this.name = 'OperationNotOfferedError';
  }
}

const TICKET_WINDOW_SECONDS = 24 * 60 * 60;
const TICKET_POINTS = 2 ** 30;
/** Spreads the retries of callers that woke for the same free slot. */
const RETRY_JITTER_MS = 25;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `calls` per `periodSeconds` for any number of workers, held in a shared store.
 *
 * A provider may count its limit over any window of the period (sliding), and a plain fixed window
 * allows twice the limit across a window boundary. So each budget is `calls` slots, and a slot
 * serves one call per period: however calls fall, any period holds at most `calls` of them. A
 * shared ticket counter hands the slots out in turn; a caller whose slot is busy sleeps until it
 * frees (never fails). Slots are held slightly longer than the period, since a request reaches the
 * provider a little after we count it, and not always equally late.
 */
export class SharedRateBudget implements RateBudget {
  private readonly limiters = new Map<string, BudgetLimiter>();
  private sqlite: { db: sqlite3.Database; queue: { tail: Promise<unknown> } } | null = null;
  private readonly waiting = new Map<string, number>();
  private readonly keyPrefix: string;
  private readonly tableName: string;
  /** Cost-based limits (Shopify GraphQL points), in the same store. */
  readonly points: PointsBudget;

  constructor(private readonly options: SharedRateBudgetOptions) {
    this.keyPrefix = options.keyPrefix ?? 'budget';
    this.tableName = options.tableName ?? 'rate_budgets';
    this.points = sharedPointsBudget(options.store, `${this.keyPrefix}:points`);
  }

  /**
   * Besides `waitingBefore`, answers `grantedAt`: the moment the store counted this call (epoch ms,
   * its slot's expiry less the slot's length). The limit holds between grants; a caller reaches
   * the provider a little later, and not always equally late, which the slots' margin absorbs.
   */
  async take(key: BudgetKey): Promise<{ waitingBefore: number; grantedAt: number }> {
    const { calls, periodSeconds } = key.limit;
    if (calls <= 0) throw new OperationNotOfferedError(key);
    if (periodSeconds <= 0) return { waitingBefore: 0, grantedAt: Date.now() };
    const id = budgetId(key);
    const waitingBefore = this.waiting.get(id) ?? 0;
    this.waiting.set(id, waitingBefore + 1);
    try {
      await this.waitWhilePaused(id);
      const ticket = await this.limiter(TICKET_POINTS, TICKET_WINDOW_SECONDS).consume(`${id}#ticket`);
      const slot = `${id}#${ticket.consumedPoints % calls}`;
      const slotSeconds = this.slotSeconds(periodSeconds);
      const slots = this.limiter(1, slotSeconds);
      for (;;) {
        const answer = await slots.consume(slot).then(
          (granted) => ({ granted }),
          (error: unknown) => {
            if (error instanceof RateLimiterRes) return { refused: error };
            throw error;
          },
        );
        if ('granted' in answer) {
          return { waitingBefore, grantedAt: Date.now() + answer.granted.msBeforeNext - slotSeconds * 1000 };
        }
        await sleep(answer.refused.msBeforeNext + Math.random() * RETRY_JITTER_MS);
        // A pause may have started while this caller slept.
        await this.waitWhilePaused(id);
      }
    } finally {
      const left = (this.waiting.get(id) ?? 1) - 1;
      if (left > 0) this.waiting.set(id, left);
      else this.waiting.delete(id);
    }
  }

  async pause(key: BudgetKey, ms: number): Promise<void> {
    if (ms <= 0) return;
    const pauses = this.limiter(1, 1);
    const pauseKey = `${budgetId(key)}#pause`;
    // Never shorten a longer pause another worker already set.
    const current = await pauses.get(pauseKey);
    if (current && current.consumedPoints > 1 && current.msBeforeNext >= ms) return;
    await pauses.block(pauseKey, this.seconds(ms));
  }

  /** How many callers of this process are waiting for a budget (sync lag, logs' waiting count). */
  waitingFor(key: BudgetKey): number {
    return this.waiting.get(budgetId(key)) ?? 0;
  }

  private async waitWhilePaused(id: string): Promise<void> {
    const pauses = this.limiter(1, 1);
    for (;;) {
      const pause = await pauses.get(`${id}#pause`);
      if (!pause || pause.consumedPoints <= 1 || pause.msBeforeNext <= 0) return;
      await sleep(pause.msBeforeNext + Math.random() * RETRY_JITTER_MS);
    }
  }

  /** The period plus a margin for requests that travel unequally; Redis counts whole seconds. */
  private slotSeconds(periodSeconds: number): number {
    const marginMs = Math.max(100, periodSeconds * 1000 * 0.02);
    return this.seconds(periodSeconds * 1000 + marginMs);
  }

  private seconds(ms: number): number {
    return this.options.store.kind === 'redis' ? Math.ceil(ms / 1000) : ms / 1000;
  }

  /** Closes the SQLite budgets' own connection (the process is stopping). */
  async close(): Promise<void> {
    const sqlite = this.sqlite;
    this.sqlite = null;
    if (sqlite) await new Promise<void>((resolve) => sqlite.db.close(() => resolve()));
  }

  private limiter(points: number, durationSeconds: number): BudgetLimiter {
    const cacheKey = `${points}/${durationSeconds}`;
    let limiter = this.limiters.get(cacheKey);
    if (!limiter) {
      limiter = this.createLimiter(points, durationSeconds);
      this.limiters.set(cacheKey, limiter);
    }
    return limiter;
  }

  private createLimiter(points: number, duration: number): BudgetLimiter {
    const common = { keyPrefix: this.keyPrefix, points, duration };
    const { store } = this.options;
    if (store.kind === 'redis') return new RateLimiterRedis({ ...common, storeClient: store.redis });
    const { sequelize } = store;
    if (sequelize.getDialect() === 'sqlite') {
      const storage =
        (sequelize as unknown as { options: { storage?: string } }).options.storage ?? ':memory:';
      if (!this.sqlite) {
        const db = new sqlite3.Database(storage);
        // Waits for the import's write transaction instead of failing at once.
        db.configure('busyTimeout', 10_000);
        this.sqlite = { db, queue: { tail: Promise.resolve() } };
      }
      const limiter = new RateLimiterSQLite({
        ...common,
        storeClient: this.sqlite.db,
        storeType: 'sqlite3',
        tableName: this.tableName,
        tableCreated: true,
      });
      return guardedSqliteLimiter(limiter, this.sqlite.db, this.sqlite.queue);
    }
    return new RateLimiterMySQL({
      ...common,
      storeClient: sequelize,
      storeType: 'sequelize',
      dbName: sequelize.getDatabaseName(),
      tableName: this.tableName,
      tableCreated: true,
    });
  }
}

export function createSharedRateBudget(options: SharedRateBudgetOptions): SharedRateBudget {
  return new SharedRateBudget(options);
}
