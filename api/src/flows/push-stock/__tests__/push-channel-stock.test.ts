import { CHANNEL_PRODUCT_SYNC_STATUS, JOB_NAMES, PRODUCT_SYNC_STATUS } from '@syncdesk/contracts';
import type { Channel } from '../../../db/channel.models';
import type { Store } from '../../../db/models';
import { catalogueFixtures } from '../../../modules/channel-products/__tests__/channel-product-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  pushChannelStock,
  STOCK_PUSH_MESSAGES,
  type StockLevelOut,
  type StockPusher,
} from '../push-channel-stock.flow';
import { HELD_UNTIL_ORDERS_IMPORTED, type OrdersFreshness } from '../relist-guard';
import { afterOrdersImported } from '../after-orders-imported';
import { ordersFreshnessOf } from '../orders-freshness';

const LEVEL_PENDING = PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value;
const SYNCED = PRODUCT_SYNC_STATUS.byKey('synced').value;
const FAILED = PRODUCT_SYNC_STATUS.byKey('failed').value;
const UNMATCHED = CHANNEL_PRODUCT_SYNC_STATUS.byKey('unmatched').value;

const FRESH: OrdersFreshness = { oldestUnimportedAt: null, ordersRunPending: false };
const PUSHING = { auto_sync_stock: true, push_stock_levels: true };

/**
 * The channel's side is a recording stand-in for the provider (the flow knows no provider; the
 * job tests drive real simulators). Everything else is the product's own, on a real database:
 * stock changes go through the stock service, which marks listings pending as it always does.
 */
function recordingPusher(options: { reject?: string[]; batchSize?: number; fail?: Error } = {}) {
  const calls: StockLevelOut[][] = [];
  const pusher: StockPusher = {
    batchSize: options.batchSize ?? 100,
    async push(levels) {
      calls.push(levels);
      if (options.fail) throw options.fail;
      const rejected = levels.filter((level) => options.reject?.includes(level.sku));
      return {
        accepted: levels.filter((level) => !rejected.includes(level)).map((level) => level.sku),
        rejected: rejected.map((level) => ({ sku: level.sku, reason: `Unknown SKU ${level.sku}` })),
      };
    },
  };
  return { pusher, calls };
}

