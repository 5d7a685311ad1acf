/**
 * Shopify's REST limit: a bucket of `capacity` calls that leaks `leakPerSecond` (40 and 2 on a
 * Standard plan). A call that would overflow it is refused with 429 and a Retry-After in seconds,
 * written as a float the way Shopify writes it ("2.0").
 */
export interface BucketOptions {
  capacity: number;
  leakPerSecond: number;
}

export type BucketAnswer =
  { allowed: true; header: string } | { allowed: false; header: string; retryAfter: string };

export class LeakyBucket {
  private level = 0;
  private updatedAt: number;

  constructor(
    private options: BucketOptions,
    private readonly now: () => number,
  ) {
    this.updatedAt = now();
  }

  get capacity(): number {
    return this.options.capacity;
  }

  configure(options: Partial<BucketOptions>): void {
    this.leak();
    this.options = { ...this.options, ...options };
    this.level = Math.min(this.level, this.options.capacity);
  }

  /** Empties the bucket (tests start from a known state). */
  reset(): void {
    this.level = 0;
    this.updatedAt = this.now();
  }

  take(): BucketAnswer {
    this.leak();
    const { capacity, leakPerSecond } = this.options;
    if (this.level + 1 > capacity) {
      const seconds = Math.max(0.1, (this.level + 1 - capacity) / leakPerSecond);
      return { allowed: false, header: `${capacity}/${capacity}`, retryAfter: seconds.toFixed(1) };
    }
    this.level += 1;
    return { allowed: true, header: `${Math.ceil(this.level)}/${capacity}` };
  }

  private leak(): void {
    const now = this.now();
    this.level = Math.max(0, this.level - ((now - this.updatedAt) / 1000) * this.options.leakPerSecond);
    this.updatedAt = now;
  }
}
