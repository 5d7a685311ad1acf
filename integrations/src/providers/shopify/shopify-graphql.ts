import { createAdminApiClient } from '@shopify/admin-api-client';
import type { ConnectorContext } from '../../connector';
import type { PointsAnswer } from '../../transport/points-budget';
import { connectorError, failureOf, graphqlFailure, transportFailure } from './shopify-errors';

/**
 * Admin GraphQL version every call names: the latest stable one (`ApiVersion` of
 * @shopify/shopify-api), supported until October 2027. One constant; a channel row's `api_version`
 * overrides it. Shopify serves the oldest supported version instead of one it no longer supports
 * ("fall forward") and says which in `X-Shopify-API-Version`, read from every answer.
 */
export const SHOPIFY_API_VERSION = '2026-10';

/**
 * What a query is taken to cost before Shopify has told us: the most one query may cost. Reserving
 * less would let two workers' first calls both in and one be throttled; this way a query's first
 * call waits for a bucket that can hold anything, and its real requested cost is known after.
 */
const UNKNOWN_COST = 1000;
/** Requested costs Shopify reported, by query and page size: the same for every shop and worker. */
const requestedCosts = new Map<string, number>();
const costKey = (query: string, variables: Record<string, unknown> | undefined) =>
  `${String(variables?.first ?? '')}|${query}`;
/**
 * Throttled answers in a row before the call fails as rate limited. Each waits what Shopify says;
 * more than one in a row means calls outside our budget share the bucket (another app's are not
 * counted: Shopify's bucket is per app and shop).
 */
const MAX_THROTTLED = 10;

/** One entry of a GraphQL answer's `errors`. */
export interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; requiredAccess?: string; [key: string]: unknown };
}

interface GraphqlBody {
  data?: unknown;
  errors?: GraphqlError[] | string | Record<string, unknown>;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      actualQueryCost?: number | null;
      throttleStatus?: { maximumAvailable?: number; currentlyAvailable?: number; restoreRate?: number };
    };
  };
}

export interface ShopifyGraphql {
  /** `https://example.myshopify.com` (or the simulator's `http://127.0.0.1:PORT`). */
  readonly shopOrigin: string;
  /** The version asked for in every call. */
  readonly apiVersion: string;
  /** The version Shopify said it served in its last answer; null before the first. */
  servedVersion(): string | null;
  /**
   * Runs one query or mutation and answers its `data`. `partial` names errors that still leave a
   * usable answer (a protected customer field Shopify withholds): they come back in `errors` instead
   * of failing the call.
   */
  request<T>(
    operation: string,
    what: string,
    query: string,
    variables?: Record<string, unknown>,
    options?: { partial?: (error: GraphqlError) => boolean },
  ): Promise<{ data: T; errors: GraphqlError[] }>;
}

/** The channel's `shop_url` as an origin; a bare `example.myshopify.com` means https. */
export function shopOriginOf(settings: Record<string, unknown>): URL {
  const raw = typeof settings.shop_url === 'string' ? settings.shop_url.trim() : '';
  if (!raw)
    throw connectorError('validation', 'The channel has no Shop URL in its settings', null, 'no_shop_url');
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    return new URL(url.origin);
  } catch {
    throw connectorError('validation', `The Shop URL "${raw}" is not an address`, null, 'bad_shop_url');
  }
}

/** A numeric id (ours, REST's, a webhook's) as Shopify's global id, or the gid itself. */
export function gidOf(type: string, id: string | number): string {
  const text = String(id);
  return text.startsWith('gid://') ? text : `gid://shopify/${type}/${text}`;
}

/** The numeric tail of a global id (`gid://shopify/Order/123` → `123`); what we store as remote ids. */
export function legacyIdOf(gid: string | null | undefined): string | null {
  if (!gid) return null;
  const match = /\/(\d+)(?:\?.*)?$/.exec(gid);
  return match ? match[1]! : /^\d+$/.test(gid) ? gid : null;
}

/**
 * `SyncdeskFulfillmentOrders:gid://shopify/Order/42`: the operation's name and the first few global
 * ids among its variables (`gid://` ids keep their slashes and colons in a fragment as they are).
 */
