import { normalisedOrderSchema } from '@syncdesk/contracts';
import { ConnectorError } from '../../../connector';
import type { RateBudget } from '../../../transport/rate-budget';
import { createShopifyConnector } from '../shopify.connector';
import type { ShopifySimulator } from '../simulator';
import { toSecond } from '../simulator/simulator-time';
import {
  contextFor,
  SHOPIFY_SIMULATOR_DEFAULTS,
  shopifyConnection,
  startTestShop,
  waitFor,
} from '../../../testing/shopify-test-kit';

async function failureOf(work: Promise<unknown>): Promise<ConnectorError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('Shopify connector against the simulator', () => {
  let shop: ShopifySimulator;

  beforeEach(async () => {
    shop = await startTestShop({ refreshToken: 'shprt_seeded_refresh_token' });
  });
  afterEach(async () => {
    await shop.close();
  });

  it('imports orders page by page through the Link cursor, then only what changed since the watermark', async () => {
    const created = Array.from({ length: 7 }, () => shop.state.createOrder());
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context, {
      pageSize: 3,
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    let watermark: Date | null = null;
    let pages = 0;
    do {
      const page = await connector.listOrders!(null, cursor);
      pages += 1;
      for (const order of page.orders) {
        expect(() => normalisedOrderSchema.parse(order)).not.toThrow();
        seen.push(String(order.remote_id));
      }
      watermark = page.watermark ?? watermark;
      cursor = page.next;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(created.map((order) => String(order.id)).sort());

    // Page requests carry only page_info and limit, as Shopify demands; the first carries the filters.
    const listCalls = shop.state.calls().filter((call) => call.path.endsWith('/orders.json'));
    expect(listCalls[0]!.query).toContain('status=any');
    for (const call of listCalls.slice(1)) {
      expect([...new URLSearchParams(call.query).keys()].sort()).toEqual(['limit', 'page_info']);
    }
    expect(listCalls.every((call) => call.path.startsWith('/admin/api/2025-01/'))).toBe(true);

    // A change in a later second than the last import is found from the watermark.
    const lastSecond = toSecond(watermark!.getTime());
    await waitFor(() => toSecond(Date.now()) > lastSecond);
    const since = new Date(toSecond(Date.now()));
    const changed = shop.state.updateOrder(created[2]!.id, { cancel: true });
    const fresh = await connector.listOrders!(since, null);
    expect(fresh.orders.map((order) => order.remote_id)).toEqual([String(changed.id)]);
    expect(fresh.orders[0]!.status).toBe('Cancelled');
    expect(fresh.next).toBeNull();
    expect(fresh.watermark!.getTime()).toBeGreaterThanOrEqual(since.getTime());
    const firstQuery = new URLSearchParams(shop.state.calls().at(-1)!.query);
    expect(firstQuery.get('updated_at_min')).toBe(since.toISOString());
  });

  it('maps an order: number, statuses, lines with their ids, tax, customer and addresses', async () => {
    const order = shop.state.createOrder({
      lines: [
        { sku: 'MUG-ENAMEL', quantity: 2, price: '12.50' },
        { sku: 'CAP-NAVY', quantity: 1, price: '20.00' },
      ],
      firstName: 'Ada',
      lastName: 'Lovelace',
      countryCode: 'GB',
      financialStatus: 'paid',
    });
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    const [mapped] = await connector.getOrders!([String(order.id)]);
    expect(mapped).toMatchObject({
      remote_id: String(order.id),
      order_number: String(order.order_number),
      status: 'Unshipped',
      payment_status: 'Paid',
      currency: 'GBP',
      subtotal: '45.00',
      customer: { name: 'Ada Lovelace', remote_id: String(order.customer!.id) },
      shipping_address: { name: 'Ada Lovelace', country: 'GB' },
    });
    expect(mapped!.lines).toEqual([
      expect.objectContaining({
        remote_id: String(order.line_items[0]!.id),
        sku: 'MUG-ENAMEL',
        quantity: 2,
        price: '12.50',
      }),
      expect.objectContaining({ remote_id: String(order.line_items[1]!.id), sku: 'CAP-NAVY', quantity: 1 }),
    ]);
    expect(Number(mapped!.lines[0]!.tax_total)).toBeCloseTo(25 / 6, 2);
  });

  it('reads named orders with ids=', async () => {
    const [first, , third] = Array.from({ length: 3 }, () => shop.state.createOrder());
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    const orders = await connector.getOrders!([String(first!.id), String(third!.id), 'not-an-id']);
    expect(orders.map((order) => order.remote_id).sort()).toEqual(
      [String(first!.id), String(third!.id)].sort(),
    );
    expect(shop.state.calls().at(-1)!.query).toContain(`ids=${first!.id}%2C${third!.id}`);
  });

  it('sets stock per SKU at the first location and rejects a SKU the shop does not have', async () => {
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    const outcome = await connector.pushStock!([
      { sku: 'MUG-ENAMEL', quantity: 12 },
      { sku: 'NOT-IN-SHOP', quantity: 3 },
      { sku: 'CAP-NAVY', quantity: 0 },
    ]);
    expect(outcome.accepted).toEqual(['MUG-ENAMEL', 'CAP-NAVY']);
    expect(outcome.rejected).toEqual([
      expect.objectContaining({ sku: 'NOT-IN-SHOP', errorCode: 'unknown_sku' }),
    ]);
    expect(shop.state.stock()).toMatchObject({ 'MUG-ENAMEL': 12, 'CAP-NAVY': 0 });
    const sets = shop.state.calls().filter((call) => call.path.endsWith('/inventory_levels/set.json'));
    expect(sets.map((call) => call.body)).toEqual([
      expect.objectContaining({
        location_id: shop.state.shop.primaryLocation.id,
        inventory_item_id: shop.state.variantBySku('MUG-ENAMEL')!.inventory_item_id,
        available: 12,
      }),
      expect.objectContaining({ available: 0 }),
    ]);
  });

  it('uses the channel’s location and a known inventory item without looking it up', async () => {
    const location = shop.state.shop.locations[1]!;
    const connection = shopifyConnection(shop.url, {
      settings: { shop_url: shop.url, location_id: location.id },
    });
    const connector = createShopifyConnector(contextFor(connection).context);
    const item = shop.state.variantBySku('SOCKS-WOOL')!.inventory_item_id;
    const outcome = await connector.pushStock!([{ sku: 'SOCKS-WOOL', remoteId: String(item), quantity: 5 }]);
    expect(outcome.accepted).toEqual(['SOCKS-WOOL']);
    expect(shop.state.shop.levels.get(`${item}:${location.id}`)?.available).toBe(5);
    expect(shop.state.calls().map((call) => call.path)).toEqual([
      '/admin/api/2025-01/inventory_levels/set.json',
    ]);
  });

  it('pushes tracking per line through the fulfilment orders, then the rest, then refuses a third time', async () => {
    const order = shop.state.createOrder({
      lines: [
        { sku: 'MUG-ENAMEL', quantity: 2 },
        { sku: 'TOTE-CANVAS', quantity: 1 },
      ],
    });
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    const first = await connector.pushFulfilment!({
      orderRemoteId: String(order.id),
      lines: [{ remoteId: String(order.line_items[0]!.id), quantity: 2 }],
      courier: 'Royal Mail',
      trackingCode: 'RM123456789GB',
      trackingUrl: 'https://track.example/RM123456789GB',
    });
    expect(first.remoteId).not.toBeNull();
    const [fulfillment] = shop.state.fulfillments();
    expect(fulfillment).toMatchObject({
      id: Number(first.remoteId),
      status: 'success',
      tracking_company: 'Royal Mail',
      tracking_number: 'RM123456789GB',
      tracking_url: 'https://track.example/RM123456789GB',
    });
    expect(shop.state.shop.orders.get(order.id)!.order.fulfillment_status).toBe('partial');

    await connector.pushFulfilment!({
      orderRemoteId: String(order.id),
      lines: [],
      courier: 'DPD',
      trackingCode: '15501234',
    });
    expect(shop.state.shop.orders.get(order.id)!.order.fulfillment_status).toBe('fulfilled');

    const refused = await failureOf(
      connector.pushFulfilment!({
        orderRemoteId: String(order.id),
        lines: [],
        courier: null,
        trackingCode: null,
      }),
    );
    expect(refused.kind).toBe('invalid_state');
  });

  it('answers a fulfilment sent again after it landed (a killed worker) with the one already there, making none', async () => {
    const order = shop.state.createOrder({
      lines: [
        { sku: 'MUG-ENAMEL', quantity: 2 },
        { sku: 'TOTE-CANVAS', quantity: 1 },
      ],
    });
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    const partOne = {
      orderRemoteId: String(order.id),
      lines: [{ remoteId: String(order.line_items[0]!.id), quantity: 2 }],
      courier: 'Royal Mail',
      trackingCode: 'RM000000001GB',
    };
    const first = await connector.pushFulfilment!(partOne);
    // The same line again (its line is no longer open), then the whole order twice.
    expect(await connector.pushFulfilment!(partOne)).toEqual(first);
    const whole = { orderRemoteId: String(order.id), lines: [], courier: 'DPD', trackingCode: '15500001' };
    const second = await connector.pushFulfilment!(whole);
    expect(await connector.pushFulfilment!(whole)).toEqual(second);
    expect(shop.state.fulfillments().filter((fulfillment) => fulfillment.order_id === order.id)).toHaveLength(
      2,
    );

    // Another tracking number is another shipment: nothing left to fulfil, as before.
    const other = await failureOf(connector.pushFulfilment!({ ...whole, trackingCode: 'OTHER-1' }));
    expect(other.kind).toBe('invalid_state');
  });

  it('says token_expired for a token past its expiry, renews it with the refresh token, and works again', async () => {
    shop.state.expireTokens();
    const expiredConnection = shopifyConnection(shop.url, {
      credentials: {
        access_token: SHOPIFY_SIMULATOR_DEFAULTS.accessToken,
        refresh_token: 'shprt_seeded_refresh_token',
      },
      tokenExpiresAt: new Date(Date.now() - 1000),
    });
    const { context, recorder } = contextFor(expiredConnection);
    const connector = createShopifyConnector(context);
    const expired = await failureOf(connector.listOrders!(null, null));
    expect(expired.kind).toBe('token_expired');
    expect(expired.details.httpStatus).toBe(401);

    const grant = await connector.refreshToken!();
    expect(grant.credentials.access_token).toMatch(/^shpat_/);
    expect(grant.credentials.refresh_token).toMatch(/^shprt_/);
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    // The app secret and the tokens never reach the record.
    const refreshRecord = recorder.records.find((record) =>
      record.url.endsWith('/admin/oauth/access_token'),
    )!;
    expect(refreshRecord.requestBody).not.toContain(SHOPIFY_SIMULATOR_DEFAULTS.clientSecret);
    expect(refreshRecord.responseBody).not.toContain(grant.credentials.access_token);

    shop.state.createOrder();
    const renewed = createShopifyConnector(
      contextFor(
        shopifyConnection(shop.url, { credentials: grant.credentials, tokenExpiresAt: grant.expiresAt }),
      ).context,
    );
    expect((await renewed.listOrders!(null, null)).orders).toHaveLength(1);

    // Refresh tokens rotate: the one just spent is refused.
    const reused = await failureOf(connector.refreshToken!());
    expect(reused.kind).toBe('token_expired');
    expect(reused.details.code).toBe('invalid_grant');
  });

  it('says auth for a token Shopify does not know', async () => {
    const connection = shopifyConnection(shop.url, { credentials: { access_token: 'shpat_wrong' } });
    const failure = await failureOf(
      createShopifyConnector(contextFor(connection).context).listOrders!(null, null),
    );
    expect(failure.kind).toBe('auth');
    expect(failure.message).toContain('Invalid API key or access token');
  });

  it('waits out a full bucket (429 + Retry-After) and succeeds; the record counts the attempts', async () => {
    shop.state.configureBucket({ capacity: 2, leakPerSecond: 0.5 });
    const order = shop.state.createOrder();
    const token = { 'x-shopify-access-token': SHOPIFY_SIMULATOR_DEFAULTS.accessToken };
    for (let i = 0; i < 2; i += 1) {
      await fetch(`${shop.url}/admin/api/2025-01/shop.json`, { headers: token });
    }
    const { context, recorder } = contextFor(shopifyConnection(shop.url));
    const orders = await createShopifyConnector(context).getOrders!([String(order.id)]);
    expect(orders).toHaveLength(1);
    const statuses = shop.state
      .calls()
      .filter((call) => call.path.endsWith('/orders.json'))
      .map((call) => call.status);
    expect(statuses[0]).toBe(429);
    expect(statuses.at(-1)).toBe(200);
    expect(recorder.records.at(-1)).toMatchObject({ httpStatus: 200, attempts: statuses.length });
  });

  it('slows its budget when the bucket header says it is nearly full', async () => {
    shop.state.configureBucket({ capacity: 4, leakPerSecond: 0.1 });
    const pauses: { operation: string; ms: number }[] = [];
    const budget: RateBudget = {
      take: async () => ({ waitingBefore: 0 }),
      pause: async (key, ms) => void pauses.push({ operation: key.operation, ms }),
    };
    const { context } = contextFor(shopifyConnection(shop.url), {
      budget,
      limits: { get_orders: { calls: 1000, periodSeconds: 1 } },
    });
    const connector = createShopifyConnector(context);
    await connector.listOrders!(null, null);
    await connector.listOrders!(null, null);
    await connector.listOrders!(null, null);
    expect(pauses.length).toBeGreaterThan(0);
    expect(pauses[0]!.operation).toBe('get_orders');
  });

  it('retries a GET that met a 500, and reports a timeout and a malformed body as such', async () => {
    shop.state.createOrder();
    shop.state.addFault({ status: 500, count: 1, path: 'orders' });
    const { context, recorder } = contextFor(shopifyConnection(shop.url), { timeoutMs: 1500 });
    const connector = createShopifyConnector(context);
    expect((await connector.listOrders!(null, null)).orders).toHaveLength(1);
    expect(recorder.records.at(-1)).toMatchObject({ httpStatus: 200, attempts: 2 });

    shop.state.addFault({ mode: 'timeout', count: 1 });
    expect((await failureOf(connector.listOrders!(null, null))).kind).toBe('timeout');
    expect(recorder.records.at(-1)).toMatchObject({ httpStatus: null, attempts: 1, errorCode: 'timeout' });

    shop.state.addFault({ mode: 'malformed', count: 1 });
    expect((await failureOf(connector.listOrders!(null, null))).kind).toBe('malformed');

    shop.state.addFault({ status: 503, count: 3 });
    const outage = await failureOf(connector.listOrders!(null, null));
    expect(outage.kind).toBe('server');
    expect(outage.details.httpStatus).toBe(503);

    shop.state.clearFaults();
    expect((await connector.listOrders!(null, null)).orders).toHaveLength(1);
  });

  it('subscribes the order webhooks once, even when asked twice, and removes them', async () => {
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    const callback = 'https://app.example/api/channels/shopify/webhooks/0b0c5b1e';
    const { webhookIds } = await connector.subscribeWebhooks!(callback);
    expect(webhookIds).toHaveLength(2);
    expect(
      shop.state
        .webhooks()
        .map((webhook) => webhook.topic)
        .sort(),
    ).toEqual(['orders/create', 'orders/updated']);
    const again = await connector.subscribeWebhooks!(callback);
    expect(again.webhookIds.sort()).toEqual([...webhookIds].sort());
    expect(shop.state.webhooks()).toHaveLength(2);

    await connector.unsubscribeWebhooks!([...webhookIds, '999']);
    expect(shop.state.webhooks()).toEqual([]);
  });
});
