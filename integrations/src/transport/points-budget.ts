/**
 * A provider whose limit is points per second rather than calls (Shopify's GraphQL Admin API: each
 * query has a cost, the shop's bucket holds `maximum` points and refills `restoreRate` a second).
 * What the bucket holds is known only from the provider's answers, so the budget keeps the bucket
 * "as last seen", refilled by the time since, and less every reservation made since by any worker.
 */
export interface PointsBucketState {
  /** Points in the bucket at `atMs`. */
  available: number;
  maximum: number;
  /** Points restored per second. */
  restoreRate: number;
  atMs: number;
}

/** What a provider said of its bucket in one answer (Shopify's `extensions.cost`). */
export interface PointsAnswer {
  /** What the call really cost; null when it did not run (throttled). */
  actual: number | null;
  /** The bucket right after the call, as the provider saw it; null when the answer said nothing. */
  reported: { available: number; maximum: number; restoreRate: number } | null;
}

export interface PointsBudget {
  /** Waits until the connection's bucket holds `cost` points, and takes them. */
  take(connectionId: number, cost: number): Promise<void>;
  /**
   * After the answer: gives back what the call did not use (`reserved` − actual) and lowers the
   * bucket to what the provider reported when that is less (a call made outside our budget).
   */
  settle(connectionId: number, reserved: number, answer: PointsAnswer): Promise<void>;
}

/**
 * Before any answer the bucket is unknown: assume the smallest Shopify plan's figures (Standard,
 * 100 points a second) with a bucket of 1,000, the cap of a single query, until the first answer
 * tells the real ones.
 */
export const UNKNOWN_BUCKET = { maximum: 1000, restoreRate: 100 } as const;

/** What the bucket holds at `nowMs`: refilled since it was last written, never above its size. */
export function refilled(state: PointsBucketState, nowMs: number): number {
  const elapsed = Math.max(0, nowMs - state.atMs) / 1000;
  return Math.min(state.maximum, state.available + elapsed * state.restoreRate);
}

/** How long until the bucket holds `cost` (0 when it does); a cost above the bucket waits for a full one. */
export function msUntil(state: PointsBucketState, cost: number, nowMs: number): number {
  const missing = Math.min(cost, state.maximum) - refilled(state, nowMs);
  return missing <= 0 ? 0 : Math.ceil((missing / state.restoreRate) * 1000);
}

/** The bucket after an answer (see `PointsBudget.settle`). */
export function settled(
  state: PointsBucketState,
  reserved: number,
  answer: PointsAnswer,
  nowMs: number,
): PointsBucketState {
  const maximum = answer.reported?.maximum ?? state.maximum;
  const restoreRate = answer.reported?.restoreRate ?? state.restoreRate;
  const refund = Math.max(0, reserved - (answer.actual ?? 0));
  let available = Math.min(maximum, refilled(state, nowMs) + refund);
  if (answer.reported && answer.reported.available < available) available = answer.reported.available;
  return { available, maximum, restoreRate, atMs: nowMs };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Longest a waiting caller sleeps before it looks again: an answer meanwhile may give points back
 * (a query cheaper than asked) or tell the real restore rate, either of which shortens the wait.
 */
export const MAX_POINTS_SLEEP_MS = 250;

/** One process's buckets (a connector test, or a deployment without a shared budget store). */
export function memoryPointsBudget(now: () => number = Date.now): PointsBudget {
  const buckets = new Map<number, PointsBucketState>();
  const stateOf = (connectionId: number) => {
    let state = buckets.get(connectionId);
    if (!state) {
      state = { available: UNKNOWN_BUCKET.maximum, ...UNKNOWN_BUCKET, atMs: now() };
      buckets.set(connectionId, state);
    }
    return state;
  };
  return {
    async take(connectionId, cost) {
      for (;;) {
        const state = stateOf(connectionId);
        const at = now();
        const wait = msUntil(state, cost, at);
        if (wait === 0) {
          buckets.set(connectionId, { ...state, available: refilled(state, at) - cost, atMs: at });
          return;
        }
        await sleep(Math.min(wait, MAX_POINTS_SLEEP_MS));
      }
    },
    async settle(connectionId, reserved, answer) {
      buckets.set(connectionId, settled(stateOf(connectionId), reserved, answer, now()));
    },
  };
}
