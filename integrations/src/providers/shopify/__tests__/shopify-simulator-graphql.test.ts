import { createAdminApiClient, type AdminApiClient } from '@shopify/admin-api-client';
import type { ShopifySimulator } from '../simulator';
import { SHOPIFY_SIMULATOR_DEFAULTS, startTestShop, waitFor } from '../../../testing/shopify-test-kit';

/**
 * The simulator's GraphQL Admin API driven by Shopify's own `@shopify/admin-api-client`, nothing of
 * ours in between: what the official client can do against it, a connector built on the real API
 * can do too (issue 24).
 */

/** The client always speaks https; the simulator listens on plain http. */
const httpFetch = (url: string | URL | Request, init?: RequestInit) =>
  fetch(String(url).replace(/^https:/, 'http:'), init);

interface OrdersPage {
  orders: {
    edges: { node: { id: string; updatedAt: string; lineItems: { nodes: { sku: string }[] } } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

describe('Shopify simulator, GraphQL Admin API through @shopify/admin-api-client', () => {
  let shop: ShopifySimulator;
  let client: AdminApiClient;
  const clientFor = (apiVersion: string, accessToken: string = SHOPIFY_SIMULATOR_DEFAULTS.accessToken) =>
    createAdminApiClient({
      storeDomain: shop.url,
      apiVersion,
      accessToken,
      customFetchApi: httpFetch,
      logger: () => undefined,
    });

  beforeAll(async () => {
    shop = await startTestShop({
      products: [
        {
          title: 'Organic tee',
          variants: [
            { sku: 'TEE-S', barcode: '5012345678900', price: '19.00', stock: 7 },
            { sku: 'TEE-M', price: '19.00' },
            { sku: 'TEE-L', price: '21.00' },
          ],
        },
      ],
    });
    client = clientFor('2026-10');
  });
  afterAll(async () => {
    await shop.close();
  });
  beforeEach(() => {
    shop.state.resetCostBucket();
  });

  it('pages orders by UPDATED_AT with an updated_at filter and cursors, and prices every answer', async () => {
    const old = shop.state.createOrder({ createdAt: '2026-06-01T09:00:00Z' });
    const since = new Date(Date.now() - 60_000).toISOString();
    const created = [1, 2, 3, 4, 5].map(() => shop.state.createOrder());
    const query = `query Orders($after: String, $filter: String) {
      orders(first: 2, after: $after, sortKey: UPDATED_AT, query: $filter) {
        edges { cursor node { id legacyResourceId name updatedAt lineItems(first: 5) { nodes { sku quantity } } } }
        pageInfo { hasNextPage endCursor }
      }
    }`;
    const seen: string[] = [];
    let after: string | null = null;
    const costs: Cost[] = [];
    for (;;) {
      const response: { data?: OrdersPage; errors?: unknown; extensions?: Record<string, unknown> } =
        await client.request<OrdersPage>(query, { variables: { after, filter: `updated_at:>='${since}'` } });
      expect(response.errors).toBeUndefined();
      costs.push(response.extensions!.cost as Cost);
      seen.push(...response.data!.orders.edges.map((edge) => edge.node.id));
      if (!response.data!.orders.pageInfo.hasNextPage) break;
      after = response.data!.orders.pageInfo.endCursor;
    }
    expect(seen).toEqual(created.map((order) => `gid://shopify/Order/${order.id}`));
    expect(seen).not.toContain(`gid://shopify/Order/${old.id}`);
    // 2 for the connection + 2 orders × (1 + lineItems: 2 + 5 lines).
    expect(costs[0]!.requestedQueryCost).toBe(18);
    expect(costs[0]!.actualQueryCost).toBeLessThan(18);
    expect(costs[0]!.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
    expect(costs[1]!.throttleStatus.currentlyAvailable).toBeLessThan(2000);

    const named = await client.request<{ nodes: ({ name: string } | null)[] }>(
      `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Order { name displayFinancialStatus displayFulfillmentStatus } } }`,
      { variables: { ids: [`gid://shopify/Order/${created[0]!.id}`, 'gid://shopify/Order/1'] } },
    );
    expect(named.data!.nodes).toEqual([
      { name: created[0]!.name, displayFinancialStatus: 'PAID', displayFulfillmentStatus: 'UNFULFILLED' },
      null,
    ]);
  });

  it('fails a malformed query or an unknown field with 200 and the validation errors', async () => {
    const unknown = await client.request('{ orders(first: 1) { nodes { id nope } } }');
    expect(unknown.errors?.networkStatusCode).toBe(200);
    expect(unknown.errors?.graphQLErrors?.[0]?.message).toMatch(/Cannot query field "nope" on type "Order"/);

    const malformed = await client.request('{ orders(first: 1) { nodes { id }');
    expect(malformed.errors?.graphQLErrors?.[0]?.message).toMatch(/Syntax Error/);

    const noPageSize = await client.request('{ orders { nodes { id } } }');
    expect(noPageSize.errors?.graphQLErrors?.[0]?.message).toBe('you must provide one of first or last');

    const denied = await clientFor('2026-10', 'shpat_nobody').request('{ shop { name } }');
    expect(denied.errors?.networkStatusCode).toBe(401);
  });

  it('throttles by points with THROTTLED, refuses a query over 1,000 points, and restores at the rate', async () => {
    shop.state.configureCostBucket({ maximumAvailable: 55, restoreRate: 1 });
    try {
      shop.state.resetCostBucket();
      const first = await client.request('{ orders(first: 50) { nodes { id } } }');
      expect(first.errors).toBeUndefined();
      const throttled = await client.fetch('{ orders(first: 50) { nodes { id } } }');
      expect(throttled.status).toBe(200);
      const body = (await throttled.json()) as { errors: unknown; extensions: { cost: Cost } };
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: 'Throttled',
          extensions: expect.objectContaining({ code: 'THROTTLED' }),
        }),
      ]);
      expect(body.extensions.cost).toMatchObject({
        requestedQueryCost: 52,
        actualQueryCost: null,
        throttleStatus: { maximumAvailable: 55, restoreRate: 1 },
      });
      expect(body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(52);
      // Points come back at the restore rate: the same query passes once enough have.
      shop.state.configureCostBucket({ restoreRate: 500 });
      await waitFor(
        async () => (await client.request('{ orders(first: 50) { nodes { id } } }')).errors === undefined,
      );
    } finally {
      shop.state.configureCostBucket({ maximumAvailable: 2000, restoreRate: 100 });
    }

    const huge = await client.request(
      '{ orders(first: 250) { nodes { id lineItems(first: 10) { nodes { sku } } } } }',
    );
    expect(huge.errors?.graphQLErrors?.[0]).toMatchObject({
      message: expect.stringMatching(
        /^Query cost is 3252, which exceeds the single query max cost limit \(1000\)/,
      ),
      extensions: { code: 'MAX_COST_EXCEEDED', cost: 3252, maxCost: 1000 },
    });
  });

  it('answers with the version it served, falling forward from an unsupported one', async () => {
    expect(shop.state.apiVersions()).toEqual(['2026-01', '2026-04', '2026-07', '2026-10']);
    const current = await client.fetch('{ shop { name currencyCode } }');
    expect(current.headers.get('x-shopify-api-version')).toBe('2026-10');
    const old = await clientFor('2025-01').fetch('{ shop { name myshopifyDomain } }');
    expect(old.status).toBe(200);
    expect(old.headers.get('x-shopify-api-version')).toBe('2026-01');
    expect(
      ((await old.json()) as { data: { shop: { myshopifyDomain: string } } }).data.shop.myshopifyDomain,
    ).toBe(new URL(shop.url).host);
  });

  it('sets stock with compare-and-swap: a stale changeFromQuantity changes nothing', async () => {
    const lookup = await client.request<{
      productVariants: {
        nodes: {
          sku: string;
          barcode: string | null;
          inventoryItem: {
            id: string;
            inventoryLevels: {
              nodes: { location: { id: string }; quantities: { name: string; quantity: number }[] }[];
            };
          };
        }[];
      };
    }>(`{ productVariants(first: 5, query: "sku:TEE-S") { nodes { sku barcode inventoryItem { id
        inventoryLevels(first: 5) { nodes { location { id } quantities(names: ["available"]) { name quantity } } } } } } }`);
    const variant = lookup.data!.productVariants.nodes[0]!;
    expect(variant).toMatchObject({ sku: 'TEE-S', barcode: '5012345678900' });
    const level = variant.inventoryItem.inventoryLevels.nodes[0]!;
    expect(level.quantities).toEqual([{ name: 'available', quantity: 7 }]);

    const set = `mutation Set($input: InventorySetQuantitiesInput!) {
      inventorySetQuantities(input: $input) {
        inventoryAdjustmentGroup { reason referenceDocumentUri changes { name delta quantityAfterChange } }
        userErrors { code field message }
      }
    }`;
    const input = (quantity: number, changeFromQuantity: number | null) => ({
      name: 'available',
      reason: 'correction',
      referenceDocumentUri: 'syncdesk://stock-pushes/42',
      quantities: [
        {
          inventoryItemId: variant.inventoryItem.id,
          locationId: level.location.id,
          quantity,
          changeFromQuantity,
        },
      ],
    });
    const done = await client.request<{
      inventorySetQuantities: { userErrors: unknown[]; inventoryAdjustmentGroup: unknown };
    }>(set, { variables: { input: input(12, 7) } });
    expect(done.data!.inventorySetQuantities.userErrors).toEqual([]);
    expect(done.extensions!.cost).toMatchObject({ requestedQueryCost: 10, actualQueryCost: 10 });
    expect(shop.state.stock()['TEE-S']).toBe(12);
    expect(shop.state.inventoryAdjustments().pop()).toMatchObject({
      delta: 5,
      referenceDocumentUri: 'syncdesk://stock-pushes/42',
    });

    const stale = await client.request<{ inventorySetQuantities: { userErrors: { code: string }[] } }>(set, {
      variables: { input: input(3, 7) },
    });
    expect(stale.data!.inventorySetQuantities.userErrors).toEqual([
      expect.objectContaining({
        code: 'CHANGE_FROM_QUANTITY_STALE',
        field: ['input', 'quantities', '0', 'changeFromQuantity'],
      }),
    ]);
    expect(shop.state.stock()['TEE-S']).toBe(12);

    const { changeFromQuantity: _omitted, ...withoutCompare } = input(3, null).quantities[0]!;
    const missing = await client.request<{ inventorySetQuantities: { userErrors: { message: string }[] } }>(
      set,
      {
        variables: { input: { ...input(3, null), quantities: [withoutCompare] } },
      },
    );
    expect(missing.data!.inventorySetQuantities.userErrors[0]!.message).toMatch(
      /changeFromQuantity is required/,
    );
    const unchecked = await client.request<{ inventorySetQuantities: { userErrors: unknown[] } }>(set, {
      variables: { input: input(3, null) },
    });
    expect(unchecked.data!.inventorySetQuantities.userErrors).toEqual([]);
    expect(shop.state.stock()['TEE-S']).toBe(3);
  });

  it('fulfils an order split over two locations, updates tracking, and shows refunds and cancellation', async () => {
    const [main, floor] = shop.state.summary().locations;
    const order = shop.state.createOrder({
      lines: [
        { sku: 'TEE-M', quantity: 1, locationId: main!.id },
        { sku: 'TEE-L', quantity: 2, locationId: floor!.id },
      ],
    });
    const orderId = `gid://shopify/Order/${order.id}`;
    const read = async () =>
      (
        await client.request<{
          order: {
            displayFulfillmentStatus: string;
            displayFinancialStatus: string;
            cancelledAt: string | null;
            cancelReason: string | null;
            fulfillmentOrders: {
              nodes: {
                id: string;
                status: string;
                assignedLocation: { location: { id: string } };
                lineItems: { nodes: { id: string; remainingQuantity: number; lineItem: { sku: string } }[] };
              }[];
            };
            fulfillments: { id: string; trackingInfo: { number: string; company: string }[] }[];
            refunds: {
              totalRefundedSet: { shopMoney: { amount: string } };
              refundLineItems: { nodes: { quantity: number }[] };
            }[];
          };
        }>(
          `query($id: ID!) { order(id: $id) { displayFulfillmentStatus displayFinancialStatus cancelledAt cancelReason
            fulfillmentOrders(first: 5) { nodes { id status assignedLocation { location { id } }
              lineItems(first: 10) { nodes { id remainingQuantity lineItem { sku } } } } }
            fulfillments(first: 5) { id trackingInfo { number company } }
            refunds(first: 5) { totalRefundedSet { shopMoney { amount } } refundLineItems(first: 5) { nodes { quantity } } } } }`,
          { variables: { id: orderId } },
        )
      ).data!.order;
    const before = await read();
    expect(before.fulfillmentOrders.nodes.map((fo) => fo.assignedLocation.location.id)).toEqual([
      `gid://shopify/Location/${main!.id}`,
      `gid://shopify/Location/${floor!.id}`,
    ]);
    const create = `mutation($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status trackingInfo { number company url } } userErrors { field message } } }`;
    const [first, second] = before.fulfillmentOrders.nodes;
    const one = await client.request<{
      fulfillmentCreate: { fulfillment: { id: string; status: string }; userErrors: unknown[] };
    }>(create, {
      variables: {
        fulfillment: {
          lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: first!.id }],
          trackingInfo: { number: '1Z001985YW99744790', company: 'UPS' },
          notifyCustomer: false,
        },
      },
    });
    expect(one.data!.fulfillmentCreate).toMatchObject({ userErrors: [], fulfillment: { status: 'SUCCESS' } });
    expect((await read()).displayFulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    await client.request(create, {
      variables: {
        fulfillment: {
          lineItemsByFulfillmentOrder: [
            {
              fulfillmentOrderId: second!.id,
              fulfillmentOrderLineItems: [{ id: second!.lineItems.nodes[0]!.id, quantity: 2 }],
            },
          ],
        },
      },
    });
    const again = await client.request<{ fulfillmentCreate: { userErrors: { message: string }[] } }>(create, {
      variables: { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: first!.id }] } },
    });
    expect(again.data!.fulfillmentCreate.userErrors[0]!.message).toBe(
      'The fulfillment order is not in an open state.',
    );

