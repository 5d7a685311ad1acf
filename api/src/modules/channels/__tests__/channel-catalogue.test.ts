import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';

describe('channel catalogue and settings forms (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let acme: CompanyFixture;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'catalogue');
    server = await startTestProcess(database.url);
    acme = await createCompany(server.services, { name: 'Acme', stores: ['Acme UK'] });
    token = await acme.tokenFor(acme.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('lists the whole catalogue, with cubecart not yet connectable', async () => {
    const { data } = await readJson(await server.request('GET', '/api/available-channels', { token }));
    expect(data.length).toBeGreaterThanOrEqual(100);
    expect(data.find((entry: { slug: string }) => entry.slug === 'cubecart')).toMatchObject({
      active: false,
    });
    expect(data.find((entry: { slug: string }) => entry.slug === 'shopify')).toMatchObject({
      category: 'Ecommerce',
      rateLimits: { get_orders: { calls: 10, periodSeconds: 30 } },
    });
  });

  it("says what Syncdesk synchronises with each type, from its provider's declaration", async () => {
    const { data } = await readJson(await server.request('GET', '/api/available-channels', { token }));
    const syncsOf = (slug: string) => data.find((entry: { slug: string }) => entry.slug === slug)?.syncs;
    expect(syncsOf('shopify')).toEqual(['orders_in', 'stock_out', 'fulfilment_out', 'products_in']);
    expect(syncsOf('mirakl-decathlon')).toEqual(expect.arrayContaining(['orders_in', 'stock_out']));
    expect(syncsOf('wms')).toEqual(expect.arrayContaining(['orders_out', 'fulfilment_in']));
    // Connectable, and connected by sellers, but not synchronised yet: said, not hidden.
    for (const slug of ['amazonsp', 'woocommerce', 'xero']) expect(syncsOf(slug)).toEqual([]);
    const activeWithoutSync = data.filter(
      (entry: { active: boolean; syncs: string[] }) => entry.active && entry.syncs.length === 0,
    );
    expect(activeWithoutSync.length).toBeGreaterThan(0);
  });

  it('offers a store the sales channels only', async () => {
    const storeId = acme.stores[0]!.id;
    const { data } = await readJson(
      await server.request('GET', `/api/stores/${storeId}/channels/available-providers`, { token }),
    );
    expect(data.every((entry: { kind: string }) => entry.kind === 'channel')).toBe(true);
    expect(data.some((entry: { slug: string }) => entry.slug === 'xero')).toBe(false);
  });

  it('answers the settings form of a type, the Mirakl form for a Mirakl retailer, and an empty form otherwise', async () => {
    const storeId = acme.stores[0]!.id;
    const form = async (type: string) =>
      (await readJson(await server.request('GET', `/api/stores/${storeId}/channels/form/${type}`, { token })))
        .data;
    const shopify = await form('shopify');
    const names = shopify.map((field: { name: string }) => field.name);
    expect(names).toEqual(expect.arrayContaining(['name', 'get_orders_interval', 'auto_hold_fraud_orders']));
    expect(shopify.find((field: { name: string }) => field.name === 'auto_match_product')).toMatchObject({
      default: true,
    });
    const decathlon = await form('mirakl-decathlon');
    const mirakl = await form('mirakl');
    expect(decathlon).toEqual(mirakl);
    expect(await form('no-such-channel')).toEqual([]);
  });
});
