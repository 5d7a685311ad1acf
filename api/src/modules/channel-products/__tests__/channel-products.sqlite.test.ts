import { randomUUID } from 'node:crypto';
import type { Store } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { caller, catalogueFixtures } from './channel-product-fixtures';

/** The embedded default's database: the calls whose SQL is hand-written (bulk updates, sub-selects). */
describe('channel products and plugin products (sqlite smoke)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let store: Store;
  let token: string;
  let call: ReturnType<typeof caller>;
  let fixtures: ReturnType<typeof catalogueFixtures>;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'channel_products');
    server = await startTestProcess(database.url);
    call = caller(server);
    fixtures = catalogueFixtures(server.services);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    store = alpha.stores[0]!;
    token = await alpha.tokenFor(alpha.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('lists, matches, writes batches, recomputes targets and handles plugin products', async () => {
    const channel = await fixtures.channel(store, 'Smoke Shopify', {
      auto_sync_stock: true,
      use_low_stock_buffer: true,
      low_stock_buffer: 1,
      auto_match_product: true,
      add_to_products: true,
    });
    const mug = await fixtures.product(store, 'SMOKE-MUG', 5);
    const base = `/stores/${store.id}/channels/${channel.id}/products`;
    const scope = await server.services.scopes.resolve(token, { clientIp: '127.0.0.1', via: 'api' });

    const results = await server.services.channelProducts.upsertMany(scope, store.id, channel.id, [
      { channel_product_id: 'S-1', sku: 'SMOKE-MUG', title: 'Mug', price: '2.5' },
      { channel_product_id: 'S-2', sku: 'SMOKE-NEW', title: 'New' },
      { channel_product_id: 'S-3', sku: 'SMOKE-LATER' },
    ]);
    expect(results.map((result) => result.status)).toEqual(['created', 'created', 'created']);
    const again = await server.services.channelProducts.upsertMany(scope, store.id, channel.id, [
      { channel_product_id: 'S-1', sku: 'SMOKE-MUG', title: 'Mug', price: '2.50' },
      { channel_product_id: 'S-2', title: 'New name' },
    ]);
    expect(again.map((result) => result.status)).toEqual(['unchanged', 'updated']);

    const list = await call(
      'GET',
      `${base}?sort_by=channel_product_id&sort_direction=asc&matched[eq]=1`,
      token,
    );
    expect(list.body.data.map((row: { channel_product_id: string }) => row.channel_product_id)).toEqual([
      'S-1',
      'S-2',
      'S-3',
    ]);
    expect(list.body.data[0]).toMatchObject({ product_id: mug.id, price: '2.50', target_quantity: 4 });
    expect(list.body.data[1]).toMatchObject({ title: 'New name', target_quantity: 0 });

    const manual = await call('PUT', `${base}/${list.body.data[2].id}`, token, { matched_sku: 'SMOKE-MUG' });
    expect(manual.body.data).toMatchObject({ product_id: mug.id, matched_sku: 'SMOKE-MUG' });
    await fixtures.listing(channel, 'S-4', { sku: 'SMOKE-UNMATCHED-4' });
    expect((await call('PUT', `${base}/matchBySku`, token)).body).toEqual({
      data: { matched: 1, created: 1 },
    });

    await server.services.models.ChannelProduct.update(
      { sync_status: 2, pushed_quantity: 4 },
      { where: { channel_id: channel.id } },
    );
    await server.services.stock.apply(null, store.id, [
      { productId: mug.id, delta: 3, reason: 'correction' },
    ]);
    const statuses = await server.services.models.ChannelProduct.findAll({
      where: { channel_id: channel.id },
      order: [['channel_product_id', 'ASC']],
    });
    // The mug's two listings moved from 4 to 7; the others' targets did not move.
    expect(statuses.map((row) => row.sync_status)).toEqual([4, 2, 4, 2]);

    const plugin = await fixtures.channel(store, 'Smoke warehouse', {}, 'plugin');
    await server.services.models.PluginProduct.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      plugin_id: plugin.id,
      product_id: mug.id,
      remote_id: 'R-1',
      quantity: 2,
    });
    const plugins = await call(
      'GET',
      `/stores/${store.id}/plugins/${plugin.id}/products?search=smoke_mug`,
      token,
    );
    // `_` is no wildcard: the SKU has a hyphen.
    expect(plugins.body.meta.total).toBe(0);
    const found = await call(
      'GET',
      `/stores/${store.id}/plugins/${plugin.id}/products?search=smoke-mug`,
      token,
    );
    expect(found.body.data[0]).toMatchObject({ sku: 'SMOKE-MUG', remote_id: 'R-1' });
    const deleted = await call('DELETE', `/stores/${store.id}/plugins/${plugin.id}/products`, token, {
      all: true,
    });
    expect(deleted.body).toEqual({ data: { deleted: 1 } });
  });
});
