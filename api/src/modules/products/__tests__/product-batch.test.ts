import type { Models, Store } from '../../../db/models';
import type { RequestScope } from '../../../http/request-scope';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import type { ProductUpsertRow } from '../product-batch.types';

/** `products.upsertMany`, as an import file's batches and a channel's product download call it (MySQL). */
describe('product batch upsert (mysql)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let store: Store;
  let scope: RequestScope;
  let models: Models;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'product_batch');
    server = await startTestProcess(database.url);
    models = server.services.models;
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    store = alpha.stores[0]!;
    scope = await server.services.scopes.resolve(await alpha.tokenFor(alpha.owner), {
      clientIp: '127.0.0.1',
      via: 'web',
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const upsert = (rows: ProductUpsertRow[], sourceRef = 'file-a') =>
    server.services.products.upsertMany(scope, store.id, rows, { reason: 'import', sourceRef });
  const bySku = async (sku: string) =>
    (await models.Product.findOne({ where: { store_id: store.id, sku } }))!;

  it('writes the good rows, reports each bad one with its field, and keeps the row order', async () => {
    const rows: ProductUpsertRow[] = [
      {
        sku: 'GIFT-1',
        title: 'Gift box',
        type: 'kit',
        kit_items: [
          { sku: 'MUG-1', quantity: 2 },
          { sku: 'TEA-1', quantity: 1 },
        ],
      },
      { sku: 'MUG-1', title: 'Mug', type: 'product', quantity: 10, price: '8.50' },
      { sku: '', title: 'No SKU', type: 'product' },
      { sku: 'TEA-1', title: 'Tea', type: 'product', quantity: 4, barcode: '5000000000001' },
      { sku: 'BAD-QTY', title: 'Bad', type: 'product', quantity: -4 },
      { sku: 'NESTED', title: 'Nested', type: 'kit', kit_items: [{ sku: 'GIFT-1', quantity: 1 }] },
      { sku: 'UNKNOWN', title: 'Unknown', type: 'kit', kit_items: [{ sku: 'NOPE', quantity: 1 }] },
      { sku: 'mug-1', title: 'Mug again', type: 'product' },
      { sku: 'BOX-2', title: 'Box', type: 'kit', kit_items: [{ sku: 'TEA-1', quantity: 0 }] },
      { sku: 'SELF', title: 'Self', type: 'kit', kit_items: [{ sku: 'SELF', quantity: 1 }] },
      { sku: 'PLAIN', title: 'Plain', type: 'product', kit_items: [{ sku: 'TEA-1', quantity: 1 }] },
    ];
    const results = await upsert(rows);
    const mug = await bySku('MUG-1');
    const tea = await bySku('TEA-1');
    const gift = await bySku('GIFT-1');
    expect(results).toEqual([
      { status: 'created', id: gift.id },
      { status: 'created', id: mug.id },
      { status: 'failed', errors: [{ field: 'sku', message: 'The SKU field is required.' }] },
      { status: 'created', id: tea.id },
      {
        status: 'failed',
        errors: [{ field: 'quantity', message: 'The quantity must be a whole number from 0 to 1000000000.' }],
      },
      {
        status: 'failed',
        errors: [
          { field: 'kit_items.0.sku', message: 'GIFT-1 is a kit, and a kit can not contain another kit.' },
        ],
      },
      {
        status: 'failed',
        errors: [{ field: 'kit_items.0.sku', message: 'There is no product with SKU NOPE in this store.' }],
      },
      {
        status: 'failed',
        errors: [
          { field: 'sku', message: 'The SKU mug-1 appears in an earlier row too; only that row is used.' },
        ],
      },
      {
        status: 'failed',
        errors: [
          {
            field: 'kit_items.0.quantity',
            message: 'Each component needs a whole number of units of at least 1.',
          },
        ],
      },
      {
        status: 'failed',
        errors: [{ field: 'kit_items.0.sku', message: 'A kit can not contain itself (SELF).' }],
      },
      {
        status: 'failed',
        errors: [
          {
            field: 'kit_items',
            message: 'Only a kit has components. Choose the type Kit, or remove the components.',
          },
        ],
      },
    ]);
    expect([mug.quantity, tea.quantity, gift.quantity]).toEqual([10, 4, 0]);
    expect(Number(mug.price)).toBe(8.5);
    const lines = await models.KitItem.findAll({
      where: { kit_product_id: gift.id },
      order: [['id', 'ASC']],
    });
    expect(lines.map((line) => [line.component_product_id, line.sku, line.quantity])).toEqual([
      [mug.id, 'MUG-1', 2],
      [tea.id, 'TEA-1', 1],
    ]);
    const movements = await models.StockMovement.findAll({ where: { product_id: [mug.id, tea.id] } });
    expect(
      movements.map((movement) => [
        movement.product_id,
        movement.delta,
        movement.reason,
        movement.source_ref,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [mug.id, 10, 'import', 'file-a'],
        [tea.id, 4, 'import', 'file-a'],
      ]),
    );
    expect(
      await models.Activity.count({
        where: { event: 'product.created', subject_id: [mug.id, tea.id, gift.id] },
      }),
    ).toBe(3);
  });

  it('changes nothing when the same file runs again, and only what differs in another', async () => {
    const rows: ProductUpsertRow[] = [
      { sku: 'LAMP-1', title: 'Lamp', type: 'product', quantity: 5, price: '20' },
      { sku: 'BULB-1', title: 'Bulb', type: 'product', quantity: 50 },
      {
        sku: 'LAMP-KIT',
        title: 'Lamp kit',
        type: 'kit',
        kit_items: [
          { sku: 'LAMP-1', quantity: 1 },
          { sku: 'BULB-1', quantity: 2 },
        ],
      },
    ];
    const first = await upsert(rows, 'file-b');
    expect(first.map((result) => result.status)).toEqual(['created', 'created', 'created']);
    const snapshot = async () =>
      (
        await models.Product.findAll({
          where: { sku: ['LAMP-1', 'BULB-1', 'LAMP-KIT'], store_id: store.id },
          order: [['id', 'ASC']],
        })
      ).map((row) => [row.sku, row.quantity, row.updated_at.getTime()]);
    const counts = async () => [
      await models.StockMovement.count({ where: { store_id: store.id } }),
      await models.Activity.count(),
      await models.KitItem.count(),
    ];
    const before = await snapshot();
    const countsBefore = await counts();

    // An order takes a lamp; the same file run again does not put it back.
    await server.services.stock.deductForOrderLine(store.id, 'order-9:line-1', 'LAMP-1', 1);
    const countsAfterOrder = await counts();
    const again = await upsert(rows, 'file-b');
    expect(again.map((result) => result.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(await counts()).toEqual(countsAfterOrder);
    expect(countsAfterOrder[0]).toBe(countsBefore[0]! + 1);
    const after = await snapshot();
    expect(after.map(([sku, quantity]) => [sku, quantity])).toEqual([
      ['LAMP-1', 4],
      ['BULB-1', 50],
      ['LAMP-KIT', 0],
    ]);
    expect(after[1]![2]).toBe(before[1]![2]);
    expect(after[2]![2]).toBe(before[2]![2]);

    // Another file: its figures are set, its changes written, unchanged rows left alone.
    const next = await upsert(
      [
        { sku: 'LAMP-1', title: 'Lamp', type: 'product', quantity: 8 },
        { sku: 'BULB-1', title: 'LED bulb', type: 'product', price: null },
        { sku: 'LAMP-KIT', title: 'Lamp kit', type: 'kit', kit_items: [{ sku: 'LAMP-1', quantity: 1 }] },
        { sku: 'SHADE-1', title: 'Shade', type: 'product', auto_sync_stock: false },
      ],
      'file-c',
    );
    expect(next.map((result) => result.status)).toEqual(['updated', 'updated', 'updated', 'created']);
    const lamp = await bySku('LAMP-1');
    expect([lamp.quantity, Number(lamp.price)]).toEqual([8, 20]);
    expect((await bySku('BULB-1')).title).toBe('LED bulb');
    expect((await bySku('SHADE-1')).auto_sync_stock).toBe(false);
    const kit = await bySku('LAMP-KIT');
    expect(await models.KitItem.count({ where: { kit_product_id: kit.id } })).toBe(1);
    const updated = await models.Activity.findOne({
      where: { event: 'product.updated', subject_id: kit.id },
    });
    expect(updated).toMatchObject({
      old_values: { kit_items: ['1 × LAMP-1', '2 × BULB-1'] },
      new_values: { kit_items: ['1 × LAMP-1'] },
    });
  });

  it('refuses to turn a component into a kit, and reaches only the caller’s stores', async () => {
    const results = await upsert(
      [
        { sku: 'BULB-1', title: 'Bulb kit', type: 'kit', kit_items: [{ sku: 'SHADE-1', quantity: 1 }] },
        { sku: 'LAMP-1', title: 'Lamp kit', type: 'kit', kit_items: [{ sku: 'SHADE-1', quantity: 1 }] },
      ],
      'file-d',
    );
    expect(results).toEqual([
      {
        status: 'failed',
        errors: [
          {
            field: 'type',
            message:
              'BULB-1 has 50 on hand. Set its stock to 0 before making it a kit, so no stock goes unaccounted for.',
          },
        ],
      },
      {
        status: 'failed',
        errors: [
          {
            field: 'type',
            message: 'LAMP-1 is a component of the kit LAMP-KIT (Lamp kit), so it can not become a kit.',
          },
        ],
      },
    ]);
    const beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta store'] });
    await expect(
      server.services.products.upsertMany(
        scope,
        beta.stores[0]!.id,
        [{ sku: 'X', title: 'X', type: 'product' }],
        {
          reason: 'import',
          sourceRef: 'file-e',
        },
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});
