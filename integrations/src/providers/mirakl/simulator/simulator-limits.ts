/**
 * Mirakl's per-operation call frequency ("STO01: once per minute", "STO02: every 15 s"): a call
 * inside the window since the last one it let through is answered 429 with Retry-After in whole
 * seconds. Refused calls do not restart the window, so a client that waits as told gets through.
 */
export interface CallWindow {
  /** Null when the call may go ahead (and starts a new window), else the seconds to wait. */
  check(now: number): number | null;
}

export function createCallWindow(windowMs: number): CallWindow {
  let lastAllowed = Number.NEGATIVE_INFINITY;
  return {
    check(now) {
      const waitMs = lastAllowed + windowMs - now;
      if (waitMs > 0) return Math.max(1, Math.ceil(waitMs / 1000));
      lastAllowed = now;
      return null;
    },
  };
}
