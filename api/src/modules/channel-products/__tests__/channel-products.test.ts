import { randomUUID } from 'node:crypto';
import type { Store } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { connected, nextEvent, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { caller, catalogueFixtures } from './channel-product-fixtures';

const NO_PRODUCT = 'There is no product with this SKU in this store.';
const MATCH_FIRST = 'Match this listing to a product before pushing its stock.';
/** Told its stock, with a buffer of 2 and a cap of 100 (values as a settings form stores them). */
const SYNCING = {
  auto_sync_stock: true,
  use_low_stock_buffer: true,
  low_stock_buffer: '2',
  use_max_stock_level: '1',
  max_stock_level: 100,
  auto_match_product: true,
};

describe('channel products and plugin products (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let uk: Store;
  let eu: Store;
  let ownerToken: string;
  let readerToken: string;
  let updaterToken: string;
  let betaToken: string;
  let call: ReturnType<typeof caller>;
  let fixtures: ReturnType<typeof catalogueFixtures>;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'channel_products');
    server = await startTestProcess(database.url);
    call = caller(server);
    fixtures = catalogueFixtures(server.services);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha EU'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    [uk, eu] = alpha.stores as [Store, Store];
    ownerToken = await alpha.tokenFor(alpha.owner);
    readerToken = (await alpha.memberWithToken(['products.read'])).token;
    updaterToken = (await alpha.memberWithToken(['products.read', 'products.update'])).token;
    betaToken = await beta.tokenFor(beta.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const listingsOf = (store: Store, channelId: number) =>
    `/stores/${store.id}/channels/${channelId}/products`;
  const pluginProductsOf = (store: Store, pluginId: number) =>
    `/stores/${store.id}/plugins/${pluginId}/products`;
  const statusOf = async (id: number) =>
    (await server.services.models.ChannelProduct.findByPk(id))!.sync_status;
  const skusOf = (body: { data: { sku: string | null }[] }) => body.data.map((row) => row.sku);

  it('lists a channel’s listings with the listing, TikTok, sync-status and matched filters, and their targets', async () => {
    const channel = await fixtures.channel(uk, 'List Shopify', SYNCING);
    const other = await fixtures.channel(uk, 'Other Shopify', SYNCING);
    const mug = await fixtures.product(uk, 'LIST-MUG', 40);
    const big = await fixtures.product(uk, 'LIST-BIG', 500);
    const quiet = await fixtures.product(uk, 'LIST-QUIET', 40, { autoSyncStock: false });
    await fixtures.listing(channel, 'L-1', {
      sku: 'LIST-MUG',
      title: 'Blue mug',
      product_id: mug.id,
      matched_sku: 'LIST-MUG',
      listing_status: 4,
      tiktok_status: 'ACTIVATE',
      sync_status: 2,
      price: '12.5',
    });
    await fixtures.listing(channel, 'L-2', { sku: 'LIST-BIG', product_id: big.id, listing_status: 1 });
    await fixtures.listing(channel, 'L-3', { sku: 'LIST-QUIET', product_id: quiet.id, listing_status: 2 });
    await fixtures.listing(channel, 'L-4', {
      sku: 'NOT-IN-CATALOGUE',
      title: 'Red teapot',
      tiktok_status: 'FREEZE',
    });
    await fixtures.listing(other, 'L-9', { sku: 'ELSEWHERE' });

    const all = await call(
      'GET',
      `${listingsOf(uk, channel.id)}?sort_by=channel_product_id&sort_direction=asc`,
      readerToken,
    );
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(4);
    expect(all.body.data.map((row: { channel_product_id: string }) => row.channel_product_id)).toEqual([
      'L-1',
      'L-2',
      'L-3',
      'L-4',
    ]);
    const [first, second, third, fourth] = all.body.data;
    expect(first).toMatchObject({
      channel_id: channel.id,
      channel_name: 'List Shopify',
      store_id: uk.id,
      product_id: mug.id,
      price: '12.50',
      // 40 available, less the buffer of 2.
      target_quantity: 38,
      sync_status: 2,
    });
    expect(second.target_quantity).toBe(100); // capped
    expect(third.target_quantity).toBeNull(); // the product's own auto sync is off
    expect(fourth.target_quantity).toBeNull(); // unmatched

    const list = async (query: string) => {
      const response = await call(
        'GET',
        `${listingsOf(uk, channel.id)}?sort_by=sku&sort_direction=asc&${query}`,
        readerToken,
      );
      expect(response.status).toBe(200);
      return skusOf(response.body);
    };
    expect(await list('filter=0')).toHaveLength(4);
    expect(await list('filter=1')).toEqual(['LIST-BIG']);
    expect(await list('filter=2')).toEqual(['LIST-QUIET']);
    expect(await list('filter=4')).toEqual(['LIST-MUG', 'NOT-IN-CATALOGUE']);
    expect(await list('tiktok_status=FREEZE')).toEqual(['NOT-IN-CATALOGUE']);
    expect(await list('tiktok_status=ALL')).toHaveLength(4);
    expect(await list('sync_status[in]=2,3')).toEqual(['LIST-MUG']);
    expect(await list('matched[eq]=0')).toEqual(['NOT-IN-CATALOGUE']);
    expect(await list('matched[eq]=1')).toEqual(['LIST-BIG', 'LIST-MUG', 'LIST-QUIET']);
    expect(await list('search=teapot')).toEqual(['NOT-IN-CATALOGUE']);
    expect(await list('search=L-2')).toEqual(['LIST-BIG']);

    for (const [query, field] of [
      ['filter=3', 'filter'],
      ['tiktok_status=SOLD', 'tiktok_status'],
      ['matched[eq]=maybe', 'matched[eq]'],
      ['sync_status[eq]=x', 'sync_status[eq]'],
    ]) {
      const refused = await call('GET', `${listingsOf(uk, channel.id)}?${query}`, readerToken);
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
    }

    const shown = await call('GET', `${listingsOf(uk, channel.id)}/${first.id}`, readerToken);
    expect(shown.body.data).toEqual(first);
    // A listing through another channel of the same store is not found.
    expect((await call('GET', `${listingsOf(uk, other.id)}/${first.id}`, readerToken)).status).toBe(404);
  });

  it('matches a listing by hand, refuses an unknown SKU, unmatches, and marks the listing for a push', async () => {
    const channel = await fixtures.channel(uk, 'Manual Shopify', SYNCING);
    const product = await fixtures.product(uk, 'Manual-Mug', 10);
    await fixtures.product(eu, 'EU-ONLY', 10);
    const listing = await fixtures.listing(channel, 'M-1', { sku: 'whatever', sync_status: 2 });
    const path = `${listingsOf(uk, channel.id)}/${listing.id}`;

    const socket = server.connect(ownerToken);
    await connected(socket);
    const changed = nextEvent<{ subject: string; channelId: number; ids?: number[] }>(
      socket,
      'catalogue:changed',
    );
    // MySQL compares SKUs without case, as the products' unique index does: the product's spelling is kept.
    const matched = await call('PUT', path, updaterToken, { matched_sku: 'manual-mug' });
    expect(matched.status).toBe(200);
    expect(matched.body.data).toMatchObject({
      product_id: product.id,
      matched_sku: 'Manual-Mug',
      target_quantity: 8,
      // Never pushed: the new target is waiting for the sync engine.
      sync_status: 4,
    });
    expect(await changed).toMatchObject({
      subject: 'channel_products',
      channelId: channel.id,
      ids: [listing.id],
    });
    socket.disconnect();

    const activity = await server.services.models.Activity.findOne({
      where: { event: 'channel_product.matched', subject_id: listing.id },
    });
    expect(activity).toMatchObject({
      old_values: { product_id: null, matched_sku: null },
      new_values: { product_id: product.id, matched_sku: 'Manual-Mug' },
    });

    for (const sku of ['NOPE', 'EU-ONLY']) {
      const refused = await call('PUT', path, updaterToken, { matched_sku: sku });
      expect(refused).toMatchObject({
        status: 422,
        body: { message: NO_PRODUCT, errors: { matched_sku: [NO_PRODUCT] } },
      });
    }
    expect((await call('PUT', path, updaterToken, { matched_sku: 42 })).status).toBe(422);
    expect((await call('PUT', path, updaterToken, {})).status).toBe(422);

    const unmatched = await call('PUT', path, updaterToken, { matched_sku: '' });
    expect(unmatched.body.data).toMatchObject({ product_id: null, matched_sku: null, target_quantity: null });
    expect((await call('PUT', path, readerToken, { matched_sku: null })).status).toBe(403);
  });

  it('pushes one listing’s stock: pending, and one submit_inventory job for the channel', async () => {
    const channel = await fixtures.channel(uk, 'Push Shopify', SYNCING);
    const other = await fixtures.channel(uk, 'Push Other', SYNCING);
    const product = await fixtures.product(uk, 'PUSH-1', 7);
    const matched = await fixtures.listing(channel, 'P-1', {
      sku: 'PUSH-1',
      product_id: product.id,
      sync_status: 3,
    });
    const unmatched = await fixtures.listing(channel, 'P-2', { sku: 'PUSH-2' });
    const base = listingsOf(uk, channel.id);

    const refused = await call('PUT', `${base}/pushStockLevel`, updaterToken, {
      channel_product_id: unmatched.id,
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { message: MATCH_FIRST, errors: { channel_product_id: [MATCH_FIRST] } },
    });
    expect(
      (await call('PUT', `${base}/pushStockLevel`, updaterToken, { channel_product_id: 'x' })).status,
    ).toBe(422);
    expect(
      (
        await call('PUT', `${listingsOf(uk, other.id)}/pushStockLevel`, updaterToken, {
          channel_product_id: matched.id,
        })
      ).status,
    ).toBe(404);
    expect(await fixtures.queuedPushes(channel.id)).toEqual([]);

    const pushed = await call('PUT', `${base}/pushStockLevel`, updaterToken, {
      channel_product_id: matched.id,
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.data).toMatchObject({ id: matched.id, sync_status: 0, target_quantity: 5 });
    expect(await fixtures.queuedPushes(channel.id)).toEqual([
      { channelId: channel.id, channelProductIds: [matched.id] },
    ]);
    expect(
      (await call('PUT', `${base}/pushStockLevel`, readerToken, { channel_product_id: matched.id })).status,
    ).toBe(403);
  });

  it('sets sync statuses of a selection or of all (filtered), queuing a push only for pending ones', async () => {
    const channel = await fixtures.channel(uk, 'Status Shopify', SYNCING);
    const other = await fixtures.channel(uk, 'Status Other', SYNCING);
    const rows = await Promise.all(
      ['S-1', 'S-2', 'S-3'].map((id, index) =>
        fixtures.listing(channel, id, { sku: id, sync_status: 2, listing_status: index === 2 ? 1 : 4 }),
      ),
    );
    const foreign = await fixtures.listing(other, 'S-9', { sku: 'S-9', sync_status: 2 });
    const base = listingsOf(uk, channel.id);

    for (const body of [
      { channel_product_ids: [rows[0]!.id], status: 99 },
      { channel_product_ids: [rows[0]!.id], status: '0' },
      { channel_product_ids: [], status: 0 },
      { status: 0 },
    ]) {
      const refused = await call('PUT', `${base}/updateSyncStatus`, updaterToken, body);
      expect(refused.status).toBe(422);
    }
    const invalid = await call('PUT', `${base}/updateSyncStatus`, updaterToken, {
      channel_product_ids: [rows[0]!.id],
      status: 99,
    });
    expect(invalid.body.errors.status).toEqual(['The status must be one of the product sync statuses.']);

    // Another channel's listing in the selection is simply not this channel's.
    const updated = await call('PUT', `${base}/updateSyncStatus`, updaterToken, {
      channel_product_ids: [rows[0]!.id, rows[1]!.id, foreign.id],
      status: 0,
    });
    expect(updated.body).toEqual({ data: { updated: 2 } });
    expect([await statusOf(rows[0]!.id), await statusOf(rows[1]!.id), await statusOf(foreign.id)]).toEqual([
      0, 0, 2,
    ]);
    expect(await fixtures.queuedPushes(channel.id)).toEqual([
      { channelId: channel.id, channelProductIds: [rows[0]!.id, rows[1]!.id] },
    ]);
    expect(await fixtures.queuedPushes(other.id)).toEqual([]);
    // Asking again for listings already pending still pushes them.
    const repeated = await call('PUT', `${base}/updateSyncStatus`, updaterToken, {
      channel_product_ids: [rows[0]!.id],
      status: 0,
    });
    expect(repeated.body).toEqual({ data: { updated: 1 } });
    expect(await fixtures.queuedPushes(channel.id)).toHaveLength(2);

    // Excluding is no push.
    const excluded = await call('PUT', `${base}/updateSyncStatusAll?filter=1`, updaterToken, { status: 6 });
    expect(excluded.body).toEqual({ data: { updated: 1 } });
    expect(await statusOf(rows[2]!.id)).toBe(6);
    expect(await fixtures.queuedPushes(channel.id)).toHaveLength(2);

    const everything = await call('PUT', `${base}/updateSyncStatusAll`, updaterToken, { status: 4 });
    expect(everything.body).toEqual({ data: { updated: 3 } });
    expect(await statusOf(foreign.id)).toBe(2);
    expect((await fixtures.queuedPushes(channel.id)).at(-1)).toEqual({ channelId: channel.id });
    expect((await call('PUT', `${base}/updateSyncStatusAll`, updaterToken, { status: -1 })).status).toBe(422);
    expect((await call('PUT', `${base}/updateSyncStatusAll`, readerToken, { status: 0 })).status).toBe(403);
  });

  it('matches by SKU, creating missing products only with add_to_products, never twice for one SKU', async () => {
    const plain = await fixtures.channel(uk, 'Match plain', { ...SYNCING, add_to_products: false });
    await fixtures.product(uk, 'MB-EXISTS', 3);
    await fixtures.listing(plain, 'A-1', { sku: 'MB-EXISTS' });
    await fixtures.listing(plain, 'A-2', { sku: 'MB-MISSING' });
    await fixtures.listing(plain, 'A-3', { sku: null });
    const first = await call('PUT', `${listingsOf(uk, plain.id)}/matchBySku`, updaterToken);
    expect(first.body).toEqual({ data: { matched: 1, created: 0 } });
    expect(
      await server.services.models.Product.count({ where: { store_id: uk.id, sku: 'MB-MISSING' } }),
    ).toBe(0);

    const adding = await fixtures.channel(uk, 'Match adding', {
      ...SYNCING,
      add_to_products: true,
      set_initial_stock_levels: true,
    });
    // Two listings of one new SKU, and the same new SKUs on a second channel matched at the same time.
    const twin = await fixtures.channel(uk, 'Match twin', { ...SYNCING, add_to_products: true });
    for (const channel of [adding, twin]) {
      await fixtures.listing(channel, 'B-1', {
        sku: 'MB-NEW-1',
        title: 'New one',
        quantity: 6,
        price: '4.00',
      });
      await fixtures.listing(channel, 'B-2', { sku: 'MB-NEW-1', title: 'New one again', quantity: 6 });
      for (let index = 0; index < 30; index += 1) {
        await fixtures.listing(channel, `C-${index}`, { sku: `MB-BULK-${index}`, quantity: index });
      }
    }
    const answers = await Promise.all([
      call('PUT', `${listingsOf(uk, adding.id)}/matchBySku`, updaterToken),
      call('PUT', `${listingsOf(uk, twin.id)}/matchBySku`, updaterToken),
      call('PUT', `${listingsOf(uk, adding.id)}/matchBySku`, updaterToken),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers.reduce((sum, answer) => sum + answer.body.data.created, 0)).toBe(31);
    // Two calls on one channel at once may both match a listing (to the same product).
    expect(answers[1]!.body.data.matched).toBe(32);
    expect(answers[0]!.body.data.matched).toBeGreaterThan(0);

    const [counts] = await server.services.sequelize.query(
      `SELECT sku, COUNT(*) AS copies FROM products WHERE store_id = ${uk.id} AND sku LIKE 'MB-%' GROUP BY sku HAVING COUNT(*) > 1`,
    );
    expect(counts).toEqual([]);
    const created = await server.services.models.Product.findOne({
      where: { store_id: uk.id, sku: 'MB-NEW-1' },
    });
    expect(created).toMatchObject({ title: expect.stringMatching(/^New one/), type: 'product' });
    const unmatched = await server.services.models.ChannelProduct.count({
      where: { channel_id: [adding.id, twin.id], product_id: null },
    });
    expect(unmatched).toBe(0);
    expect((await call('PUT', `${listingsOf(uk, adding.id)}/matchBySku`, updaterToken)).body).toEqual({
      data: { matched: 0, created: 0 },
    });
    expect((await call('PUT', `${listingsOf(uk, adding.id)}/matchBySku`, readerToken)).status).toBe(403);
  });

  it('writes batches of listings: auto-match on or off, add_to_products, row errors alone, nothing for unchanged rows', async () => {
    const ownerScope = await scopeFor(ownerToken);
    const services = server.services;
    const matching = await fixtures.channel(uk, 'Batch matching', { ...SYNCING, auto_match_product: true });
    const manualOnly = await fixtures.channel(uk, 'Batch manual', { ...SYNCING, auto_match_product: false });
    const creating = await fixtures.channel(uk, 'Batch creating', { ...SYNCING, add_to_products: true });
    const mug = await fixtures.product(uk, 'BATCH-MUG', 9);

    const rows = [
      { channel_product_id: 'R-1', sku: 'BATCH-MUG', title: 'Mug', quantity: 3, price: '5' },
      { channel_product_id: 'R-2', sku: 'BATCH-UNKNOWN', title: 'Unknown' },
      { channel_product_id: '', sku: 'X' },
      { channel_product_id: 'R-4', sku: 'BATCH-MUG', price: 'cheap', listing_status: 3 },
      { channel_product_id: 'R-1', sku: 'again' },
      { channel_product_id: 'R-6', matched_sku: 'NO-SUCH-SKU' },
      { channel_product_id: 'R-7', matched_sku: 'batch-mug', tiktok_status: 'activate' },
    ];
    const results = await services.channelProducts.upsertMany(ownerScope, uk.id, matching.id, rows);
    expect(results.map((result) => result.status)).toEqual([
      'created',
      'created',
      'failed',
      'failed',
      'failed',
      'failed',
      'created',
    ]);
    expect(results[2]).toEqual({
      status: 'failed',
      errors: [{ field: 'channel_product_id', message: 'The channel product id is required.' }],
    });
    expect(results[3]!.status === 'failed' && results[3]!.errors.map((error) => error.field)).toEqual([
      'price',
      'listing_status',
    ]);
    expect(results[5]).toEqual({ status: 'failed', errors: [{ field: 'matched_sku', message: NO_PRODUCT }] });
    const stored = await services.models.ChannelProduct.findAll({
      where: { channel_id: matching.id },
      order: [['channel_product_id', 'ASC']],
    });
    expect(stored.map((row) => [row.channel_product_id, row.product_id, row.matched_sku])).toEqual([
      ['R-1', mug.id, 'BATCH-MUG'],
      ['R-2', null, null],
      ['R-7', mug.id, 'BATCH-MUG'],
    ]);
    expect(stored[2]!.tiktok_status).toBe('ACTIVATE');
    const ids = results.map((result) => (result.status === 'failed' ? null : result.id));
    expect(ids[0]).toBe(stored[0]!.id);

    // The same rows again change nothing; one changed row is updated.
    const again = await services.channelProducts.upsertMany(ownerScope, uk.id, matching.id, [
      rows[0]!,
      rows[1]!,
      { ...rows[6]!, title: 'Renamed' },
    ]);
    expect(again).toEqual([
      { status: 'unchanged', id: stored[0]!.id },
      { status: 'unchanged', id: stored[1]!.id },
      { status: 'updated', id: stored[2]!.id },
    ]);
    const before = stored[0]!.updated_at.getTime();
    expect((await services.models.ChannelProduct.findByPk(stored[0]!.id))!.updated_at.getTime()).toBe(before);
    // Unmatching by hand; an absent matched_sku keeps the match.
    const unmatch = await services.channelProducts.upsertMany(ownerScope, uk.id, matching.id, [
      { channel_product_id: 'R-1', matched_sku: null },
      { channel_product_id: 'R-7', quantity: 1 },
    ]);
    expect(unmatch.map((result) => result.status)).toEqual(['updated', 'updated']);
    expect((await services.models.ChannelProduct.findByPk(stored[0]!.id))!.product_id).toBeNull();
    expect((await services.models.ChannelProduct.findByPk(stored[2]!.id))!.product_id).toBe(mug.id);

    // Auto-match off: a listing stays unmatched unless matched by hand.
    await services.channelProducts.upsertMany(ownerScope, uk.id, manualOnly.id, [
      { channel_product_id: 'N-1', sku: 'BATCH-MUG' },
      { channel_product_id: 'N-2', sku: 'other', matched_sku: 'BATCH-MUG' },
    ]);
    const manualRows = await services.models.ChannelProduct.findAll({
      where: { channel_id: manualOnly.id },
      order: [['channel_product_id', 'ASC']],
    });
    expect(manualRows.map((row) => row.product_id)).toEqual([null, mug.id]);

    // add_to_products: one product per new SKU, however many listings carry it.
    const createdRows = await services.channelProducts.upsertMany(ownerScope, uk.id, creating.id, [
      { channel_product_id: 'C-1', sku: 'BATCH-NEW', title: 'Fresh', price: '3.5' },
      { channel_product_id: 'C-2', sku: 'BATCH-NEW' },
      { channel_product_id: 'C-3', sku: 'BATCH-MUG' },
    ]);
    expect(createdRows.map((result) => result.status)).toEqual(['created', 'created', 'created']);
    const fresh = await services.models.Product.findAll({ where: { store_id: uk.id, sku: 'BATCH-NEW' } });
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ title: 'Fresh', quantity: 0 });
    const creatingRows = await services.models.ChannelProduct.findAll({
      where: { channel_id: creating.id },
      order: [['channel_product_id', 'ASC']],
    });
    expect(creatingRows.map((row) => row.product_id)).toEqual([fresh[0]!.id, fresh[0]!.id, mug.id]);

    // Another company's scope reaches neither the store nor the channel.
    const betaScope = await scopeFor(betaToken);
    await expect(
      services.channelProducts.upsertMany(betaScope, uk.id, matching.id, rows),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('marks the listings of a component and of its kits pending when the component’s stock changes', async () => {
    const channel = await fixtures.channel(uk, 'Recompute Shopify', SYNCING);
    const silent = await fixtures.channel(uk, 'Recompute silent', { auto_sync_stock: false });
    const component = await fixtures.product(uk, 'RC-PART', 10);
    const capped = await fixtures.product(uk, 'RC-CAPPED', 500);
    const kit = await fixtures.kit(uk, 'RC-KIT', [{ id: component.id, sku: 'RC-PART', quantity: 2 }]);
    // Pushed what they show now: component 10-2=8, kit floor(10/2)=5-2=3.
    const partListing = await fixtures.listing(channel, 'RC-1', {
      product_id: component.id,
      sync_status: 2,
      pushed_quantity: 8,
    });
    const kitListing = await fixtures.listing(channel, 'RC-2', {
      product_id: kit.id,
      sync_status: 2,
      pushed_quantity: 3,
    });
    const excluded = await fixtures.listing(channel, 'RC-3', {
      product_id: component.id,
      sync_status: 6,
      pushed_quantity: 8,
    });
    const silentListing = await fixtures.listing(silent, 'RC-4', {
      product_id: component.id,
      sync_status: 2,
      pushed_quantity: 8,
    });
    const cappedListing = await fixtures.listing(channel, 'RC-5', {
      product_id: capped.id,
      sync_status: 2,
      pushed_quantity: 100,
    });

    // A change that moves no channel figure marks nothing: 500 → 400 is still capped at 100.
    await server.services.stock.apply(null, uk.id, [
      { productId: capped.id, setTo: 400, reason: 'correction' },
    ]);
    expect(await statusOf(cappedListing.id)).toBe(2);

    await server.services.stock.apply(null, uk.id, [
      { productId: component.id, delta: 10, reason: 'correction' },
    ]);
    expect([
      await statusOf(partListing.id),
      await statusOf(kitListing.id),
      await statusOf(excluded.id),
      await statusOf(silentListing.id),
    ]).toEqual([4, 4, 6, 2]);
    const kitRow = await call('GET', `${listingsOf(uk, channel.id)}/${kitListing.id}`, readerToken);
    expect(kitRow.body.data).toMatchObject({ target_quantity: 8, pushed_quantity: 3, sync_status: 4 });

    // Once pushed what it should show, a listing is left alone by a change that doesn't move its target.
    await server.services.models.ChannelProduct.update(
      { sync_status: 2, pushed_quantity: 18 },
      { where: { id: partListing.id } },
    );
    await server.services.models.ChannelProduct.update(
      { sync_status: 2, pushed_quantity: 8 },
      { where: { id: kitListing.id } },
    );
    await server.services.stock.apply(null, uk.id, [
      { productId: component.id, delta: 1, reason: 'correction' },
    ]);
    // Component 21-2=19 differs from 18; the kit's floor(21/2)=10-2=8 does not.
    expect([await statusOf(partListing.id), await statusOf(kitListing.id)]).toEqual([4, 2]);
  });

  it('re-marks a channel’s listings when its buffer, cap or auto sync changes, not for other settings', async () => {
    const channel = await fixtures.channel(uk, 'Settings Shopify', SYNCING);
    const product = await fixtures.product(uk, 'ST-PART', 10);
    // Pushed what it shows now: 10 - buffer 2 = 8.
    const listing = await fixtures.listing(channel, 'ST-1', {
      product_id: product.id,
      sync_status: 2,
      pushed_quantity: 8,
    });
    const { sequelize, models } = server.services;
    const saveSettings = (settings: Record<string, unknown>) =>
      sequelize.transaction(async (transaction) => {
        const row = (await models.Channel.findByPk(channel.id, { transaction }))!;
        await row.update({ settings: { ...row.settings, ...settings } }, { transaction });
      });
    const statusSettles = async (expected: number) => {
      // The recompute runs once the settings are committed; give it a generous deadline.
      for (let tries = 0; tries < 200 && (await statusOf(listing.id)) !== expected; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return statusOf(listing.id);
    };

    await saveSettings({ order_prefix: 'ST-' });
    await server.services.stock.apply(null, uk.id, []);
    expect(await statusOf(listing.id)).toBe(2);

    await saveSettings({ low_stock_buffer: '5' });
    expect(await statusSettles(4)).toBe(4);
    const row = await call('GET', `${listingsOf(uk, channel.id)}/${listing.id}`, readerToken);
    expect(row.body.data).toMatchObject({ target_quantity: 5, pushed_quantity: 8, sync_status: 4 });
  });

  it('deletes a selection or all the filtered listings, and only the channel’s', async () => {
    const channel = await fixtures.channel(uk, 'Delete Shopify', SYNCING);
    const other = await fixtures.channel(uk, 'Delete other', SYNCING);
    const rows = await Promise.all(
      ['D-1', 'D-2', 'D-3', 'D-4'].map((id, index) =>
        fixtures.listing(channel, id, { sku: id, listing_status: index < 2 ? 1 : 4 }),
      ),
    );
    const foreign = await fixtures.listing(other, 'D-9', { sku: 'D-9' });
    const base = listingsOf(uk, channel.id);
    const deleterToken = (await alpha.memberWithToken(['products.read', 'products.delete'])).token;

    expect((await call('DELETE', base, deleterToken, {})).status).toBe(422);
    expect((await call('DELETE', base, deleterToken, { channel_product_uuids: ['nope'] })).status).toBe(422);
    expect((await call('DELETE', base, updaterToken, { all: true })).status).toBe(403);
    const selected = await call('DELETE', base, deleterToken, {
      channel_product_uuids: [rows[0]!.uuid, foreign.uuid],
    });
    expect(selected.body).toEqual({ data: { deleted: 1 } });
    const drafts = await call('DELETE', `${base}?filter=1`, deleterToken, { all: true });
    expect(drafts.body).toEqual({ data: { deleted: 1 } });
    expect(skusOf((await call('GET', `${base}?sort_by=sku&sort_direction=asc`, readerToken)).body)).toEqual([
      'D-3',
      'D-4',
    ]);
    expect((await call('DELETE', base, deleterToken, { all: true })).body).toEqual({ data: { deleted: 2 } });
    expect(await server.services.models.ChannelProduct.count({ where: { id: foreign.id } })).toBe(1);
  });

  it('lists, shows, resends and deletes a plugin’s products', async () => {
    const plugin = await fixtures.channel(uk, 'Warehouse', {}, 'plugin');
    const otherPlugin = await fixtures.channel(uk, 'Other warehouse', {}, 'plugin');
    const products = await Promise.all([
      fixtures.product(uk, 'WMS-CUP', 1, { title: 'Tea cup' }),
      fixtures.product(uk, 'WMS-POT', 1, { title: 'Tea pot' }),
      fixtures.product(uk, 'WMS-SPOON', 1, { title: 'Spoon' }),
    ]);
    const { models } = server.services;
    const rows = await Promise.all(
      products.map((product, index) =>
        models.PluginProduct.create({
          uuid: randomUUID(),
          company_id: uk.company_id,
          store_id: uk.id,
          plugin_id: plugin.id,
          product_id: product.id,
          remote_id: `REMOTE-${index}`,
          quantity: index * 10,
          plugin_sync_status: 3,
        }),
      ),
    );
    await models.PluginProduct.create({
      uuid: randomUUID(),
      company_id: uk.company_id,
      store_id: uk.id,
      plugin_id: otherPlugin.id,
      product_id: products[0]!.id,
      remote_id: 'ELSEWHERE',
      quantity: 1,
    });
    const base = pluginProductsOf(uk, plugin.id);

    const list = await call('GET', `${base}?sort_by=remote_id&sort_direction=asc`, readerToken);
    expect(list.body.meta.total).toBe(3);
    expect(list.body.data[0]).toMatchObject({
      sku: 'WMS-CUP',
      title: 'Tea cup',
      remote_id: 'REMOTE-0',
      plugin_sync_status: 3,
      plugin_id: plugin.id,
    });
    const searched = await call('GET', `${base}?search=tea`, readerToken);
    expect(searched.body.data.map((row: { sku: string }) => row.sku).sort()).toEqual(['WMS-CUP', 'WMS-POT']);
    expect((await call('GET', `${base}?search=REMOTE-2`, readerToken)).body.data[0].sku).toBe('WMS-SPOON');
    expect((await call('GET', `${base}?search=50%25`, readerToken)).body.meta.total).toBe(0);
    expect((await call('GET', `${base}?plugin_sync_status[eq]=0`, readerToken)).body.meta.total).toBe(0);
    expect((await call('GET', `${base}/${rows[1]!.id}`, readerToken)).body.data.sku).toBe('WMS-POT');

    expect(
      (await call('PUT', `${base}/${rows[1]!.id}`, updaterToken, { plugin_sync_status: 2 })).status,
    ).toBe(422);
    expect((await call('PUT', `${base}/${rows[1]!.id}`, readerToken, { plugin_sync_status: 0 })).status).toBe(
      403,
    );
    const resent = await call('PUT', `${base}/${rows[1]!.id}`, updaterToken, { plugin_sync_status: 0 });
    expect(resent.body.data).toMatchObject({ id: rows[1]!.id, plugin_sync_status: 0 });
    expect(
      (
        await call('PUT', `${pluginProductsOf(uk, otherPlugin.id)}/${rows[1]!.id}`, updaterToken, {
          plugin_sync_status: 0,
        })
      ).status,
    ).toBe(404);

    const deleterToken = (await alpha.memberWithToken(['products.read', 'products.delete'])).token;
    expect(
      (await call('DELETE', base, deleterToken, { plugin_product_uuids: [rows[0]!.uuid] })).body,
    ).toEqual({ data: { deleted: 1 } });
    expect((await call('DELETE', `${base}?search=spoon`, deleterToken, { all: true })).body).toEqual({
      data: { deleted: 1 },
    });
    expect((await call('GET', base, readerToken)).body.meta.total).toBe(1);
    expect(await models.PluginProduct.count({ where: { plugin_id: otherPlugin.id } })).toBe(1);
  });

  it("answers 404 for another company's, another store's or another kind's connection", async () => {
    const channel = await fixtures.channel(uk, 'Secret Shopify', SYNCING);
    const plugin = await fixtures.channel(uk, 'Secret Warehouse', {}, 'plugin');
    const product = await fixtures.product(uk, 'SECRET-1', 1);
    const listing = await fixtures.listing(channel, 'SECRET-L', {
      sku: 'SECRET-1',
      product_id: product.id,
      title: 'Secret listing',
    });
    const base = listingsOf(uk, channel.id);
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['GET', `${base}/${listing.id}`],
      ['PUT', `${base}/${listing.id}`, { matched_sku: null }],
      ['PUT', `${base}/pushStockLevel`, { channel_product_id: listing.id }],
      ['PUT', `${base}/updateSyncStatus`, { channel_product_ids: [listing.id], status: 0 }],
      ['PUT', `${base}/updateSyncStatusAll`, { status: 0 }],
      ['PUT', `${base}/matchBySku`],
      ['DELETE', base, { all: true }],
      ['GET', pluginProductsOf(uk, plugin.id)],
      ['DELETE', pluginProductsOf(uk, plugin.id), { all: true }],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(method, path, betaToken, body);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Secret');
    }
    // The channel under the company's other store; a plugin's id as a channel and the reverse.
    expect((await call('GET', listingsOf(eu, channel.id), ownerToken)).status).toBe(404);
    expect((await call('GET', listingsOf(uk, plugin.id), ownerToken)).status).toBe(404);
    expect((await call('GET', pluginProductsOf(uk, channel.id), ownerToken)).status).toBe(404);
    expect(await server.services.models.ChannelProduct.count({ where: { id: listing.id } })).toBe(1);
  });

  function scopeFor(token: string) {
    return server.services.scopes.resolve(token, { clientIp: '127.0.0.1', via: 'api' });
  }
});