    const tracking = await client.request<{
      fulfillmentTrackingInfoUpdate: { fulfillment: { trackingInfo: unknown[] } };
    }>(
      `mutation($id: ID!, $info: FulfillmentTrackingInput!) { fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $info) {
        fulfillment { trackingInfo { number company } } userErrors { message } } }`,
      {
        variables: {
          id: one.data!.fulfillmentCreate.fulfillment.id,
          info: { number: 'JD014600003SZ', company: 'DHL' },
        },
      },
    );
    expect(tracking.data!.fulfillmentTrackingInfoUpdate.fulfillment.trackingInfo).toEqual([
      { number: 'JD014600003SZ', company: 'DHL' },
    ]);
    const shipped = await read();
    expect(shipped.displayFulfillmentStatus).toBe('FULFILLED');
    expect(shipped.fulfillments).toHaveLength(2);

    shop.state.updateOrder(order.id, {
      refund: { lines: [{ lineItemId: order.line_items[1]!.id, quantity: 1 }] },
    });
    shop.state.updateOrder(order.id, { cancel: true, cancelReason: 'fraud' });
    const after = await read();
    expect(after.displayFinancialStatus).toBe('PARTIALLY_REFUNDED');
    expect(after.refunds[0]!.refundLineItems.nodes).toEqual([{ quantity: 1 }]);
    expect(after.cancelReason).toBe('FRAUD');
    expect(after.cancelledAt).not.toBeNull();
  });

  it('runs a bulk query over the catalogue into JSONL with __parentId, served at the operation url', async () => {
    const run = await client.request<{
      bulkOperationRunQuery: { bulkOperation: { id: string; status: string }; userErrors: unknown[] };
    }>(
      `mutation { bulkOperationRunQuery(query: """
        { products { edges { node { id title variants { edges { node { id sku barcode price inventoryItem { id } } } } } } } }
      """) { bulkOperation { id status } userErrors { code field message } } }`,
    );
    expect(run.data!.bulkOperationRunQuery.userErrors).toEqual([]);
    const id = run.data!.bulkOperationRunQuery.bulkOperation.id;
    let operation: {
      status: string;
      objectCount: string;
      rootObjectCount: string;
      url: string | null;
    } | null = null;
    await waitFor(async () => {
      const polled = await client.request<{ node: typeof operation }>(
        `query($id: ID!) { node(id: $id) { ... on BulkOperation { status objectCount rootObjectCount url } } }`,
        { variables: { id } },
      );
      operation = polled.data!.node;
      return operation?.status === 'COMPLETED';
    });
    const current = await client.request<{ currentBulkOperation: { id: string } }>(
      '{ currentBulkOperation { id status } }',
    );
    expect(current.data!.currentBulkOperation.id).toBe(id);
    const file = await fetch(operation!.url!);
    const lines = (await file.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const products = lines.filter((line) => !('__parentId' in line));
    const tee = products.find((line) => line.title === 'Organic tee')!;
    expect(lines.filter((line) => line.__parentId === tee.id).map((line) => line.sku)).toEqual([
      'TEE-S',
      'TEE-M',
      'TEE-L',
    ]);
    expect(lines.find((line) => line.sku === 'TEE-S')).toMatchObject({
      barcode: '5012345678900',
      price: '19.00',
      inventoryItem: { id: expect.stringMatching(/^gid:\/\/shopify\/InventoryItem\/\d+$/) },
    });
    expect(Number(operation!.objectCount)).toBe(lines.length);
    expect(Number(operation!.rootObjectCount)).toBe(products.length);
    expect(products.length).toBe(SHOPIFY_SIMULATOR_DEFAULTS.skus.length + 1);

    const refused = await client.request<{ bulkOperationRunQuery: { userErrors: { code: string }[] } }>(
      'mutation { bulkOperationRunQuery(query: "{ shop { name } }") { userErrors { code message } } }',
    );
    expect(refused.data!.bulkOperationRunQuery.userErrors[0]!.code).toBe('INVALID');
  });

  it('keeps the failure switches on GraphQL', async () => {
    shop.state.addFault({ status: 503, count: 1, path: 'graphql' });
    const failed = await client.request('{ shop { name } }');
    expect(failed.errors?.networkStatusCode).toBe(503);
    const next = await client.request<{ shop: { name: string } }>('{ shop { name } }');
    expect(next.data!.shop.name).toBe('Simulated shop');

    shop.state.setShopStatus('frozen');
    try {
      const frozen = await client.fetch('{ shop { name } }');
      expect({ status: frozen.status, body: await frozen.json() }).toEqual({
        status: 402,
        body: { errors: 'Unavailable Shop' },
      });
    } finally {
      shop.state.setShopStatus('active');
    }
  });
});
