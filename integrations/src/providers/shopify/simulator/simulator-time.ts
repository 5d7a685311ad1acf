/**
 * Shopify answers times to the second with an offset (`2026-11-24T09:15:02+00:00`), so the simulator
 * keeps every time to the second as well: a filter on `updated_at_min` then behaves like the real one
 * for two changes within the same second.
 */
export function toSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

export function shopifyTime(ms: number): string {
  return new Date(toSecond(ms)).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * A time filter as clients send it. A `+` that was not encoded arrives as a space; Shopify reads it
 * as the offset sign it was meant to be.
 */
export function parseShopifyTime(value: string): number | null {
  const ms = Date.parse(value.trim().replace(' ', '+'));
  return Number.isNaN(ms) ? null : ms;
}

/** A small seedable generator (mulberry32), so demo traffic and tests can repeat the same orders. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
