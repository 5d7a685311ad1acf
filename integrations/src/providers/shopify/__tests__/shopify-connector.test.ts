import { normalisedOrderSchema, type NormalisedOrderInput } from '@syncdesk/contracts';
import { ConnectorError, type ChannelConnector, type ChannelListingInput } from '../../../connector';
import { memoryPointsBudget } from '../../../transport/points-budget';
import { unlimitedBudget } from '../../../transport/rate-budget';
import { contextFor, shopifyConnection, startTestShop, TEST_APP } from '../../../testing/shopify-test-kit';
import { createShopifyConnector } from '../shopify.connector';
import { SHOPIFY_API_VERSION } from '../shopify-graphql';
import { WITHHELD_CUSTOMER_TAG } from '../shopify-order.mapper';
import type { ShopifySimulator } from '../simulator';

async function failureOf(work: Promise<unknown>): Promise<ConnectorError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const GRAPHQL_PATH = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

describe('Shopify connector (GraphQL Admin API) against the simulator', () => {
  let shop: ShopifySimulator;
  const connect = (options: Parameters<typeof createShopifyConnector>[1] = {}, overrides = {}) => {
    const built = contextFor(shopifyConnection(shop.url, overrides));
    return { connector: createShopifyConnector(built.context, options), records: built.recorder.records };
  };

  beforeAll(async () => {
    shop = await startTestShop({ refreshToken: 'shprt_seeded_refresh_token' });
  });
  afterAll(async () => {
    await shop.close();
  });

  it('imports orders page by page through the cursor, then from the watermark only what changed', async () => {
    const created = Array.from({ length: 7 }, () => shop.state.createOrder());
    const { connector } = connect({ pageSize: 3 });
    shop.state.clearCalls();
    const seen: string[] = [];
    let cursor: string | null = null;
    let watermark: Date | null = null;
    do {
      const page = await connector.listOrders!(null, cursor);
      for (const order of page.orders) {
        expect(() => normalisedOrderSchema.parse(order)).not.toThrow();
        seen.push(String(order.remote_id));
      }
      watermark = page.watermark ?? watermark;
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(expect.arrayContaining(created.map((order) => String(order.id))));
    expect(new Set(seen).size).toBe(seen.length);
    // Every call is GraphQL at the version we name, sorted by change time with the cursor.
    const calls = shop.state.calls();
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.every((call) => call.method === 'POST' && call.path === GRAPHQL_PATH)).toBe(true);
    expect(JSON.stringify(calls[0]!.body)).toContain('sortKey: UPDATED_AT');

    // A change after the download is found from its watermark, with Shopify's search syntax.
    shop.state.clearCalls();
    const changed = shop.state.updateOrder(created[2]!.id, { cancel: true });
    const fresh: NormalisedOrderInput[] = [];
    cursor = null;
    do {
      const page = await connector.listOrders!(watermark, cursor);
      fresh.push(...page.orders);
      cursor = page.next;
    } while (cursor);
    expect(fresh.find((order) => order.remote_id === String(changed.id))?.status).toBe('Cancelled');
    const variables = (shop.state.calls()[0]!.body as { variables: { query: string } }).variables;
    expect(variables.query).toBe(`updated_at:>='${watermark!.toISOString()}'`);
  });

  it('maps an order by its numeric ids: number, statuses, every line, customer and addresses', async () => {
    const skus = ['TSHIRT-BLK-M', 'TSHIRT-WHT-L', 'MUG-ENAMEL', 'TOTE-CANVAS', 'CAP-NAVY', 'SOCKS-WOOL'];
    const order = shop.state.createOrder({
      lines: skus.map((sku, index) => ({ sku, quantity: index + 1, price: '10.00' })),
      firstName: 'Ada',
      lastName: 'Lovelace',
      countryCode: 'GB',
      financialStatus: 'paid',
      // Free shipping, so refunding every line refunds the whole order.
      shippingPrice: 0,
    });
    const { connector } = connect();
    const [mapped] = await connector.getOrders!([String(order.id)]);
    expect(mapped).toMatchObject({
      remote_id: String(order.id),
      order_number: String(order.order_number),
      status: 'Unshipped',
      payment_status: 'Paid',
      currency: 'GBP',
      customer: { name: 'Ada Lovelace', remote_id: String(order.customer!.id) },
      shipping_address: { name: 'Ada Lovelace', country: 'GB' },
    });
    // Six lines: more than one query's page of lines, the rest read on their own.
    expect(mapped!.lines).toEqual(
      order.line_items.map((line) =>
        expect.objectContaining({
          remote_id: String(line.id),
          sku: line.sku,
          quantity: line.quantity,
          price: '10.00',
        }),
      ),
    );
    expect(mapped!.tags).not.toContain(WITHHELD_CUSTOMER_TAG);

    // A full refund at the shop is the spec's Refunded; a cancellation wins over it.
    shop.state.updateOrder(order.id, { refund: {} });
    expect((await connector.getOrders!([String(order.id)]))[0]!.status).toBe('Refunded');
    shop.state.updateOrder(order.id, { cancel: true });
    expect((await connector.getOrders!([String(order.id)]))[0]!.status).toBe('Cancelled');
  });

  it('imports an order without protected customer data with those fields empty and a visible note', async () => {
    const order = shop.state.createOrder({ firstName: 'Grace', lastName: 'Hopper' });
    shop.state.setProtectedCustomerData(false);
    try {
      const { connector } = connect();
      const [mapped] = await connector.getOrders!([String(order.id)]);
      expect(() => normalisedOrderSchema.parse(mapped)).not.toThrow();
      expect(mapped!.customer).toMatchObject({ name: null, email: null });
      expect(mapped!.shipping_address ?? null).toBeNull();
      expect(mapped!.tags).toContain(WITHHELD_CUSTOMER_TAG);
      expect(mapped!.lines.length).toBe(order.line_items.length);
    } finally {
      shop.state.setProtectedCustomerData(true);
    }
  });

  it('sets many SKUs in one compare-and-swap call naming our push, and a stale figure is read and pushed again', async () => {
    const { connector } = connect();
    const before = shop.state.stock();
    shop.state.clearCalls();
    const reference = 'gid://syncdesk/StockPush/4242';
    const first = await connector.pushStock!(
      [
        { sku: 'MUG-ENAMEL', quantity: 7, lastKnownQuantity: before['MUG-ENAMEL'] },
        { sku: 'CAP-NAVY', quantity: 3, lastKnownQuantity: before['CAP-NAVY'] },
        { sku: 'NOT-AT-SHOPIFY', quantity: 1 },
      ],
      { reference },
    );
    expect(first.accepted.sort()).toEqual(['CAP-NAVY', 'MUG-ENAMEL']);
    expect(first.rejected).toEqual([
      expect.objectContaining({ sku: 'NOT-AT-SHOPIFY', errorCode: 'unknown_sku' }),
    ]);
    expect(first.channelHad).toBeUndefined();
    expect(shop.state.stock()).toMatchObject({ 'MUG-ENAMEL': 7, 'CAP-NAVY': 3 });
    const mutations = shop.state
      .calls()
      .filter((call) => JSON.stringify(call.body).includes('inventorySetQuantities'));
    expect(mutations).toHaveLength(1);
    expect(shop.state.inventoryAdjustments().at(-1)!.referenceDocumentUri).toBe(reference);

    // Someone sells two mugs at the shop: our last known 7 is stale. Shopify's figure is read,
    // reported, and ours still stands.
    shop.state.createOrder({ lines: [{ sku: 'MUG-ENAMEL', quantity: 2 }] });
    const second = await connector.pushStock!([{ sku: 'MUG-ENAMEL', quantity: 10, lastKnownQuantity: 7 }]);
    expect(second.accepted).toEqual(['MUG-ENAMEL']);
    expect(second.channelHad).toEqual([{ sku: 'MUG-ENAMEL', quantity: 5 }]);
    expect(shop.state.stock()['MUG-ENAMEL']).toBe(10);
  });

  it('fulfils the open fulfilment orders of each location, updates the tracking, and takes a resend as done', async () => {
    const [main, floor] = shop.state.shop.locations;
    const order = shop.state.createOrder({
      lines: [
        { sku: 'TOTE-CANVAS', quantity: 1, locationId: main!.id },
        { sku: 'SOCKS-WOOL', quantity: 2, locationId: floor!.id },
      ],
    });
    const { connector, records } = connect();
    const push = { orderRemoteId: String(order.id), lines: [], courier: 'DPD', trackingCode: 'DPD-1' };
    const sent = await connector.pushFulfilment!(push);
    // Each call's record says which operation it was and about what: a seller searches by the order.
    expect(records.map((record) => new URL(record.url).hash)).toEqual(
      expect.arrayContaining([`#SyncdeskFulfillmentOrders:gid://shopify/Order/${order.id}`]),
    );
    expect(records.every((record) => new URL(record.url).pathname === GRAPHQL_PATH)).toBe(true);
    const ids = sent.remoteId!.split(',');
    expect(ids).toHaveLength(2);
    const made = shop.state.fulfillments().filter((fulfillment) => fulfillment.order_id === order.id);
    expect(made.map((fulfillment) => String(fulfillment.id)).sort()).toEqual([...ids].sort());
    expect(made.every((fulfillment) => fulfillment.tracking_number === 'DPD-1')).toBe(true);

    // The same send again (a worker died after Shopify took it): done, nothing new made.
    expect(await connector.pushFulfilment!(push)).toEqual({ remoteId: expect.any(String) });
    expect(shop.state.fulfillments().filter((fulfillment) => fulfillment.order_id === order.id)).toHaveLength(
      2,
    );

    // A corrected tracking number after shipping.
    await connector.pushFulfilment!({ ...push, trackingCode: 'DPD-2', fulfilmentRemoteId: sent.remoteId });
    const updated = shop.state.fulfillments().filter((fulfillment) => fulfillment.order_id === order.id);
    expect(updated.map((fulfillment) => fulfillment.tracking_number)).toEqual(['DPD-2', 'DPD-2']);
  });

  it('subscribes the five topics once, keeps them on a retried activation and removes them', async () => {
    const { connector } = connect();
    const callback = 'http://127.0.0.1:9/api/channels/shopify/webhooks/abc';
    const { webhookIds } = await connector.subscribeWebhooks!(callback);
    expect(webhookIds).toHaveLength(5);
    const topics = shop.state.webhooks().map((webhook) => webhook.topic);
    expect(topics.sort()).toEqual(
      ['app/uninstalled', 'orders/cancelled', 'orders/create', 'orders/updated', 'products/update'].sort(),
    );
    expect((await connector.subscribeWebhooks!(callback)).webhookIds).toEqual(webhookIds);
    expect(shop.state.webhooks()).toHaveLength(5);
    await connector.unsubscribeWebhooks!(webhookIds.slice(0, 2), callback);
    expect(shop.state.webhooks()).toHaveLength(0);
  });

  it('downloads the listings in pages, and a large catalogue through one bulk operation read line by line', async () => {
    const downloadAll = async (connector: ChannelConnector) => {
      const listings: ChannelListingInput[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await connector.listProducts!(cursor);
        listings.push(...page.listings);
        cursor = page.next;
        pages += 1;
        if (page.listings.length === 0 && cursor) await new Promise((resolve) => setTimeout(resolve, 25));
      } while (cursor && pages < 200);
      return listings;
    };
    const paged = await downloadAll(connect().connector);
    const skus = Object.keys(shop.state.stock());
    expect(paged.map((listing) => listing.sku).sort()).toEqual(skus.sort());
    const mug = paged.find((listing) => listing.sku === 'MUG-ENAMEL')!;
    expect(mug).toMatchObject({
      remoteId: String(shop.state.variantBySku('MUG-ENAMEL')!.inventory_item_id),
      currency: 'GBP',
      quantity: shop.state.stock()['MUG-ENAMEL'],
    });

    shop.state.clearCalls();
    const bulk = await downloadAll(connect({ bulkFromVariants: 1 }).connector);
    expect(bulk).toEqual(expect.arrayContaining(paged));
    expect(bulk).toHaveLength(paged.length);
    expect(
      shop.state.calls().some((call) => JSON.stringify(call.body).includes('bulkOperationRunQuery')),
    ).toBe(true);
  });

  it('a scope the merchant did not grant is an auth error naming the scope', async () => {
    // Scopes are the token's, granted at install: a shop whose merchant left orders out.
    const other = await startTestShop({ scopes: ['read_products', 'write_inventory', 'read_locations'] });
    try {
      const { context } = contextFor(shopifyConnection(other.url));
      const error = await failureOf(createShopifyConnector(context).listOrders!(null, null));
      expect(error.kind).toBe('auth');
      expect(error.details.code).toBe('access_denied');
      expect(error.message).toContain('read_orders');
    } finally {
      await other.close();
    }
  });

  it('two workers sharing the points budget stay under the bucket; on their own they are throttled and wait it out', async () => {
    Array.from({ length: 12 }, () => shop.state.createOrder());
    // A page of 10 asks about 450 points: two fit in the bucket at once, a third does not.
    shop.state.configureCostBucket({ restoreRate: 2000, maximumAvailable: 1000 });
    try {
      const readAll = async (connector: ChannelConnector) => {
        let cursor: string | null = null;
        let count = 0;
        do {
          const page = await connector.listOrders!(null, cursor);
          count += page.orders.length;
          cursor = page.next;
        } while (cursor);
        return count;
      };
      const throttledIn = (records: { responseBody: string | null }[]) =>
        records.filter((record) => record.responseBody?.includes('THROTTLED')).length;

      // One bucket for both, as every worker of a deployment shares the store's.
      shop.state.resetCostBucket();
      const budget = { ...unlimitedBudget, points: memoryPointsBudget() };
      const shared = [0, 1].map(() => {
        const built = contextFor(shopifyConnection(shop.url), { budget });
        return {
          connector: createShopifyConnector(built.context, { pageSize: 10 }),
          records: built.recorder.records,
        };
      });
      const counts = await Promise.all(shared.map(({ connector }) => readAll(connector)));
      expect(counts[0]).toBe(counts[1]);
      expect(throttledIn(shared.flatMap(({ records }) => records))).toBe(0);

      // Each with a bucket of its own: Shopify throttles some calls, each waits and succeeds. (Three
      // first pages ask 1,386 points of 1,000 at once; 300 a second back leaves over a second for
      // the third to arrive and be refused, however busy the machine.)
      shop.state.configureCostBucket({ restoreRate: 300, maximumAvailable: 1000 });
      shop.state.resetCostBucket();
      const alone = [0, 1, 2].map(() => connect({ pageSize: 10 }));
      const again = await Promise.all(alone.map(({ connector }) => readAll(connector)));
      expect(again).toEqual([counts[0], counts[0], counts[0]]);
      expect(throttledIn(alone.flatMap(({ records }) => records))).toBeGreaterThan(0);
    } finally {
      shop.state.configureCostBucket({ restoreRate: 100, maximumAvailable: 2000 });
      shop.state.resetCostBucket();
    }
  });

  it('reads the version Shopify served and says when it fell forward from the one asked', async () => {
    const mismatches: [string, string][] = [];
    const { connector } = connect(
      { onVersionMismatch: (served, asked) => mismatches.push([served, asked]) },
      { apiVersion: '2025-01' },
    );
    await connector.listOrders!(null, null);
    const oldest = shop.state.apiVersions()[0]!;
    expect(connector.servedVersion!()).toBe(oldest);
    expect(mismatches).toEqual([[oldest, '2025-01']]);
  });

  it('renews the token with rotation, and exchanges a token stored without expiry for an expiring one', async () => {
    const { connector } = connect(
      {},
      {
        credentials: {
          access_token: 'shpat_simulated_offline_access_token',
          refresh_token: 'shprt_seeded_refresh_token',
        },
      },
    );
    const grant = await connector.refreshToken!();
    expect(grant.credentials.access_token).toBeTruthy();
    expect(grant.credentials.refresh_token).toBeTruthy();
    expect(grant.credentials.refresh_token).not.toBe('shprt_seeded_refresh_token');
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    // The old refresh token is spent.
    const spent = await failureOf(connector.refreshToken!());
    expect(spent.kind).toBe('token_expired');

    const other = await startTestShop({ accessTokenExpiresAt: null, refreshToken: null });
    try {
      const built = contextFor(shopifyConnection(other.url));
      const migrated = await createShopifyConnector(built.context).migrateToken!();
      expect(migrated.credentials.refresh_token).toBeTruthy();
      expect(migrated.expiresAt).not.toBeNull();
      expect(other.state.tokenGrants().at(-1)).toEqual({ kind: 'token_exchange', expiring: true });
      const withNew = createShopifyConnector(
        contextFor(shopifyConnection(other.url, { credentials: migrated.credentials })).context,
      );
      await expect(withNew.listOrders!(null, null)).resolves.toBeDefined();
    } finally {
      await other.close();
    }
    expect(TEST_APP.clientId).toBeTruthy();
  });

  it('answers that are not data become the right errors: 401, 5xx after retries, a broken body', async () => {
    const { connector } = connect();
    shop.state.addFault({ status: 401, count: 1 });
    expect((await failureOf(connector.listOrders!(null, null))).kind).toBe('auth');
    shop.state.addFault({ status: 503, count: 3 });
    expect((await failureOf(connector.listOrders!(null, null))).kind).toBe('server');
    shop.state.addFault({ status: 500, count: 1, mode: 'malformed' });
    expect((await failureOf(connector.listOrders!(null, null))).kind).toBe('malformed');
    shop.state.clearFaults();
  });
});
