import { randomUUID } from 'node:crypto';
import type { StockChangedEvent } from '@syncdesk/contracts';
import type { Models, Store } from '../../../db/models';
import type { RequestScope } from '../../../http/request-scope';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { orderOf } from '../../../testing/order-import-kit';
import { caller, collect, ownerSocket, productsOf } from './product-test-kit';

/** The stock service called directly, as the orders domain and the imports call it (MySQL). */
describe('stock ledger (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let store: Store;
  let owner: RequestScope;
  let models: Models;
  let sequence = 0;
  const told: { storeId: number; ids: number[] }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'stock_ledger');
    server = await startTestProcess(database.url);
    models = server.services.models;
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    store = alpha.stores[0]!;
    owner = await server.services.scopes.resolve(await alpha.tokenFor(alpha.owner), {
      clientIp: '127.0.0.1',
      via: 'web',
    });
    server.services.stock.onChanged((storeId, ids) => {
      told.push({ storeId, ids });
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function product(quantity: number, type: 'product' | 'kit' = 'product') {
    const sku = `P-${++sequence}`;
    const row = await models.Product.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      sku,
      title: `Product ${sku}`,
      type,
      quantity: 0,
      price: null,
      nominal_code: null,
      barcode: null,
    });
    if (quantity !== 0) {
      await server.services.stock.apply(null, store.id, [
        { productId: row.id, setTo: quantity, reason: 'correction' },
      ]);
    }
    return row;
  }
  async function kitOf(components: { id: number; sku: string; units: number }[]) {
    const kit = await product(0, 'kit');
    for (const component of components) {
      await models.KitItem.create({
        kit_product_id: kit.id,
        component_product_id: component.id,
        sku: component.sku,
        product_nominal_code: null,
        quantity: component.units,
      });
    }
    return kit;
  }
  const onHand = async (id: number) => (await models.Product.findByPk(id))!.quantity;
  const movementsOf = (id: number) =>
    models.StockMovement.findAll({ where: { product_id: id }, order: [['id', 'ASC']] });

  it('applies a key once: the same movement twice, even at the same moment, changes nothing more', async () => {
    const mug = await product(10);
    const change = { productId: mug.id, delta: -2, reason: 'manual' as const, idempotencyKey: 'count-1' };
    const [first] = await server.services.stock.apply(owner, store.id, [change]);
    expect(first).toEqual({ productId: mug.id, applied: true, before: 10, after: 8 });
    const [again] = await server.services.stock.apply(owner, store.id, [change]);
    expect(again).toEqual({ productId: mug.id, applied: false, before: 8, after: 8 });

    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.services.stock.apply(owner, store.id, [{ ...change, idempotencyKey: 'count-2', delta: 1 }]),
      ),
    );
    expect(racing.flat().filter((result) => result.applied)).toHaveLength(1);
    expect(await onHand(mug.id)).toBe(9);
    const movements = await movementsOf(mug.id);
    expect(movements.map((movement) => [movement.delta, movement.quantity_after, movement.reason])).toEqual([
      [10, 10, 'correction'],
      [-2, 8, 'manual'],
      [1, 9, 'manual'],
    ]);
    expect(movements[1]!.user_id).toBe(alpha.owner.id);

    // A set to the figure it already has is no movement; within one call, the same key counts once.
    const results = await server.services.stock.apply(owner, store.id, [
      { productId: mug.id, setTo: 9, reason: 'manual' },
      { productId: mug.id, delta: 5, reason: 'manual', idempotencyKey: 'twice' },
      { productId: mug.id, delta: 5, reason: 'manual', idempotencyKey: 'twice' },
    ]);
    expect(results.map((result) => [result.applied, result.after])).toEqual([
      [false, 9],
      [true, 14],
      [false, 14],
    ]);
  });

  it('refuses stock on a kit and products of another store', async () => {
    const cup = await product(4);
    const kit = await kitOf([{ id: cup.id, sku: cup.sku, units: 1 }]);
    await expect(
      server.services.stock.apply(owner, store.id, [{ productId: kit.id, delta: 1, reason: 'manual' }]),
    ).rejects.toMatchObject({ status: 422, message: "A kit's stock comes from its components." });
    const other = await createCompany(server.services, { name: 'Other', stores: ['Other store'] });
    await expect(
      server.services.stock.apply(owner, other.stores[0]!.id, [
        { productId: cup.id, delta: 1, reason: 'manual' },
      ]),
    ).rejects.toMatchObject({ status: 404 });
    expect(await onHand(cup.id)).toBe(4);
  });

  it('deducts for an order line once, expanding kits, and gives it back once', async () => {
    const socket = await ownerSocket(server, alpha);
    const events = collect<StockChangedEvent>(socket, 'stock:changed');
    const candle = await product(10);
    const matches = await product(7);
    const gift = await kitOf([
      { id: candle.id, sku: candle.sku, units: 2 },
      { id: matches.id, sku: matches.sku, units: 1 },
    ]);
    const stock = server.services.stock;

    expect(await stock.deductForOrderLine(store.id, 'order-1:line-1', candle.sku, 3)).toEqual([
      { productId: candle.id, applied: true, before: 10, after: 7 },
    ]);
    expect(await stock.deductForOrderLine(store.id, 'order-1:line-1', candle.sku, 3)).toEqual([
      { productId: candle.id, applied: false, before: 7, after: 7 },
    ]);
    const kitLine = await stock.deductForOrderLine(store.id, 'order-1:line-2', gift.sku, 2);
    expect(kitLine).toEqual([
      { productId: candle.id, applied: true, before: 7, after: 3 },
      { productId: matches.id, applied: true, before: 7, after: 5 },
    ]);
    const event = await events.until(
      (candidate) => candidate.productIds.includes(matches.id) && candidate.productIds.includes(gift.id),
    );
    expect(event).toEqual({ storeId: store.id, productIds: [candle.id, matches.id, gift.id] });
    expect(told).toContainEqual({ storeId: store.id, ids: [candle.id, matches.id, gift.id] });

    // The same line imported by two workers at once still takes once.
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => stock.deductForOrderLine(store.id, 'order-2:line-1', matches.sku, 1)),
    );
    expect(racing.flat().filter((result) => result.applied)).toHaveLength(1);
    expect(await onHand(matches.id)).toBe(4);

    expect(await stock.deductForOrderLine(store.id, 'order-3:line-1', 'NO-SUCH-SKU', 1)).toEqual([]);
    expect(await stock.restoreForOrderLine(store.id, 'order-never')).toEqual([]);

    const restored = await stock.restoreForOrderLine(store.id, 'order-1:line-2');
    expect(restored.map((result) => [result.productId, result.applied, result.after])).toEqual([
      [candle.id, true, 7],
      [matches.id, true, 6],
    ]);
    const twice = await stock.restoreForOrderLine(store.id, 'order-1:line-2');
    expect(twice.every((result) => !result.applied)).toBe(true);
    expect([await onHand(candle.id), await onHand(matches.id)]).toEqual([7, 6]);

    const ledger = await movementsOf(candle.id);
    expect(ledger.map((movement) => [movement.delta, movement.reason, movement.source_ref])).toEqual([
      [10, 'correction', null],
      [-3, 'order', 'order-1:line-1'],
      [-4, 'order', 'order-1:line-2'],
      [4, 'cancellation', 'order-1:line-2'],
    ]);
    const activity = await models.Activity.findOne({
      where: { event: 'product.stock_updated', subject_id: candle.id },
      order: [['id', 'DESC']],
    });
    expect(activity).toMatchObject({
      source: 'system',
      via: 'cancellation',
      old_values: { quantity: 3 },
      new_values: { quantity: 7, reason: 'cancellation', source_ref: 'order-1:line-2' },
    });

    // A line key longer than the ledger's column is kept by its hash, and still found again.
    const longKey = `order-4:${'x'.repeat(300)}`;
    expect((await stock.deductForOrderLine(store.id, longKey, candle.sku, 1))[0]!.applied).toBe(true);
    expect((await stock.deductForOrderLine(store.id, longKey, candle.sku, 1))[0]!.applied).toBe(false);
    expect((await stock.restoreForOrderLine(store.id, longKey))[0]!.applied).toBe(true);
    expect(await onHand(candle.id)).toBe(7);
  });

  it("a kit's timeline shows what moved its availability: its components' movements and its own figure", async () => {
    const call = caller(server);
    const token = await alpha.tokenFor(alpha.owner);
    const vase = await product(10);
    const ribbon = await product(30);
    const bundle = await kitOf([
      { id: vase.id, sku: vase.sku, units: 2 },
      { id: ribbon.id, sku: ribbon.sku, units: 1 },
    ]);
    const stock = server.services.stock;
    // 5 kits (the vase limits them) → an order of 2 kits takes 4 vases and 2 ribbons → 3 kits.
    await stock.deductForOrderLine(store.id, 'order-kit:line-1', bundle.sku, 2);
    // A ribbon delivery leaves the kit at 3 (the vase still limits it): nothing on the kit.
    await stock.apply(owner, store.id, [{ productId: ribbon.id, delta: 5, reason: 'manual' }], {
      via: 'manual',
    });
    // Vases counted down to 1: no kit can be built.
    await stock.apply(owner, store.id, [{ productId: vase.id, setTo: 1, reason: 'correction' }]);

    const activities = await call('GET', `/activities/product/${bundle.id}/stock_updated`, token);
    expect(activities.status).toBe(200);
    // Oldest first, by id: several land within the same second.
    const entries = (activities.body as { data: { id: number; old: unknown; new: unknown }[] }).data.sort(
      (a, b) => a.id - b.id,
    );
    expect(entries.map((entry) => [entry.old, entry.new])).toEqual([
      [
        { quantity: 5 },
        expect.objectContaining({
          quantity: 3,
          delta: -2,
          reason: 'order',
          source_ref: 'order-kit:line-1',
          components: [vase.sku, ribbon.sku],
        }),
      ],
      [
        { quantity: 3 },
        expect.objectContaining({ quantity: 0, delta: -3, reason: 'correction', components: [vase.sku] }),
      ],
    ]);

    // Its ledger is its components' movements, newest first, each naming its product.
    const ledger = await call('GET', `${productsOf(store)}/${bundle.id}/stockMovements`, token);
    expect(ledger.status).toBe(200);
    const movements = (ledger.body as { data: { product_id: number; delta: number; reason: string }[] }).data;
    expect(movements.map((movement) => [movement.product_id, movement.delta, movement.reason])).toEqual([
      [vase.id, -5, 'correction'],
      [ribbon.id, 5, 'manual'],
      [ribbon.id, -2, 'order'],
      [vase.id, -4, 'order'],
      [ribbon.id, 30, 'correction'],
      [vase.id, 10, 'correction'],
    ]);
  });

  it("names each movement's source so the ledger links to it: the order, the channel, the plugin, the import", async () => {
    const call = caller(server);
    const token = await alpha.tokenFor(alpha.owner);
    const lamp = await product(20);
    const shop = await insertChannelRow(server.services, store, {
      name: 'Lamp shop',
      settings: { deduct_stock_via_orders: true },
    });
    const warehouse = await insertChannelRow(server.services, store, {
      name: 'Lamp warehouse',
      kind: 'plugin',
      type: 'wms',
    });
    const imported = await models.FileTransfer.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      user_id: alpha.owner.id,
      kind: 'import',
      subject: 'products',
      channel_id: null,
      file_format: 'csv',
      original_name: 'stock-count.csv',
      content_hash: 'c0ffee',
      file_path: null,
      options: null,
    });
    const [orderId] = (
      await server.services.orderImport.importBatch(shop.id, [
        orderOf('LAMP-1', [{ sku: lamp.sku, quantity: 2, remote_id: 'LAMP-1-L1' }]),
      ])
    ).orderIds as [number];
    const stock = server.services.stock;
    await stock.apply(null, store.id, [
      { productId: lamp.id, delta: 1, reason: 'import', sourceRef: `channel:${shop.id}` },
    ]);
    await stock.apply(null, store.id, [
      { productId: lamp.id, setTo: 9, reason: 'plugin', sourceRef: `plugin:${warehouse.id}` },
    ]);
    await stock.apply(null, store.id, [
      { productId: lamp.id, setTo: 12, reason: 'import', sourceRef: 'import:c0ffee' },
    ]);
    await stock.apply(owner, store.id, [
      { productId: lamp.id, delta: 1, reason: 'manual', sourceRef: 'shelf recount' },
    ]);

    const ledger = await call('GET', `${productsOf(store)}/${lamp.id}/stockMovements`, token);
    const rows = (ledger.body as { data: { reason: string; source: unknown }[] }).data;
    expect(rows.map((row) => [row.reason, row.source])).toEqual([
      ['manual', null],
      ['import', { kind: 'import', transfer_uuid: imported.uuid, label: 'stock-count.csv' }],
      ['plugin', { kind: 'plugin', plugin_id: warehouse.id, label: 'Lamp warehouse' }],
      ['import', { kind: 'channel', channel_id: shop.id, label: 'Lamp shop' }],
      ['order', { kind: 'order', order_id: orderId, label: expect.stringMatching(/^Order /) }],
      ['correction', null],
    ]);
  });

  it("the company's activity shows one stock change as one line, and each product keeps its own entry", async () => {
    const call = caller(server);
    const token = await alpha.tokenFor(alpha.owner);
    const counted = [await product(0), await product(0), await product(0)];
    const before = await models.Activity.max<number, Models['Activity']['prototype']>('id');
    // One warehouse count moving three products, then one manual change of one of them.
    await server.services.stock.apply(
      null,
      store.id,
      counted.map((row, index) => ({ productId: row.id, setTo: 5 + index, reason: 'plugin' as const })),
      { via: 'plugin' },
    );
    await server.services.stock.apply(
      owner,
      store.id,
      [{ productId: counted[0]!.id, delta: 1, reason: 'manual' }],
      {
        via: 'manual',
      },
    );

    type Listed = {
      data: { id: number; subject_id: number; change?: { id: string; count: number } | null }[];
    };
    const listed = await call('GET', '/activities?event[eq]=product.stock_updated&per_page=100', token);
    expect(listed.status).toBe(200);
    const recent = (listed.body as Listed).data.filter((row) => row.id > before);
    // Newest first: the manual change (one product), then the count as one line standing for three.
    expect(recent.map((row) => row.change?.count)).toEqual([1, 3]);
    const batch = recent[1]!.change!;

    const entries = await call('GET', `/activities?change_id[eq]=${batch.id}&per_page=100`, token);
    expect((entries.body as Listed).data.map((row) => row.subject_id).sort((a, b) => a - b)).toEqual(
      counted.map((row) => row.id),
    );
    // Each product's own timeline still has its entry for the count.
    for (const row of counted) {
      const timeline = await call('GET', `/activities/product/${row.id}/stock_updated`, token);
      expect(
        (timeline.body as Listed).data.map((entry) => entry.id).filter((id) => id > before).length,
      ).toBeGreaterThan(0);
    }
  });

  it('applies a thousand changes in one call: one movement and one activity each', async () => {
    const rows = await models.Product.bulkCreate(
      Array.from({ length: 1000 }, (_, index) => ({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        sku: `BULK-${index}`,
        title: `Bulk ${index}`,
        quantity: 0,
        price: null,
        nominal_code: null,
        barcode: null,
      })),
    );
    const ids = (
      await models.Product.findAll({ where: { sku: rows.map((row) => row.sku), store_id: store.id } })
    ).map((row) => row.id);
    const results = await server.services.stock.apply(
      owner,
      store.id,
      ids.map((id, index) => ({
        productId: id,
        setTo: index % 7,
        reason: 'import',
        idempotencyKey: `file-1:${id}`,
      })),
      { via: 'import' },
    );
    const applied = results.filter((result) => result.applied);
    expect(applied).toHaveLength(1000 - Math.ceil(1000 / 7));
    expect(await models.StockMovement.count({ where: { product_id: ids } })).toBe(applied.length);
    expect(
      await models.Activity.count({
        where: { event: 'product.stock_updated', subject_id: ids, via: 'import' },
      }),
    ).toBe(applied.length);
    expect(await models.Product.sum('quantity', { where: { id: ids } })).toBe(
      ids.reduce((total, _, index) => total + (index % 7), 0),
    );
  });
});
