/**
 * Failures a test (or the e2e, over `/__simulator/faults`) asks for: the next `count` calls whose
 * path matches fail that way, then the simulator answers normally again.
 */
export type FaultMode = 'error' | 'timeout' | 'malformed';

export interface FaultRequest {
  /** 500, 503, 429 or 401 for `error`; the status of a `malformed` answer (default 200). */
  status?: number;
  count?: number;
  mode?: FaultMode;
  /** A regular expression the call's path must match; every call when absent. */
  path?: string;
}

export interface Fault {
  status: number;
  remaining: number;
  mode: FaultMode;
  path: string | null;
}

const FAULT_STATUSES = new Set([200, 401, 429, 500, 502, 503, 504]);

export class FaultPlan {
  private faults: { fault: Fault; pattern: RegExp | null }[] = [];

  /** Answers why the request is not a fault the simulator can play, or null when it was added. */
  add(request: FaultRequest): string | null {
    const mode = request.mode ?? 'error';
    if (!['error', 'timeout', 'malformed'].includes(mode)) return 'mode must be error, timeout or malformed';
    const status = request.status ?? (mode === 'error' ? 500 : 200);
    if (!FAULT_STATUSES.has(status)) return `status must be one of ${[...FAULT_STATUSES].join(', ')}`;
    const count = request.count ?? 1;
    if (!Number.isInteger(count) || count < 1) return 'count must be a whole number of at least 1';
    let pattern: RegExp | null = null;
    if (request.path !== undefined) {
      try {
        pattern = new RegExp(request.path);
      } catch {
        return 'path must be a regular expression';
      }
    }
    this.faults.push({ fault: { status, remaining: count, mode, path: request.path ?? null }, pattern });
    return null;
  }

  clear(): void {
    this.faults = [];
  }

  list(): Fault[] {
    return this.faults.map(({ fault }) => ({ ...fault }));
  }

  /** The fault this call plays, counted down; null when the call is answered normally. */
  take(path: string): Fault | null {
    const match = this.faults.find(({ pattern }) => !pattern || pattern.test(path));
    if (!match) return null;
    match.fault.remaining -= 1;
    if (match.fault.remaining <= 0) this.faults = this.faults.filter((entry) => entry !== match);
    return { ...match.fault };
  }
}
