/**
 * The simulator's own rate limit: at most `calls` per rolling `periodSeconds`. A rolling window
 * (not a fixed one) so a client cannot fit twice the limit around a window edge, which is what a
 * test of "never over the limit" needs the server to be strict about.
 */
export interface RateLimitSettings {
  calls: number;
  periodSeconds: number;
}

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until one more call fits; 0 when allowed. */
  retryAfterSeconds: number;
}

export class SlidingWindowLimit {
  private readonly taken: number[] = [];

  constructor(private settings: RateLimitSettings) {}

  configure(settings: RateLimitSettings): void {
    this.settings = settings;
    this.taken.length = 0;
  }

  take(now: number): LimitDecision {
    const periodMs = this.settings.periodSeconds * 1000;
    while (this.taken.length > 0 && (this.taken[0] ?? now) <= now - periodMs) this.taken.shift();
    const limit = this.settings.calls;
    if (this.taken.length >= limit) {
      const freesAt = (this.taken[0] ?? now) + periodMs;
      return {
        allowed: false,
        limit,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)),
      };
    }
    this.taken.push(now);
    return { allowed: true, limit, remaining: limit - this.taken.length, retryAfterSeconds: 0 };
  }
}