export function recordLabel(query: string, variables: Record<string, unknown> | undefined): string {
  const name = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'graphql';
  const ids = new Set<string>();
  const collect = (value: unknown): void => {
    if (ids.size >= 3) return;
    if (typeof value === 'string') {
      if (value.startsWith('gid://shopify/')) ids.add(value);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(variables);
  return [name, ...ids].join(':');
}

const isThrottled = (error: GraphqlError) =>
  error.extensions?.code === 'THROTTLED' || /^throttled$/i.test(error.message);

/**
 * Shopify's official GraphQL client over our transport: every call goes through `context.http`
 * (budget, record, target check) and the client's own retries are off. The points budget: before
 * a call, wait until the shop's bucket (shared across workers) holds the query's requested cost;
 * after it, give back what the call did not use and take Shopify's own figure when lower. A
 * `THROTTLED` answer leaves the bucket at what Shopify reported, so the next take waits exactly
 * (requested − available) / restoreRate.
 */
export function createShopifyGraphql(
  context: ConnectorContext,
  options: { onVersionMismatch?: (served: string, asked: string) => void } = {},
): ShopifyGraphql {
  const { connection, http } = context;
  const origin = shopOriginOf(connection.settings);
  const apiVersion = connection.apiVersion?.trim() || SHOPIFY_API_VERSION;
  let served: string | null = null;
  let warned = false;

  const clientFor = (operation: string, failures: unknown[], reads: boolean, label: string) => {
    const accessToken = connection.credentials.access_token;
    if (!accessToken) {
      throw connectorError(
        'auth',
        'The Shopify channel is not authorised yet: connect it again',
        null,
        'no_token',
      );
    }
    // A query only reads, so a 5xx is retried like a GET's; a mutation is not (it may have happened).
    const fetchForOperation = http.fetchFor(operation, { retryServerErrors: reads });
    return createAdminApiClient({
      storeDomain: origin.host,
      apiVersion,
      accessToken,
      retries: 0,
      // The client warns about versions outside the window it computes from today's date; the
      // version Shopify served is what counts, read below.
      logger: () => undefined,
      customFetchApi: async (url, init) => {
        // The client always builds https; the simulator (and the demo) answer on http.
        const target = new URL(String(url));
        target.protocol = origin.protocol;
        // Every GraphQL call has one address; the record's names the operation and what it was
        // about, so a seller finds an order's calls by searching for it. A fragment is never sent.
        target.hash = label;
        try {
          return await fetchForOperation(target, init as RequestInit);
        } catch (error) {
          failures.push(error);
          throw error;
        }
      },
    });
  };

  async function once(
    operation: string,
    what: string,
    query: string,
    variables: Record<string, unknown> | undefined,
    reserved: number,
  ): Promise<{ body: GraphqlBody; status: number }> {
    await http.points?.take(reserved);
    const failures: unknown[] = [];
    let response: Response;
    try {
      const reads = !/^\s*mutation\b/.test(query);
      response = await clientFor(operation, failures, reads, recordLabel(query, variables)).fetch(
        query,
        variables ? { variables } : {},
      );
    } catch (error) {
      // Nothing reached Shopify's bucket as far as we know: give the points back.
      await http.points?.settle(reserved, { actual: 0, reported: null });
      throw transportFailure(failures[0] ?? error, what);
    }
    const version = response.headers.get('x-shopify-api-version');
    if (version) {
      served = version;
      if (version !== apiVersion && !warned) {
        warned = true;
        options.onVersionMismatch?.(version, apiVersion);
      }
    }
    const text = await response.text();
    let body: GraphqlBody | null;
    try {
      body = text ? (JSON.parse(text) as GraphqlBody) : null;
    } catch {
      body = null;
    }
    const cost = body?.extensions?.cost;
    const status = cost?.throttleStatus;
    const answer: PointsAnswer = {
      actual: cost ? (cost.actualQueryCost ?? null) : 0,
      reported:
        status &&
        typeof status.currentlyAvailable === 'number' &&
        typeof status.maximumAvailable === 'number' &&
        typeof status.restoreRate === 'number'
          ? {
              available: status.currentlyAvailable,
              maximum: status.maximumAvailable,
              restoreRate: status.restoreRate,
            }
          : null,
    };
    await http.points?.settle(reserved, answer);
    if (typeof cost?.requestedQueryCost === 'number' && cost.requestedQueryCost > 0)
      requestedCosts.set(costKey(query, variables), cost.requestedQueryCost);
    if (!response.ok) throw failureOf(response.status, body, what, connection.tokenExpiresAt);
    if (body === null) {
      throw connectorError(
        'malformed',
        `Shopify's answer to ${what} is not valid JSON`,
        response.status,
        'malformed_response',
      );
    }
    return { body, status: response.status };
  }

  return {
    shopOrigin: origin.origin,
    apiVersion,
    servedVersion: () => served,
    async request<T>(
      operation: string,
      what: string,
      query: string,
      variables?: Record<string, unknown>,
      requestOptions: { partial?: (error: GraphqlError) => boolean } = {},
    ) {
      for (let throttled = 0; ; throttled += 1) {
        const reserved = requestedCosts.get(costKey(query, variables)) ?? UNKNOWN_COST;
        const { body, status } = await once(operation, what, query, variables, reserved);
        const errors = Array.isArray(body.errors) ? body.errors : [];
        if (errors.some(isThrottled)) {
          if (throttled + 1 >= MAX_THROTTLED) {
            throw connectorError(
              'rate_limited',
              `Shopify's rate limit was still reached after waiting (${what})`,
              status,
              'throttled',
            );
          }
          continue;
        }
        if (body.errors !== undefined && !Array.isArray(body.errors)) {
          throw failureOf(status, body, what, connection.tokenExpiresAt);
        }
        const fatal = errors.filter((error) => !requestOptions.partial?.(error));
        if (fatal.length > 0 || body.data === undefined || body.data === null) {
          throw graphqlFailure(fatal.length > 0 ? fatal : errors, what, status);
        }
        return { data: body.data as T, errors };
      }
    },
  };
}
