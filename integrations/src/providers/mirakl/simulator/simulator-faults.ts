/**
 * Failures a test or the e2e asks for: the next `count` calls whose path matches fail that way.
 * `error` answers the status, `timeout` never answers, `malformed` answers 200 with broken JSON.
 */
export interface SimulatorFault {
  status: 500 | 503 | 429 | 401;
  count: number;
  mode?: 'error' | 'timeout' | 'malformed';
  /** A regular expression matched against the path and query. */
  path?: string;
}

interface ArmedFault {
  fault: Required<Omit<SimulatorFault, 'path'>>;
  pattern: RegExp | null;
  remaining: number;
}

export interface FaultQueue {
  add(fault: SimulatorFault): void;
  clear(): void;
  /** The fault the call meets (and uses up), or null. */
  take(pathAndQuery: string): Required<Omit<SimulatorFault, 'path'>> | null;
  pending(): { status: number; mode: string; path: string | null; remaining: number }[];
}

const STATUSES = new Set([500, 503, 429, 401]);
const MODES = new Set(['error', 'timeout', 'malformed']);

/** Reads a fault from a control request body; answers the problem in words when it is not one. */
export function parseFault(body: unknown): SimulatorFault | string {
  if (!body || typeof body !== 'object') return 'Send {"status": 500|503|429|401, "count": N}.';
  const { status, count, mode, path } = body as Record<string, unknown>;
  if (typeof status !== 'number' || !STATUSES.has(status)) return 'status must be 500, 503, 429 or 401.';
  if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 1)) {
    return 'count must be a positive whole number.';
  }
  if (mode !== undefined && (typeof mode !== 'string' || !MODES.has(mode))) {
    return 'mode must be error, timeout or malformed.';
  }
  if (path !== undefined && typeof path !== 'string') return 'path must be a regular expression as text.';
  if (typeof path === 'string') {
    try {
      new RegExp(path);
    } catch {
      return 'path is not a valid regular expression.';
    }
  }
  return {
    status: status as SimulatorFault['status'],
    count: (count as number | undefined) ?? 1,
    mode: (mode as SimulatorFault['mode']) ?? 'error',
    path: path as string | undefined,
  };
}

export function createFaultQueue(): FaultQueue {
  let armed: ArmedFault[] = [];
  return {
    add(fault) {
      armed.push({
        fault: { status: fault.status, count: fault.count, mode: fault.mode ?? 'error' },
        pattern: fault.path ? new RegExp(fault.path) : null,
        remaining: fault.count,
      });
    },
    clear() {
      armed = [];
    },
    take(pathAndQuery) {
      const match = armed.find(
        (entry) => entry.remaining > 0 && (!entry.pattern || entry.pattern.test(pathAndQuery)),
      );
      if (!match) return null;
      match.remaining -= 1;
      armed = armed.filter((entry) => entry.remaining > 0);
      return match.fault;
    },
    pending: () =>
      armed.map((entry) => ({
        status: entry.fault.status,
        mode: entry.fault.mode,
        path: entry.pattern?.source ?? null,
        remaining: entry.remaining,
      })),
  };
}
