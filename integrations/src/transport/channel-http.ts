import { LOG_STATUS, type RateLimit } from '@syncdesk/contracts';
import type { TransactionRecorder, TransactionRecordInput } from './transaction-record';
import type { RateBudget } from './rate-budget';
import { memoryPointsBudget, type PointsAnswer } from './points-budget';
import { redactText } from './redact';

/**
 * The one way a connector reaches a provider. Every call: the target is checked (no private or
 * loopback address unless the deployment allows it), the connection's budget for the operation is
 * taken (waiting, never failing, when spent), a 429 or Retry-After pauses the budget and the call is
 * made again, and one transaction record is written with the bodies redacted.
 */
export interface ChannelHttp {
  /** A call counted against `operation`'s budget (spec §9 operation names, or 'auth' / 'other'). */
  request(
    operation: string,
    url: string | URL,
    init?: RequestInit,
    options?: RequestOptions,
  ): Promise<Response>;
  /** A fetch-shaped function bound to one operation, for official clients that accept a custom fetch. */
  fetchFor(
    operation: string,
    options?: RequestOptions,
  ): (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** The provider's own usage header says its limit is nearly reached: hold `operation`'s budget for `ms`. */
  pause?(operation: string, ms: number): Promise<void>;
  /** The budget `operation` is held to (catalogue, provider and operator limits merged), if any. */
  limitOf?(operation: string): RateLimit | undefined;
  /**
   * The connection's bucket of points, for a provider that limits by query cost (Shopify GraphQL):
   * shared by every worker when the budget is, else this connection's own.
   */
  points?: {
    take(cost: number): Promise<void>;
    settle(reserved: number, answer: PointsAnswer): Promise<void>;
  };
}

export interface RequestOptions {
  /**
   * A 5xx is retried like a GET's: the call only reads, whatever its method (a GraphQL query is a
   * POST). By default only GET, HEAD, PUT and DELETE are.
   */
  retryServerErrors?: boolean;
}

export interface ChannelHttpOptions {
  connection: {
    id: number;
    companyId: number;
    storeId: number;
    kind: 'channel' | 'plugin';
    provider: string;
  };
  /** Spec job type the calls are made for (the record's type): get_orders, submit_inventory … */
  jobType: string;
  /** The catalogue's limits per operation; an operation without one is not throttled. */
  limits: Readonly<Record<string, RateLimit>>;
  budget: RateBudget;
  recorder: TransactionRecorder;
  /** Answers why a url must not be called (private target …), or null when it may. */
  checkTarget(url: URL): Promise<string | null>;
  /** Secret values (tokens, keys) to blank wherever they appear in a recorded url or body. */
  secrets: readonly string[];
  /** How to run the same operation again, stored on failed records for `retry`. */
  operation?: TransactionRecordInput['operation'];
  retryOfId?: number | null;
  /** Default 3: the first call and two more after a 429 (or a 5xx of a GET/PUT/DELETE). */
  maxAttempts?: number;
  /** Per attempt; default 20 s. */
  timeoutMs?: number;
  /** Longest wait a Retry-After may ask for before the call fails instead; default 60 s. */
  maxRetryAfterMs?: number;
  /** Kept in a record; longer bodies are cut (the record says so). */
  maxBodyChars?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const RETRIABLE_SERVER_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
const STATUS = {
  success: LOG_STATUS.byKey('success').value,
  warning: LOG_STATUS.byKey('warning').value,
  failed: LOG_STATUS.byKey('failed').value,
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds (Shopify sends floats such as "2.0") or an HTTP date. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function bodyText(body: RequestInit['body']): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof FormData) {
    const parts: string[] = [];
    body.forEach((value, name) => {
      parts.push(
        typeof value === 'string' ? `${name}=${value}` : `${name}=<file ${value.name}, ${value.size} bytes>`,
      );
    });
    return parts.join('\n');
  }
  return '<binary body>';
}

function isBrokenJson(contentType: string | null, text: string): boolean {
  if (!contentType?.toLowerCase().includes('json') || text.trim() === '') return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

export function createChannelHttp(options: ChannelHttpOptions): ChannelHttp {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.maxAttempts ?? 3;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const maxBodyChars = options.maxBodyChars ?? 64_000;
  const redact = (text: string | null) => {
    if (text === null) return null;
    const clean = redactText(text, options.secrets);
    return clean.length > maxBodyChars
      ? `${clean.slice(0, maxBodyChars)}\n… (cut at ${maxBodyChars} characters)`
      : clean;
  };

  async function request(
    operation: string,
    input: string | URL,
    init: RequestInit = {},
    requestOptions: RequestOptions = {},
  ): Promise<Response> {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const started = now();
    const limit = options.limits[operation];
    const key = limit ? { connectionId: options.connection.id, operation, limit } : null;
    const base: Omit<
      TransactionRecordInput,
      | 'status'
      | 'httpStatus'
      | 'responseTimeMs'
      | 'attempts'
      | 'message'
      | 'responseBody'
      | 'waitingRequests'
      | 'createdAt'
    > = {
      companyId: options.connection.companyId,
      storeId: options.connection.storeId,
      channelId: options.connection.id,
      kind: options.connection.kind,
      type: options.jobType,
      method,
      url: redactText(url.toString(), options.secrets),
      requestBody: redact(bodyText(init.body)),
      operation: options.operation ?? null,
      retryOfId: options.retryOfId ?? null,
    };

    const refused = await options.checkTarget(url);
    if (refused) {
      options.recorder.record({
        ...base,
        status: STATUS.failed,
        httpStatus: null,
        responseTimeMs: 0,
        attempts: 0,
        message: refused,
        responseBody: null,
        waitingRequests: 0,
        errorCode: 'refused_target',
        createdAt: new Date(started),
      });
      throw Object.assign(new Error(refused), { code: 'refused_target' });
    }

    let attempts = 0;
    let waitingRequests = 0;
    for (;;) {
      attempts += 1;
      if (key) {
        const taken = await options.budget.take(key);
        if (attempts === 1) waitingRequests = taken.waitingBefore;
      }
      const attemptStarted = now();
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        // By name: under test runners fetch's DOMException comes from another realm and fails `instanceof Error`.
        const name = (error as { name?: unknown } | null)?.name;
        const timedOut = name === 'TimeoutError' || name === 'AbortError';
        const message = timedOut
          ? `No answer within ${Math.round(timeoutMs / 1000)} s`
          : `Could not reach ${url.host}: ${String((error as { message?: unknown } | null)?.message ?? error)}`;
        options.recorder.record({
          ...base,
          status: STATUS.failed,
          httpStatus: null,
          responseTimeMs: now() - attemptStarted,
          attempts,
          message,
          responseBody: null,
          waitingRequests,
          errorCode: timedOut ? 'timeout' : 'network',
          createdAt: new Date(started),
        });
        throw error;
      }

      const wait = retryAfterMs(response.headers.get('retry-after'), now());
      const throttled = response.status === 429;
      const serverError =
        response.status >= 500 &&
        (RETRIABLE_SERVER_METHODS.has(method) || requestOptions.retryServerErrors === true);
      if (throttled && key) await options.budget.pause(key, wait ?? 1000);
      if ((throttled || serverError) && attempts < maxAttempts && (wait ?? 0) <= maxRetryAfterMs) {
        await response.body?.cancel().catch(() => undefined);
        // Budget pauses make other callers wait too; this call also waits when it has no budget key.
        if (!key || !throttled) await sleep(wait ?? 250 * 2 ** (attempts - 1));
        continue;
      }

      const text = await response
        .clone()
        .text()
        .catch(() => null);
      // A 200 whose JSON is cut off or garbled is a failed call, whatever the status says.
      const malformed =
        response.ok && text !== null && isBrokenJson(response.headers.get('content-type'), text);
      const provider = options.connection.provider;
      options.recorder.record({
        ...base,
        status: response.ok && !malformed ? STATUS.success : STATUS.failed,
        httpStatus: response.status,
        responseTimeMs: now() - attemptStarted,
        attempts,
        message: malformed
          ? `${provider} answered ${response.status} with a body that is not valid JSON`
          : response.ok
            ? `${provider} answered ${response.status}`
            : `${provider} answered ${response.status} ${response.statusText}`.trim(),
        ...(malformed ? { errorCode: 'malformed' } : {}),
        responseBody: redact(text),
        waitingRequests,
        createdAt: new Date(started),
      });
      return response;
    }
  }

  const points = options.budget.points ?? memoryPointsBudget();
  const connectionId = options.connection.id;
  return {
    request,
    points: {
      take: (cost) => points.take(connectionId, cost),
      settle: (reserved, answer) => points.settle(connectionId, reserved, answer),
    },
    limitOf: (operation) => options.limits[operation],
    async pause(operation, ms) {
      const limit = options.limits[operation];
      if (limit) await options.budget.pause({ connectionId: options.connection.id, operation, limit }, ms);
    },
    fetchFor: (operation, requestOptions) => (input, init) =>
      request(
        operation,
        input instanceof Request ? input.url : input,
        {
          ...(input instanceof Request ? { method: input.method, headers: input.headers } : {}),
          ...init,
        },
        requestOptions,
      ),
  };
}

/** A record status for a call that worked but said something was wrong with part of it. */
export const PARTIAL_SUCCESS_STATUS = STATUS.warning;
