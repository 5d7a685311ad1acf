import { randomUUID } from 'node:crypto';
import { FULFILMENT_STATUS, JOB_NAMES, ORDER_SYNC_STATUS, PLUGIN_SYNC_STATUS } from '@syncdesk/contracts';
import { writeChannelCredentials, type Store } from '@syncdesk/api';
import {
  createCompany,
  createTestDatabase,
  insertChannelRow,
  kitIn,
  orderOf,
  type CompanyFixture,
  type TestDatabase,
} from '@syncdesk/api/testing';
import { memoryRecorder } from '@syncdesk/integrations';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { startWmsSimulator, type RunningWmsSimulator } from '@syncdesk/integrations';
import { createSyncRuntime } from '../../../sync/sync-runtime';
import type { JobContext } from '../../job-definition';
import { pluginUpdatesJob } from '../plugin-updates.job';
import { syncOrdersJob } from '../sync-orders.job';

const silent = { info: () => undefined, error: () => undefined };
const KEY = 'wms-test-key-plugin-sync';
const SKUS = ['WMS-MUG-01', 'WMS-TEA-01'];

/**
 * The default plugin end to end over HTTP: orders out to the WMS simulator, its shipments back as
 * fulfilments (which queue the tracking push to the order's channel), its stock back as on hand.
 * No worker runs: the test runs each job handler as the worker would and reads the queue.
 */