describe.each(TEST_DIALECTS)('pushing a channel’s stock (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let company: CompanyFixture;
  let store: Store;
  let fixtures: ReturnType<typeof catalogueFixtures>;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'push_stock');
    // No worker: queued jobs stay in the table, the flow runs when the test says.
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, { name: 'Pushco', stores: ['Pushco UK'] });
    store = company.stores[0]!;
    fixtures = catalogueFixtures(server.services);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const deps = () => server.services;
  const setStock = (productId: number, quantity: number) =>
    server.services.stock.apply(null, store.id, [{ productId, setTo: quantity, reason: 'correction' }]);
  const statusOf = async (listingId: number) =>
    (await server.services.models.ChannelProduct.findByPk(listingId))!;
  const recordsOf = (listingId: number) =>
    server.services.models.StockPushRecord.findAll({
      where: { channel_product_id: listingId },
      order: [['id', 'ASC']],
    });

  async function listed(channel: Channel, quantity: number, values: { pushed?: number } = {}) {
    const sku = `PUSH-${dialect}-${++sequence}`;
    const product = await fixtures.product(store, sku, 0);
    const listing = await fixtures.listing(channel, `L-${sku}`, {
      sku,
      product_id: product.id,
      matched_sku: sku,
      sync_status: SYNCED,
      ...(values.pushed === undefined ? {} : { pushed_quantity: values.pushed }),
    });
    await setStock(product.id, quantity);
    return { product, listing, sku };
  }

  it('sends the latest of a burst of changes once, and a second run makes no call', async () => {
    const channel = await fixtures.channel(store, `Burst ${dialect}`, PUSHING);
    const { product, listing, sku } = await listed(channel, 10, { pushed: 0 });
    await setStock(product.id, 8);
    await setStock(product.id, 6);
    expect((await statusOf(listing.id)).sync_status).toBe(LEVEL_PENDING);
    // Every change that moved the target queued a run for the channel.
    expect((await fixtures.queuedPushes(channel.id)).length).toBeGreaterThanOrEqual(1);

    const { pusher, calls } = recordingPusher();
    const summary = await pushChannelStock(deps(), channel, pusher, { freshness: FRESH });
    expect(summary).toEqual({ pushed: 1, failed: 0, held: 0, heldIds: [] });
    expect(calls).toEqual([[{ sku, remoteId: null, quantity: 6, lastKnownQuantity: 0 }]]);
    expect(await statusOf(listing.id)).toMatchObject({ sync_status: SYNCED, pushed_quantity: 6 });

    const again = await pushChannelStock(deps(), channel, pusher, { freshness: FRESH });
    expect(again).toEqual({ pushed: 0, failed: 0, held: 0, heldIds: [] });
    expect(calls).toHaveLength(1);
  });

  it('sends lowers before raises, and holds raises while the channel has orders not imported', async () => {
    const channel = await fixtures.channel(store, `Guard ${dialect}`, {
      ...PUSHING,
      use_low_stock_buffer: true,
      low_stock_buffer: 1,
    });
    const raise = await listed(channel, 20, { pushed: 5 });
    const lower = await listed(channel, 3, { pushed: 9 });

    const { pusher, calls } = recordingPusher({ batchSize: 1 });
    const stale: OrdersFreshness = { oldestUnimportedAt: new Date(), ordersRunPending: false };
    const held = await pushChannelStock(deps(), channel, pusher, { freshness: stale });
    expect(held).toEqual({ pushed: 1, failed: 0, held: 1, heldIds: [raise.listing.id] });
    expect(calls).toEqual([[{ sku: lower.sku, remoteId: null, quantity: 2, lastKnownQuantity: 9 }]]);
    expect(await statusOf(raise.listing.id)).toMatchObject({
      sync_status: LEVEL_PENDING,
      pushed_quantity: 5,
    });
    expect((await recordsOf(raise.listing.id)).map((row) => row.get({ plain: true }))).toEqual([
      expect.objectContaining({
        outcome: 'held',
        quantity: 19,
        previous_quantity: 5,
        on_hand: 20,
        buffer: 1,
        cap: null,
        note: HELD_UNTIL_ORDERS_IMPORTED,
      }),
    ]);
    expect((await recordsOf(lower.listing.id))[0]).toMatchObject({
      outcome: 'pushed',
      quantity: 2,
      previous_quantity: 9,
      on_hand: 3,
    });

    // Once the orders are in, the held raise goes; in a mixed run the lower goes first.
    await setStock(lower.product.id, 1);
    const later = await pushChannelStock(deps(), channel, pusher, { freshness: FRESH });
    expect(later).toEqual({ pushed: 2, failed: 0, held: 0, heldIds: [] });
    expect(calls.slice(1).map((batch) => batch.map((level) => [level.sku, level.quantity]))).toEqual([
      [[lower.sku, 0]],
      [[raise.sku, 19]],
    ]);
  });

  it('a pending run also holds a raise (download running or overdue), never a lower', async () => {
    const channel = await fixtures.channel(store, `Running ${dialect}`, PUSHING);
    const first = await listed(channel, 4);
    const { pusher, calls } = recordingPusher();
    const summary = await pushChannelStock(deps(), channel, pusher, {
      freshness: { oldestUnimportedAt: null, ordersRunPending: true },
    });
    // Never pushed and no channel figure: we can't prove it is not a raise.
    expect(summary).toEqual({ pushed: 0, failed: 0, held: 1, heldIds: [first.listing.id] });
    expect(calls).toEqual([]);
    expect((await statusOf(first.listing.id)).sync_status).toBe(LEVEL_PENDING);
  });

  it('fails listings with the channel’s reason, and without a call when pushing is off or not offered', async () => {
    const channel = await fixtures.channel(store, `Refuse ${dialect}`, PUSHING);
    const good = await listed(channel, 7, { pushed: 0 });
    const bad = await listed(channel, 8, { pushed: 0 });
    const { pusher, calls } = recordingPusher({ reject: [bad.sku] });
    expect(await pushChannelStock(deps(), channel, pusher, { freshness: FRESH })).toEqual({
      pushed: 1,
      failed: 1,
      held: 0,
      heldIds: [],
    });
    expect(calls).toHaveLength(1);
    expect(await statusOf(bad.listing.id)).toMatchObject({ sync_status: FAILED });
    expect((await recordsOf(bad.listing.id)).at(-1)).toMatchObject({
      outcome: 'failed',
      note: `Unknown SKU ${bad.sku}`,
    });
    expect((await statusOf(good.listing.id)).sync_status).toBe(SYNCED);

    const off = await fixtures.channel(store, `Off ${dialect}`, { auto_sync_stock: true });
    const quiet = await listed(off, 3, { pushed: 0 });
    const notOffered = await fixtures.channel(store, `Not offered ${dialect}`, PUSHING);
    const never = await listed(notOffered, 3, { pushed: 0 });
    const silent = recordingPusher();
    await pushChannelStock(deps(), off, silent.pusher, { freshness: FRESH });
    await pushChannelStock(deps(), notOffered, silent.pusher, { freshness: FRESH, offered: false });
    expect(silent.calls).toEqual([]);
    expect((await recordsOf(quiet.listing.id)).at(-1)).toMatchObject({
      outcome: 'failed',
      note: STOCK_PUSH_MESSAGES.pushOff,
    });
    expect((await recordsOf(never.listing.id)).at(-1)).toMatchObject({
      outcome: 'failed',
      note: STOCK_PUSH_MESSAGES.notOffered,
    });
    expect((await statusOf(never.listing.id)).sync_status).toBe(FAILED);
  });

  it('a shop-only listing (no product of ours) reads Unmatched, never Failed, and a match puts it in line', async () => {
    const channel = await fixtures.channel(store, `Shop only ${dialect}`, PUSHING);
    const shopOnly = await fixtures.listing(channel, `L-GIFT-${dialect}`, {
      sku: `GIFT-CARD-${dialect}`,
      product_id: null,
      sync_status: PRODUCT_SYNC_STATUS.byKey('pending').value,
    });
    const { pusher, calls } = recordingPusher();
    expect(await pushChannelStock(deps(), channel, pusher, { freshness: FRESH })).toEqual({
      pushed: 0,
      failed: 0,
      held: 0,
      heldIds: [],
    });
    expect(calls).toEqual([]);
    expect((await statusOf(shopOnly.id)).sync_status).toBe(UNMATCHED);
    expect(CHANNEL_PRODUCT_SYNC_STATUS.label(UNMATCHED)).toBe('Unmatched');
    // Out of the failures the seller filters for.
    expect(
      await server.services.models.ChannelProduct.count({
        where: { channel_id: channel.id, sync_status: FAILED },
      }),
    ).toBe(0);

    // Matched to a product (as the listing page does): its stock is worked out and waits for a push.
    const product = await fixtures.product(store, `GIFT-CARD-${dialect}`, 4);
    const token = await company.tokenFor(company.owner);
    const matched = await server.request(
      'PUT',
      `/api/stores/${store.id}/channels/${channel.id}/products/${shopOnly.id}`,
      { token, body: { matched_sku: product.sku } },
    );
    expect(matched.status).toBe(200);
    expect((await statusOf(shopOnly.id)).sync_status).toBe(LEVEL_PENDING);

    // On a channel not told stock nothing is marked for a push: matched, it is pending, not Unmatched.
    const quiet = await fixtures.channel(store, `Shop only, no stock ${dialect}`, { auto_sync_stock: false });
    const quietListing = await fixtures.listing(quiet, `L-GIFT-Q-${dialect}`, {
      sku: product.sku,
      product_id: null,
      sync_status: UNMATCHED,
    });
    const quietMatch = await server.request(
      'PUT',
      `/api/stores/${store.id}/channels/${quiet.id}/products/${quietListing.id}`,
      { token, body: { matched_sku: product.sku } },
    );
    expect(quietMatch.status).toBe(200);
    expect((await statusOf(quietListing.id)).sync_status).toBe(PRODUCT_SYNC_STATUS.byKey('pending').value);
    // And unmatched again, it reads Unmatched.
    await server.request('PUT', `/api/stores/${store.id}/channels/${quiet.id}/products/${quietListing.id}`, {
      token,
      body: { matched_sku: null },
    });
    expect((await statusOf(quietListing.id)).sync_status).toBe(UNMATCHED);
  });

  it('a refused call fails the batch with the provider’s words and is rethrown for the health count', async () => {
    const channel = await fixtures.channel(store, `Down ${dialect}`, PUSHING);
    const down = await listed(channel, 2, { pushed: 0 });
    const { pusher } = recordingPusher({ fail: new Error('Service unavailable (503)') });
    await expect(pushChannelStock(deps(), channel, pusher, { freshness: FRESH })).rejects.toThrow(
      'Service unavailable (503)',
    );
    expect((await statusOf(down.listing.id)).sync_status).toBe(FAILED);
    expect((await recordsOf(down.listing.id)).at(-1)).toMatchObject({
      outcome: 'failed',
      note: 'Service unavailable (503)',
    });
  });

  it('takes back listings a killed run left in progress, once they are older than any push', async () => {
    const channel = await fixtures.channel(store, `Killed ${dialect}`, PUSHING);
    const { product, listing, sku } = await listed(channel, 6, { pushed: 1 });
    await setStock(product.id, 4);
    // The run claimed it, then died (a stock change meanwhile would mark it pending again itself).
    await server.services.models.ChannelProduct.update(
      { sync_status: PRODUCT_SYNC_STATUS.byKey('inventory_level_in_progress').value },
      { where: { id: listing.id } },
    );
    const { pusher, calls } = recordingPusher();
    // A fresh claim is another run's: left alone.
    await pushChannelStock(deps(), channel, pusher, { freshness: FRESH });
    expect(calls).toEqual([]);
    await pushChannelStock(deps(), channel, pusher, {
      freshness: FRESH,
      now: () => new Date(Date.now() + 21 * 60_000),
    });
    expect(calls).toEqual([[{ sku, remoteId: null, quantity: 4, lastKnownQuantity: 1 }]]);
    expect((await statusOf(listing.id)).sync_status).toBe(SYNCED);
  });

  it('knows a channel’s orders are not all in: a webhook said so, or its download is due', async () => {
    const quiet = await fixtures.channel(store, `Quiet ${dialect}`, PUSHING);
    const announced = await fixtures.channel(store, `Announced ${dialect}`, PUSHING);
    const due = await fixtures.channel(store, `Due ${dialect}`, PUSHING);
    const at = new Date('2026-11-24T09:00:00.000Z');
    await server.services.models.ChannelSyncState.create({
      channel_id: announced.id,
      oldest_unimported_at: at,
    });
    await server.services.jobs.enqueue(JOB_NAMES.getOrders, { channelId: due.id });
    expect(await ordersFreshnessOf(deps(), quiet.id)).toEqual({
      oldestUnimportedAt: null,
      ordersRunPending: false,
    });
    expect(await ordersFreshnessOf(deps(), announced.id)).toEqual({
      oldestUnimportedAt: at,
      ordersRunPending: false,
    });
    // Due this instant is not late: only a download overdue by more than a minute holds raises.
    expect(await ordersFreshnessOf(deps(), due.id, new Date(Date.now() + 1000))).toEqual({
      oldestUnimportedAt: null,
      ordersRunPending: false,
    });
    expect(await ordersFreshnessOf(deps(), due.id, new Date(Date.now() + 61_000))).toEqual({
      oldestUnimportedAt: null,
      ordersRunPending: true,
    });
  });

  it('a push queued by an order download that stored its orders is not held by that download, still finishing', async () => {
    const channel = await fixtures.channel(store, `Finishing ${dialect}`, PUSHING);
    await server.services.jobs.enqueue(JOB_NAMES.getOrders, { channelId: channel.id });
    const started = new Date(Date.now() - 2_000);
    const [rows] = await server.services.sequelize.query('SELECT id, data FROM agenda_jobs WHERE name = ?', {
      replacements: [JOB_NAMES.getOrders],
    });
    const job = (rows as { id: unknown; data: unknown }[]).find(
      (row) =>
        Number((typeof row.data === 'string' ? JSON.parse(row.data) : row.data)?.channelId) === channel.id,
    )!;
    // The download is running: locked, started two seconds ago, its next run not yet due.
    await server.services.sequelize.query(
      'UPDATE agenda_jobs SET locked_at = ?, last_run_at = ?, next_run_at = ? WHERE id = ?',
      { replacements: [started, started, new Date(Date.now() + 60_000), job.id] },
    );
    const now = new Date();
    // Queued by this download once its orders were in: not pending.
    expect(await ordersFreshnessOf(deps(), channel.id, now, new Date(started.getTime() + 1_000))).toEqual({
      oldestUnimportedAt: null,
      ordersRunPending: false,
    });
    // Queued by anything else (a stock change), or before this download began: it holds raises.
    expect(await ordersFreshnessOf(deps(), channel.id, now)).toEqual({
      oldestUnimportedAt: null,
      ordersRunPending: true,
    });
    expect(await ordersFreshnessOf(deps(), channel.id, now, new Date(started.getTime() - 1_000))).toEqual({
      oldestUnimportedAt: null,
      ordersRunPending: true,
    });
  });

  it('after an order download: the held pushes and the default plugin’s send are queued', async () => {
    const channel = await fixtures.channel(store, `After ${dialect}`, PUSHING);
    const queuedSends = async () => {
      const [rows] = await server.services.sequelize.query(
        "SELECT data FROM agenda_jobs WHERE name = 'plugins.sync_orders'",
      );
      return (rows as { data: string }[]).map((row) => JSON.parse(row.data) as { pluginId: number });
    };
    const before = (await fixtures.queuedPushes(channel.id)).length;
    await afterOrdersImported(deps(), channel.id);
    expect(await fixtures.queuedPushes(channel.id)).toHaveLength(before);

    await listed(channel, 5);
    const plugin = await fixtures.channel(store, `WMS ${dialect}`, {}, 'plugin');
    await plugin.update({ is_default: true, is_active: true });
    const pushesBefore = (await fixtures.queuedPushes(channel.id)).length;
    await afterOrdersImported(deps(), channel.id);
    expect(await fixtures.queuedPushes(channel.id)).toHaveLength(pushesBefore + 1);
    expect(await queuedSends()).toContainEqual({ pluginId: plugin.id });
  });

  it('shows a listing’s provenance, latest first, to whoever reads its products', async () => {
    const channel = await fixtures.channel(store, `Provenance ${dialect}`, PUSHING);
    const kitComponent = await listed(channel, 9, { pushed: 9 });
    const kit = await fixtures.kit(store, `KIT-${dialect}`, [
      { id: kitComponent.product.id, sku: kitComponent.sku, quantity: 2 },
    ]);
    const kitListing = await fixtures.listing(channel, `L-KIT-${dialect}`, {
      sku: `KIT-${dialect}`,
      product_id: kit.id,
      matched_sku: kit.sku,
      sync_status: LEVEL_PENDING,
    });
    const { pusher } = recordingPusher();
    await pushChannelStock(deps(), channel, pusher, { freshness: FRESH });
    await setStock(kitComponent.product.id, 5);
    await pushChannelStock(deps(), channel, pusher, { freshness: FRESH });

    const token = await company.tokenFor(company.owner);
    const path = `/api/stores/${store.id}/channels/${channel.id}/products/${kitListing.id}/stockPushes`;
    const response = await server.request('GET', path, { token });
    expect(response.status).toBe(200);
    const body = (await readJson(response)) as { data: Record<string, unknown>[]; meta: { total: number } };
    expect(body.meta.total).toBe(2);
    expect(body.data.map((row) => [row.quantity, row.previous_quantity])).toEqual([
      [2, 4],
      [4, null],
    ]);
    expect(body.data[0]).toMatchObject({
      channel_product_id: kitListing.id,
      sku: `KIT-${dialect}`,
      on_hand: null,
      kit_components: [{ sku: kitComponent.sku, on_hand: 5, per_kit: 2 }],
      outcome: 'pushed',
    });

    const other = await fixtures.channel(store, `Other ${dialect}`, PUSHING);
    const wrongChannel = `/api/stores/${store.id}/channels/${other.id}/products/${kitListing.id}/stockPushes`;
    expect((await server.request('GET', wrongChannel, { token })).status).toBe(404);
  });
});
