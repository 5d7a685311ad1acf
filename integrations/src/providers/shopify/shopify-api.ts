import { createAdminRestApiClient } from '@shopify/admin-api-client';
import type { ConnectorContext } from '../../connector';
import { connectorError, failureOf, transportFailure } from './shopify-errors';

/**
 * Admin REST version every call names. Pinned, not "latest": the order, inventory-level,
 * fulfilment-order and webhook shapes we map were read from this version, and Shopify changes
 * REST shapes only between versions. 2025-01 is the first version after REST became legacy
 * (2024-10), so nothing we use was deprecated in it. A channel row's `api_version` overrides it.
 * The official client warns that it is outside its own supported window (it counts four quarters
 * back from today); we keep its logger quiet about that rather than follow the calendar blindly.
 */
export const SHOPIFY_API_VERSION = '2025-01';

/** Shopify's bucket leaks 2 calls a second on a Standard plan (channel-apis §1); the slowest plan. */
const LEAK_PER_SECOND = 2;

export type SearchParams = Record<string, string | number>;

export interface ShopifyApi {
  /** `https://example.myshopify.com` (or the simulator's `http://127.0.0.1:PORT`). */
  readonly shopOrigin: string;
  get<T>(
    operation: string,
    path: string,
    searchParams: SearchParams,
    what: string,
  ): Promise<{ body: T; link: string | null }>;
  post<T>(operation: string, path: string, data: unknown, what: string): Promise<T>;
  delete(operation: string, path: string, what: string): Promise<void>;
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

/** "32/40": how full Shopify's bucket is after this call. */
function bucketOf(header: string | null): { used: number; capacity: number } | null {
  const match = header ? /^(\d+)\s*\/\s*(\d+)$/.exec(header.trim()) : null;
  return match ? { used: Number(match[1]), capacity: Number(match[2]) } : null;
}

/**
 * Shopify's official REST client over our transport: the client builds the urls, headers and
 * bodies; every call goes through `context.http` (budget, record, target check), and the client's
 * own retries are off because the transport retries 429s. One client per call, so a transport
 * failure can be told apart from an answer (the client wraps thrown errors in its own message).
 */
export function createShopifyApi(context: ConnectorContext): ShopifyApi {
  const { connection, http } = context;
  const origin = shopOriginOf(connection.settings);
  const apiVersion = connection.apiVersion?.trim() || SHOPIFY_API_VERSION;
  let brakeUntil = 0;

  const clientFor = (operation: string, failures: unknown[]) => {
    const accessToken = connection.credentials.access_token;
    if (!accessToken) {
      throw connectorError(
        'auth',
        'The Shopify channel is not authorised yet: connect it again',
        null,
        'no_token',
      );
    }
    const fetchForOperation = http.fetchFor(operation);
    return createAdminRestApiClient({
      storeDomain: origin.origin,
      scheme: origin.protocol === 'http:' ? 'http' : 'https',
      apiVersion,
      accessToken,
      retries: 0,
      logger: () => undefined,
      customFetchApi: async (url, init) => {
        try {
          return await fetchForOperation(url, init as RequestInit);
        } catch (error) {
          failures.push(error);
          throw error;
        }
      },
    });
  };

  /** Near a full bucket, hold this operation (every worker, through the budget) until it drains a little. */
  async function brake(operation: string, response: Response): Promise<void> {
    const bucket = bucketOf(response.headers.get('x-shopify-shop-api-call-limit'));
    if (!bucket) return;
    const margin = Math.max(2, Math.ceil(bucket.capacity * 0.1));
    const over = bucket.used - (bucket.capacity - margin);
    if (over <= 0) return;
    const ms = Math.ceil((over / LEAK_PER_SECOND) * 1000);
    brakeUntil = Math.max(brakeUntil, Date.now() + ms);
    await http.pause?.(operation, ms);
  }

  async function send(
    operation: string,
    what: string,
    call: (client: ReturnType<typeof createAdminRestApiClient>) => Promise<Response>,
  ): Promise<{ response: Response; body: unknown }> {
    const wait = brakeUntil - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const failures: unknown[] = [];
    let response: Response;
    try {
      response = await call(clientFor(operation, failures));
    } catch (error) {
      throw transportFailure(failures[0] ?? error, what);
    }
    await brake(operation, response);
    const text = await response.text();
    let body: unknown = null;
    let parsed = true;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        parsed = false;
      }
    }
    if (!response.ok) throw failureOf(response.status, body, what, connection.tokenExpiresAt);
    if (!parsed) {
      throw connectorError(
        'malformed',
        `Shopify's answer to ${what} is not valid JSON`,
        response.status,
        'malformed_response',
      );
    }
    return { response, body };
  }

  return {
    shopOrigin: origin.origin,
    async get<T>(operation: string, path: string, searchParams: SearchParams, what: string) {
      const { response, body } = await send(operation, what, (client) => client.get(path, { searchParams }));
      return { body: body as T, link: response.headers.get('link') };
    },
    async post<T>(operation: string, path: string, data: unknown, what: string) {
      const { body } = await send(operation, what, (client) =>
        client.post(path, { data: data as Record<string, unknown> }),
      );
      return body as T;
    },
    async delete(operation: string, path: string, what: string) {
      await send(operation, what, (client) => client.delete(path));
    },
  };
}

/** The `page_info` of the `rel="next"` link, or null on the last page (channel-apis §1). */
export function nextPageInfo(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^<>]+)>;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match && match[2] === 'next') return new URL(match[1]!).searchParams.get('page_info');
  }
  return null;
}
