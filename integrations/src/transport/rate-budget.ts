import type { RateLimit } from '@syncdesk/contracts';
import type { PointsBudget } from './points-budget';

/** One budget: a connection and an operation (spec §9: per channel, per get_orders / update_stock …). */
export interface BudgetKey {
  connectionId: number;
  operation: string;
  limit: RateLimit;
}

/**
 * Calls allowed per connection and operation, shared by every worker (rate-limiter-flexible over the
 * SQL database, or Redis with REDIS_URL). A throttled call waits for budget instead of failing.
 */
export interface RateBudget {
  /** Waits until one more call fits; answers how many calls of this key were waiting when it arrived. */
  take(key: BudgetKey): Promise<{ waitingBefore: number }>;
  /** The API said slow down (429, Retry-After, its own usage header): no call for this key for `ms`. */
  pause(key: BudgetKey, ms: number): Promise<void>;
  /** Cost-based limits (Shopify GraphQL), shared like the call budgets; absent: one bucket per connector. */
  readonly points?: PointsBudget;
}

/** No limits: connector tests that exercise the simulator's own limits, not ours. */
export const unlimitedBudget: RateBudget = {
  take: async () => ({ waitingBefore: 0 }),
  pause: async () => undefined,
};
