import { createAdminRestApiClient } from '@shopify/admin-api-client';
import type { ShopifySimulator } from '../simulator';
import type { ShopifyOrder } from '../simulator/shop-resources';
import { SHOPIFY_SIMULATOR_DEFAULTS, startTestShop } from '../../../testing/shopify-test-kit';

/**
 * The simulator driven by Shopify's own REST client, with nothing of ours in between: if the
 * official client cannot talk to it, the simulator is not faithful (issue 11, "Whose HTTP client").
 */
describe('Shopify simulator, as the official @shopify/admin-api-client sees it', () => {
  let shop: ShopifySimulator;
  const clientFor = (accessToken: string = SHOPIFY_SIMULATOR_DEFAULTS.accessToken) =>
    createAdminRestApiClient({
      storeDomain: shop.url,
      scheme: 'http',
      apiVersion: '2025-01',
      accessToken,
      logger: () => undefined,
    });

  beforeEach(async () => {
    shop = await startTestShop();
  });
  afterEach(async () => {
    await shop.close();
  });

  it('pages orders with Link headers that carry only page_info and limit, and no Link on the last page', async () => {
    for (let i = 0; i < 5; i += 1) shop.state.createOrder();
    const client = clientFor();
    const first = await client.get('orders', { searchParams: { status: 'any', limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-shopify-shop-api-call-limit')).toBe('1/40');
    const link = first.headers.get('link')!;
    expect(link).toMatch(/rel="next"/);
    const next = new URL(/<([^<]+)>; rel="next"/.exec(link)![1]!);
    expect([...next.searchParams.keys()].sort()).toEqual(['limit', 'page_info']);

    const ids: number[] = ((await first.json()) as { orders: ShopifyOrder[] }).orders.map(
      (order) => order.id,
    );
    let pageInfo: string | null = next.searchParams.get('page_info');
    while (pageInfo) {
      const page = await client.get('orders', { searchParams: { limit: 2, page_info: pageInfo } });
      ids.push(...((await page.json()) as { orders: ShopifyOrder[] }).orders.map((order) => order.id));
      const pageLink = page.headers.get('link') ?? '';
      expect(pageLink).toMatch(/rel="previous"/);
      const nextMatch = /<([^<]+)>; rel="next"/.exec(pageLink);
      pageInfo = nextMatch ? new URL(nextMatch[1]!).searchParams.get('page_info') : null;
    }
    expect(new Set(ids).size).toBe(5);

    const single = await client.get('orders', { searchParams: { status: 'any', limit: 250 } });
    expect(single.headers.get('link')).toBeNull();
  });

  it('refuses a filter beside page_info with 400, like Shopify', async () => {
    for (let i = 0; i < 3; i += 1) shop.state.createOrder();
    const client = clientFor();
    const first = await client.get('orders', { searchParams: { status: 'any', limit: 1 } });
    const pageInfo = new URL(/<([^<]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!).searchParams.get(
      'page_info',
    )!;
    const refused = await client.get('orders', {
      searchParams: { limit: 1, page_info: pageInfo, created_at_min: '2026-01-01T00:00:00Z' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      errors: { created_at_min: 'created_at_min cannot be passed when page_info is present' },
    });
  });

  it('answers a wrong token with 401 and Shopify’s wording', async () => {
    const response = await clientFor('shpat_nobody').get('orders');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
  });

  it('throttles with 429 and a float Retry-After when the bucket is full', async () => {
    shop.state.configureBucket({ capacity: 3, leakPerSecond: 0.1 });
    const client = clientFor();
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.get('shop')));
    const throttled = answers.filter((response) => response.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(2);
    expect(throttled[0]!.headers.get('retry-after')).toMatch(/^\d+\.\d$/);
    expect(throttled[0]!.headers.get('x-shopify-shop-api-call-limit')).toBe('3/3');
  });

  it('sets inventory, creates a fulfilment from fulfilment orders, and manages webhooks', async () => {
    const client = clientFor();
    const variant = shop.state.variantBySku('TOTE-CANVAS')!;
    const locations = (await (await client.get('locations')).json()) as { locations: { id: number }[] };
    const set = await client.post('inventory_levels/set', {
      data: {
        location_id: locations.locations[0]!.id,
        inventory_item_id: variant.inventory_item_id,
        available: 42,
      },
    });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { inventory_level: { available: number } }).inventory_level.available).toBe(
      42,
    );
    expect(shop.state.stock()['TOTE-CANVAS']).toBe(42);

    const order = shop.state.createOrder({ lines: [{ sku: 'TOTE-CANVAS', quantity: 1 }] });
    const fulfillmentOrders = (await (await client.get(`orders/${order.id}/fulfillment_orders`)).json()) as {
      fulfillment_orders: { id: number; line_items: { id: number; line_item_id: number }[] }[];
    };
    expect(fulfillmentOrders.fulfillment_orders[0]!.line_items[0]!.line_item_id).toBe(
      order.line_items[0]!.id,
    );
    const created = await client.post('fulfillments', {
      data: {
        fulfillment: {
          notify_customer: false,
          tracking_info: { number: '1Z001985YW99744790', company: 'UPS' },
          line_items_by_fulfillment_order: [
            { fulfillment_order_id: fulfillmentOrders.fulfillment_orders[0]!.id },
          ],
        },
      },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      fulfillment: { status: 'success', tracking_number: '1Z001985YW99744790', name: `${order.name}.1` },
    });

    const hook = await client.post('webhooks', {
      data: { webhook: { topic: 'orders/create', address: 'https://example.com/hook', format: 'json' } },
    });
    expect(hook.status).toBe(201);
    const { webhook } = (await hook.json()) as { webhook: { id: number } };
    const duplicate = await client.post('webhooks', {
      data: { webhook: { topic: 'orders/create', address: 'https://example.com/hook', format: 'json' } },
    });
    expect(duplicate.status).toBe(422);
    expect((await client.delete(`webhooks/${webhook.id}`)).status).toBe(200);
    expect((await client.get(`webhooks/${webhook.id}`)).status).toBe(404);
  });

  it('lets the control endpoints create orders, inject faults and list the calls it received', async () => {
    const created = await fetch(`${shop.url}/__simulator/orders`, {
      method: 'POST',
      body: JSON.stringify({ lines: [{ sku: 'MUG-ENAMEL', quantity: 3 }] }),
    });
    expect(created.status).toBe(201);
    const { order } = (await created.json()) as { order: { id: number } };
    const refunded = await fetch(`${shop.url}/__simulator/orders/${order.id}/update`, {
      method: 'POST',
      body: JSON.stringify({ financial_status: 'refunded' }),
    });
    expect(((await refunded.json()) as { order: { financial_status: string } }).order.financial_status).toBe(
      'refunded',
    );
    const wrong = await fetch(`${shop.url}/__simulator/orders/${order.id}/update`, {
      method: 'POST',
      body: JSON.stringify({ financial_status: 'sort of paid' }),
    });
    expect(wrong.status).toBe(400);
    await fetch(`${shop.url}/__simulator/faults`, {
      method: 'POST',
      body: JSON.stringify({ status: 503, count: 1, path: 'orders' }),
    });
    const client = clientFor();
    expect((await client.get('orders', { searchParams: { status: 'any' } })).status).toBe(503);
    expect((await client.get('orders', { searchParams: { status: 'any' } })).status).toBe(200);
    const calls = (
      (await (await fetch(`${shop.url}/__simulator/calls`)).json()) as { calls: { status: number }[] }
    ).calls;
    expect(calls.map((call) => call.status)).toEqual([503, 200]);
    const stock = (await (await fetch(`${shop.url}/__simulator/stock`)).json()) as {
      stock: Record<string, number>;
    };
    expect(stock.stock['MUG-ENAMEL']).toBe(22);
    const summary = (await (await fetch(`${shop.url}/__simulator/state`)).json()) as { orders: number };
    expect(summary.orders).toBe(1);
  });
});
