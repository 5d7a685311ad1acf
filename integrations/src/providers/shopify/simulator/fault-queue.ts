/**
 * Failures the simulator was told to produce: the next `count` calls whose path matches fail the
 * given way, so tests and the demo can show the engine coping with an outage, a hang or garbage.
 */
export interface FaultInput {
  status?: 500 | 503 | 429 | 401;
  count?: number;
  mode?: 'error' | 'timeout' | 'malformed';
  /** A regular expression matched against the request path; every Admin API call when absent. */
  path?: string;
  /**
   * A regular expression matched against the request's body as sent: on the GraphQL endpoint every
   * call has the same path, and this picks one operation about one order
   * (`SyncdeskFulfillmentOrders[\\s\\S]*gid://shopify/Order/42"`).
   */
  body?: string;
}

export interface Fault {
  status: 500 | 503 | 429 | 401;
  mode: 'error' | 'timeout' | 'malformed';
  path: RegExp | null;
  body: RegExp | null;
  remaining: number;
}

const STATUSES = new Set([500, 503, 429, 401]);
const MODES = new Set(['error', 'timeout', 'malformed']);

export function parseFault(input: unknown): Fault | string {
  const value = (input ?? {}) as FaultInput;
  const status = value.status ?? 500;
  const mode = value.mode ?? 'error';
  const count = value.count ?? 1;
  if (!STATUSES.has(status)) return 'status must be one of 500, 503, 429, 401';
  if (!MODES.has(mode)) return 'mode must be one of error, timeout, malformed';
  if (!Number.isInteger(count) || count < 1) return 'count must be a positive whole number';
  let path: RegExp | null = null;
  let body: RegExp | null = null;
  try {
    if (value.path !== undefined) path = new RegExp(value.path);
  } catch {
    return 'path must be a regular expression';
  }
  try {
    if (value.body !== undefined) body = new RegExp(value.body);
  } catch {
    return 'body must be a regular expression';
  }
  return { status, mode, path, body, remaining: count };
}

export class FaultQueue {
  private faults: Fault[] = [];

  add(fault: Fault): void {
    this.faults.push(fault);
  }

  clear(): void {
    this.faults = [];
  }

  get pending(): {
    status: number;
    mode: string;
    path: string | null;
    body: string | null;
    remaining: number;
  }[] {
    return this.faults.map((fault) => ({
      status: fault.status,
      mode: fault.mode,
      path: fault.path?.source ?? null,
      body: fault.body?.source ?? null,
      remaining: fault.remaining,
    }));
  }

  /** The fault this call must suffer, if any (it counts as used). */
  take(path: string, body = ''): Fault | null {
    const fault = this.faults.find(
      (candidate) =>
        (!candidate.path || candidate.path.test(path)) && (!candidate.body || candidate.body.test(body)),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return fault;
  }
}
