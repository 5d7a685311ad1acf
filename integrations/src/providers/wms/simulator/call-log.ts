/** One API call as the simulator received it (control endpoints are not logged). */
export interface ReceivedCall {
  method: string;
  path: string;
  /** The query string without `?`; empty when none. */
  query: string;
  /** Epoch milliseconds the call arrived. */
  timeMs: number;
  /** Status answered; null while unanswered (a `timeout` fault never answers). */
  status: number | null;
  /** The parsed request body of a POST, so tests can see what was sent. */
  body?: unknown;
}

/** Older calls are dropped past this many, so a long demo run cannot grow without end. */
const MAX_CALLS = 20_000;

export class CallLog {
  private calls: ReceivedCall[] = [];

  start(call: Omit<ReceivedCall, 'status'>): ReceivedCall {
    const entry: ReceivedCall = { ...call, status: null };
    this.calls.push(entry);
    if (this.calls.length > MAX_CALLS) this.calls.splice(0, this.calls.length - MAX_CALLS);
    return entry;
  }

  list(sinceMs?: number): ReceivedCall[] {
    return this.calls
      .filter((call) => sinceMs === undefined || call.timeMs >= sinceMs)
      .map((call) => ({ ...call }));
  }

  clear(): void {
    this.calls = [];
  }
}
