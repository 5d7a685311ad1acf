/** A small seedable generator (mulberry32), so a demo or a test can replay the same "random" warehouse. */
export interface SeededRandom {
  /** In [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  digits(count: number): string;
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    between,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('Nothing to pick from.');
      return items[Math.floor(next() * items.length)] as T;
    },
    digits: (count) => Array.from({ length: count }, () => String(between(0, 9))).join(''),
  };
}
