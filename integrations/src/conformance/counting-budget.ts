import type { BudgetKey, RateBudget } from '../transport/rate-budget';

/**
 * A rate budget kept in memory (one process, no store), which remembers every call it let through:
 * the conformance suite checks that no call went out without budget, and none over it. The shared
 * budget (`SharedRateBudget`) holds the same contract across workers, against a database or Redis.
 */
export function countingBudget(): RateBudget & { granted: { operation: string; at: number }[] } {
  const granted: { operation: string; at: number }[] = [];
  const pausedUntil = new Map<string, number>();
  const queues = new Map<string, Promise<unknown>>();
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  async function takeInTurn(key: BudgetKey): Promise<void> {
    const periodMs = key.limit.periodSeconds * 1000;
    for (;;) {
      const now = Date.now();
      const hold = (pausedUntil.get(key.operation) ?? 0) - now;
      if (hold > 0) {
        await sleep(hold);
        continue;
      }
      const recent = granted.filter((call) => call.operation === key.operation && call.at > now - periodMs);
      if (recent.length < key.limit.calls) {
        granted.push({ operation: key.operation, at: now });
        return;
      }
      await sleep(recent[0]!.at + periodMs - now + 1);
    }
  }

  return {
    granted,
    async take(key) {
      // One caller at a time per operation, in arrival order, as the shared budget serves them.
      const before = queues.get(key.operation) ?? Promise.resolve();
      const turn = before.then(() => takeInTurn(key));
      queues.set(
        key.operation,
        turn.catch(() => undefined),
      );
      await turn;
      return { waitingBefore: 0 };
    },
    async pause(key, ms) {
      pausedUntil.set(key.operation, Math.max(pausedUntil.get(key.operation) ?? 0, Date.now() + ms));
    },
  };
}

/** The most grants of one operation any window of `periodMs` holds (windows start at each grant). */
export function busiestWindow(times: readonly number[], periodMs: number): number {
  const sorted = [...times].sort((left, right) => left - right);
  let busiest = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start += 1) {
    while (end < sorted.length && sorted[end]! < sorted[start]! + periodMs) end += 1;
    busiest = Math.max(busiest, end - start);
  }
  return busiest;
}