describe('plugins.sync_orders and plugins.get_updates against the WMS simulator (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let simulator: RunningWmsSimulator;
  let company: CompanyFixture;
  let store: Store;
  const recorder = memoryRecorder();

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'plugin_sync');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, { name: 'Wareco', stores: ['Wareco UK'] });
    store = company.stores[0]!;
    simulator = await startWmsSimulator({ apiKey: KEY, skus: SKUS, initialQuantity: 50, shipAfterMs: null });
  });
  afterAll(async () => {
    await simulator?.close();
    await server?.close();
    await database?.drop();
  });

  const services = () => server.services;
  const context = (): JobContext => ({
    services: services(),
    logger: silent,
    sync: createSyncRuntime({
      services: services(),
      recorder,
      allowedOrigins: [new URL(simulator.url).origin],
    }),
  });

  async function wmsPlugin() {
    const uuid = randomUUID();
    return services().models.Channel.create({
      uuid,
      company_id: store.company_id,
      store_id: store.id,
      kind: 'plugin',
      type: 'wms',
      name: `Warehouse ${uuid.slice(0, 6)}`,
      is_active: true,
      is_default: true,
      account_nominal_code: null,
      api_version: null,
      settings: { api_url: simulator.url, updates_interval: 60 },
      credentials: writeChannelCredentials(services().credentials, { uuid }, { api_key: KEY }),
      authorized_at: null,
      token_expires_at: null,
    });
  }

  async function product(sku: string, quantity: number) {
    const row = await services().models.Product.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      sku,
      title: sku,
      quantity: 0,
      nominal_code: null,
      barcode: null,
      price: null,
    });
    await services().stock.apply(null, store.id, [
      { productId: row.id, setTo: quantity, reason: 'correction' },
    ]);
    return row;
  }

  it('sends ready orders once, reads shipments back as fulfilments once, and sets on hand from stock', async () => {
    const plugin = await wmsPlugin();
    const mug = await product('WMS-MUG-01', 10);
    const channel = await insertChannelRow(services(), store, { name: 'Web shop' });
    const imported = await services().orderImport.importBatch(channel.id, [
      orderOf('W-1', [{ sku: 'WMS-MUG-01', quantity: 2, remote_id: 'W-1-L1' }]),
      orderOf('W-2', [{ sku: 'WMS-TEA-01', quantity: 1, remote_id: 'W-2-L1' }]),
      orderOf('W-3', [{ sku: 'NOT-IN-WAREHOUSE', quantity: 1, remote_id: 'W-3-L1' }]),
    ]);
    const [first, second, unknown] = imported.orderIds as [number, number, number];

    await syncOrdersJob.handler({ pluginId: plugin.id }, context());
    expect(
      simulator.state
        .orders()
        .map((order) => order.reference)
        .sort(),
    ).toEqual([String(first), String(second)].sort());
    const copies = await services().models.PluginOrder.findAll({
      where: { plugin_id: plugin.id },
      order: [['order_id', 'ASC']],
      raw: true,
    });
    expect(copies.map((copy) => [Number(copy.order_id), copy.sync_status, copy.remote_id !== null])).toEqual([
      [first, PLUGIN_SYNC_STATUS.byKey('synced').value, true],
      [second, PLUGIN_SYNC_STATUS.byKey('synced').value, true],
      [unknown, PLUGIN_SYNC_STATUS.byKey('failed').value, false],
    ]);
    const orders = await services().models.Order.findAll({
      where: { id: [first, unknown] },
      order: [['id', 'ASC']],
    });
    expect(orders.map((order) => order.sync_status)).toEqual([
      ORDER_SYNC_STATUS.byKey('synced').value,
      ORDER_SYNC_STATUS.byKey('failed').value,
    ]);
    expect(orders[1]!.failure_reason).toMatch(/NOT-IN-WAREHOUSE|SKU/i);

    // A second run sends nothing again.
    const callsBefore = simulator.state.calls().filter((call) => call.method === 'POST').length;
    await syncOrdersJob.handler({ pluginId: plugin.id }, context());
    expect(simulator.state.calls().filter((call) => call.method === 'POST').length).toBe(callsBefore);

    // The warehouse ships the first order and counts its stock.
    const shipment = simulator.state.ship(String(first))!;
    simulator.state.setStock('WMS-MUG-01', 42);
    await pluginUpdatesJob.handler({ pluginId: plugin.id }, context());
    const fulfilments = await services().models.OrderFulfillment.findAll({ where: { order_id: first } });
    expect(fulfilments.map((row) => row.get({ plain: true }))).toEqual([
      expect.objectContaining({
        courier: shipment.carrier,
        shipping_tracking_code: shipment.tracking_number,
        sync_status: FULFILMENT_STATUS.byKey('awaiting_send').value,
      }),
    ]);
    // The push of the tracking to the order's channel is queued by the fulfilment service.
    const [queued] = await services().sequelize.query('SELECT data FROM agenda_jobs WHERE name = ?', {
      replacements: [JOB_NAMES.submitFulfillment],
    });
    expect((queued as { data: string }[]).map((row) => JSON.parse(row.data))).toContainEqual({
      channelId: channel.id,
      orderFulfillmentIds: [fulfilments[0]!.id],
    });
    expect((await services().models.Product.findByPk(mug.id))!.quantity).toBe(42);
    const movement = await services().models.StockMovement.findOne({
      where: { product_id: mug.id, reason: 'plugin' },
    });
    expect(movement).toMatchObject({ quantity_after: 42 });
    // Each update run also sends what became ready since (the safety net): here, a new order.
    const [late] = (
      await services().orderImport.importBatch(channel.id, [
        orderOf('W-4', [{ sku: 'WMS-TEA-01', quantity: 1, remote_id: 'W-4-L1' }]),
      ])
    ).orderIds as [number];
    await pluginUpdatesJob.handler({ pluginId: plugin.id }, context());
    expect(simulator.state.order(String(late))).not.toBeNull();

    // Read again (the watermark is inclusive): still one fulfilment.
    await pluginUpdatesJob.handler({ pluginId: plugin.id }, context());
    expect(await services().models.OrderFulfillment.count({ where: { order_id: first } })).toBe(1);
    expect(
      await services().models.PluginShipmentReceipt.count({
        where: { plugin_id: plugin.id, remote_id: shipment.id },
      }),
    ).toBe(1);
  });

  it('a warehouse connected later gets the orders that arrive from then on, and older ones only when resent', async () => {
    const channel = await insertChannelRow(services(), store, { name: 'Older shop' });
    const [old] = (
      await services().orderImport.importBatch(channel.id, [
        orderOf('H-1', [{ sku: 'WMS-MUG-01', quantity: 1, remote_id: 'H-1-L1' }]),
      ])
    ).orderIds as [number];
    // Created timestamps are whole seconds: the plugin comes a second later, as it would.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const plugin = await wmsPlugin();
    const [fresh] = (
      await services().orderImport.importBatch(channel.id, [
        orderOf('H-2', [{ sku: 'WMS-MUG-01', quantity: 1, remote_id: 'H-2-L1' }]),
      ])
    ).orderIds as [number];

    await syncOrdersJob.handler({ pluginId: plugin.id }, context());
    expect(simulator.state.order(String(fresh))).not.toBeNull();
    expect(simulator.state.order(String(old))).toBeNull();

    // The seller resends the old order to this warehouse (its copy set back to pending).
    await services().models.PluginOrder.create({
      order_id: old,
      plugin_id: plugin.id,
      remote_id: null,
      sync_status: PLUGIN_SYNC_STATUS.byKey('pending').value,
      synced_at: null,
    });
    await syncOrdersJob.handler({ pluginId: plugin.id }, context());
    expect(simulator.state.order(String(old))).not.toBeNull();

    // An order held here (never sent) took 3 mugs from our stock: the warehouse's count, which
    // still has them on its shelf, must not hand them back.
    const holding = await insertChannelRow(services(), store, {
      name: 'Holding shop',
      settings: { auto_hold_orders: true },
    });
    await services().orderImport.importBatch(holding.id, [
      orderOf('H-3', [{ sku: 'WMS-MUG-01', quantity: 3, remote_id: 'H-3-L1' }]),
    ]);
    const unsent = await services().models.Order.count({
      where: { channel_id: holding.id },
    });
    expect(unsent).toBe(1);
    // And a held order of 2 gift sets (a kit of 2 mugs each) took 4 more.
    const mugRow = (await services().models.Product.findOne({
      where: { store_id: store.id, sku: 'WMS-MUG-01' },
    }))!;
    await kitIn(server, store, [{ id: mugRow.id, sku: mugRow.sku, units: 2 }]).then((kit) =>
      kit.update({ sku: 'MUG-GIFT-SET' }),
    );
    await services().orderImport.importBatch(holding.id, [
      orderOf('H-4', [{ sku: 'MUG-GIFT-SET', quantity: 2, remote_id: 'H-4-L1' }]),
    ]);
    simulator.state.setStock('WMS-MUG-01', 30);
    const available = simulator.state.stockLevels().find((level) => level.sku === 'WMS-MUG-01')!.available;
    await pluginUpdatesJob.handler({ pluginId: plugin.id }, context());
    const mug = await services().models.Product.findOne({ where: { store_id: store.id, sku: 'WMS-MUG-01' } });
    expect(mug!.quantity).toBe(available - 3 - 4);
  });

  it("lists what the warehouse reported on the plugin's products page, one row per product, kept up to date", async () => {
    const plugin = await wmsPlugin();
    const lamp = await product('WMS-LAMP-01', 5);
    simulator.state.setStock('WMS-LAMP-01', 12);
    await pluginUpdatesJob.handler({ pluginId: plugin.id }, context());
    const reported = (level: string) =>
      simulator.state.stockLevels().find((entry) => entry.sku === level)!.available;

    const token = await company.tokenFor(company.owner);
    const listed = async () => {
      const response = await server.request('GET', `/api/stores/${store.id}/plugins/${plugin.id}/products`, {
        token,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        data: { product_id: number; sku: string | null; remote_id: string | null; quantity: number | null }[];
        meta: { total: number };
      };
    };
    const first = await listed();
    // Every product of ours the warehouse holds: the lamp among them, with the figure it reported.
    expect(first.data).toContainEqual(
      expect.objectContaining({
        product_id: lamp.id,
        sku: 'WMS-LAMP-01',
        remote_id: 'WMS-LAMP-01',
        quantity: reported('WMS-LAMP-01'),
      }),
    );
    const row = await services().models.PluginProduct.findOne({
      where: { plugin_id: plugin.id, product_id: lamp.id },
    });
    expect(row).toMatchObject({ plugin_sync_status: PLUGIN_SYNC_STATUS.byKey('synced').value });
    expect(row!.plugin_synced_at).not.toBeNull();
    // The product page's plugin figures and the plugin's page tell the same story.
    const detail = await server.request('GET', `/api/products/${store.id}/${lamp.id}`, { token });
    expect(
      ((await detail.json()) as { data: { plugin_quantities: unknown[] } }).data.plugin_quantities,
    ).toEqual([expect.objectContaining({ plugin_id: plugin.id, quantity: reported('WMS-LAMP-01') })]);

    // The next count updates the same row rather than adding one.
    simulator.state.setStock('WMS-LAMP-01', 3);
    await pluginUpdatesJob.handler({ pluginId: plugin.id }, context());
    const second = await listed();
    expect(second.meta.total).toBe(first.meta.total);
    expect(second.data.filter((entry) => entry.product_id === lamp.id)).toEqual([
      expect.objectContaining({ quantity: reported('WMS-LAMP-01') }),
    ]);
    expect(
      await services().models.PluginProduct.count({ where: { plugin_id: plugin.id, product_id: lamp.id } }),
    ).toBe(1);
  });
});
