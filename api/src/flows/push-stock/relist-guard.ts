/**
 * "No relist race": a channel's quantity is never RAISED from stock computed before that
 * channel's latest known orders were imported. Sellers of other tools see a sold-out item relisted
 * because a push ran between a sale at the channel and its import here: the sale had not yet
 * taken the stock, so the old, higher figure went out. A push that lowers is always safe (it can
 * only under-sell until the next push), so it goes at once.
 */

/** What we know about the channel's orders at the moment of the push. */
export interface OrdersFreshness {
  /** The oldest change a channel webhook announced that is not imported yet (null: none known). */
  oldestUnimportedAt: Date | null;
  /** An order download of this channel is running or overdue right now. */
  ordersRunPending: boolean;
}

export type StockPushDecision = { action: 'push' } | { action: 'hold'; note: string };

export const HELD_UNTIL_ORDERS_IMPORTED = 'Held until the latest orders are imported';

/**
 * Whether one listing's new quantity may go out now. `previous` is what the channel holds as far
 * as we know (our last push, else the quantity the channel reported); unknown counts as a raise,
 * because we cannot prove it is not one.
 */
export function relistGuard(
  previous: number | null,
  next: number,
  freshness: OrdersFreshness,
): StockPushDecision {
  const raises = previous === null || next > previous;
  if (!raises) return { action: 'push' };
  const stale = freshness.oldestUnimportedAt !== null || freshness.ordersRunPending;
  return stale ? { action: 'hold', note: HELD_UNTIL_ORDERS_IMPORTED } : { action: 'push' };
}

/** Lowers before raises (and, within each, the larger step first): the safe pushes go out first. */
export function lowersFirst<T extends { previous: number | null; quantity: number }>(
  levels: readonly T[],
): T[] {
  // Unknown before: counted as the largest raise (finite, so the comparison stays a number).
  const step = (level: T) =>
    level.previous === null ? Number.MAX_SAFE_INTEGER : level.quantity - level.previous;
  return [...levels].sort((a, b) => {
    const lowerA = step(a) < 0 ? 0 : 1;
    const lowerB = step(b) < 0 ? 0 : 1;
    return lowerA - lowerB || step(a) - step(b);
  });
}
