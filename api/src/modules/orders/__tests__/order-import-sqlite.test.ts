import type { Models, Store } from '../../../db/models';
import type { OrderImportService } from '../../../flows/import-orders/order-import.service';
import { createCompany } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  channelIn,
  importerOf,
  kitIn,
  orderOf,
  productIn,
  quantityOf,
} from '../../../testing/order-import-kit';

/** The import on the embedded default (SQLite): upsert, idempotency, failed record, stock and its return. */
describe('order import (sqlite smoke)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let store: Store;
  let models: Models;
  let importer: OrderImportService;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'order_import');
    server = await startTestProcess(database.url);
    models = server.services.models;
    const alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    store = alpha.stores[0]!;
    ({ importer } = importerOf(server));
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('imports, re-imports, updates, cancels and keeps one row per order', async () => {
    const cup = await productIn(server, store, 10);
    const lid = await productIn(server, store, 10);
    const kit = await kitIn(server, store, [{ id: lid.id, sku: lid.sku, units: 2 }]);
    const channel = await channelIn(server, store, {
      deduct_stock_via_orders: true,
      use_order_prefix: true,
      order_prefix: 'S-',
    });
    const lines = [
      { sku: cup.sku, quantity: 2 },
      { sku: kit.sku, quantity: 1 },
    ];
    const batch = [orderOf('S1', lines), orderOf('S2', [{ sku: null, quantity: -1 }])];

    expect(await importer.importBatch(channel.id, batch)).toMatchObject({ created: 1, failed: 1 });
    expect(await importer.importBatch(channel.id, batch)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    const orders = await models.Order.findAll({
      where: { channel_id: channel.id },
      order: [['remote_id', 'ASC']],
    });
    expect(orders.map((order) => [order.order_number, order.sync_status])).toEqual([
      ['S-#S1', 0],
      ['S-#S2', 7],
    ]);
    expect([await quantityOf(server, cup.id), await quantityOf(server, lid.id)]).toEqual([8, 8]);

    const [both] = await Promise.all([
      importer.importBatch(channel.id, [orderOf('S1', lines, { status: 'Cancelled' })]),
      importer.importBatch(channel.id, [orderOf('S1', lines, { status: 'Cancelled' })]),
    ]);
    expect(both.updated + both.unchanged).toBe(1);
    expect(await models.Order.count({ where: { channel_id: channel.id } })).toBe(2);
    expect(await models.OrderItem.count({ where: { order_id: orders[0]!.id } })).toBe(2);
    expect([await quantityOf(server, cup.id), await quantityOf(server, lid.id)]).toEqual([10, 10]);
    expect((await models.Order.findByPk(orders[0]!.id))!.sync_status).toBe(14);
  });

  it("takes an order's stock once when its ledger outlived the order (the order imported again as new)", async () => {
    const cup = await productIn(server, store, 30);
    const channel = await channelIn(server, store, { deduct_stock_via_orders: true });
    const first = orderOf('T1', [{ sku: cup.sku, quantity: 4 }]);
    await importer.importBatch(channel.id, [first]);
    await models.Order.destroy({ where: { channel_id: channel.id, remote_id: 'T1' } });

    const again = await importer.importBatch(channel.id, [
      first,
      orderOf('T2', [{ sku: cup.sku, quantity: 2 }]),
    ]);
    expect(again).toMatchObject({ created: 2, failed: 0 });
    expect(await quantityOf(server, cup.id)).toBe(24);
    const ledger = await models.StockMovement.findAll({
      where: { product_id: cup.id, reason: 'order' },
      order: [['id', 'ASC']],
    });
    expect(ledger.map((movement) => [movement.delta, movement.quantity_after])).toEqual([
      [-4, 26],
      [-2, 24],
    ]);
  });
});
