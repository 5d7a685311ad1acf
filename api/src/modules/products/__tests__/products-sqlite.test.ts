import type { Store } from '../../../db/models';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type Json, type TestProcess } from '@syncdesk/server/testing';
import { caller, productsOf } from './product-test-kit';

/** The embedded default: the same calls on SQLite, writers queued rather than failing busy. */
describe('products api (sqlite smoke)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let store: Store;
  let token: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'products');
    server = await startTestProcess(database.url);
    call = caller(server);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    store = alpha.stores[0]!;
    token = await alpha.tokenFor(alpha.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const create = async (body: Record<string, unknown>) => {
    const response = await call('POST', `${productsOf(store)}/create`, token, body);
    expect(response.status).toBe(201);
    return response.body.data as Json;
  };

  it('keeps products, kits and the ledger right, with parallel writers', async () => {
    const soap = await create({ sku: 'SOAP', title: 'Soap', quantity: 6, price: '3.2' });
    const towel = await create({ sku: 'TOWEL', title: 'Towel', quantity: 2 });
    const spa = await create({
      sku: 'SPA',
      title: 'Spa set',
      type: 'kit',
      kit_items: [
        { sku: 'SOAP', quantity: 2 },
        { sku: 'TOWEL', quantity: 1 },
      ],
    });
    expect([soap.price, spa.quantity]).toEqual(['3.20', 2]);

    // Parallel stock changes, product edits and a batch: none fails busy, none is lost.
    const path = `${productsOf(store)}/${towel.id}`;
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => call('PUT', path, token, { stock_delta: 1 })),
      call('PUT', `${productsOf(store)}/${soap.id}`, token, { title: 'Olive soap' }),
      server.services.products.upsertMany(
        await server.services.scopes.resolve(token, { clientIp: '127.0.0.1', via: 'web' }),
        store.id,
        [
          { sku: 'SOAP', title: 'Olive soap', type: 'product', quantity: 9 },
          { sku: 'SPONGE', title: 'Sponge', type: 'product', quantity: 3 },
        ],
        { reason: 'import', sourceRef: 'file-1' },
      ),
      server.services.stock.deductForOrderLine(store.id, 'order-1:line-1', 'SPA', 1),
    ]);
    expect(answers.slice(0, 9).map((answer) => (answer as { status: number }).status)).toEqual(
      Array(9).fill(200),
    );
    const towelNow = (await call('GET', path, token)).body.data;
    expect(towelNow.quantity).toBe(2 + 8 - 1);
    expect(await server.services.models.StockMovement.count({ where: { product_id: towel.id } })).toBe(10);
    const soapNow = (await call('GET', `${productsOf(store)}/${soap.id}`, token)).body.data;
    expect(soapNow.title).toBe('Olive soap');
    expect(await server.services.stock.restoreForOrderLine(store.id, 'order-1:line-1')).toHaveLength(2);
    expect(
      (await server.services.stock.restoreForOrderLine(store.id, 'order-1:line-1')).some((r) => r.applied),
    ).toBe(false);

    const kitNow = (await call('GET', `${productsOf(store)}/${spa.id}`, token)).body.data;
    // The import's "set to 9" and the order's deduction ran in either order; the kit follows what is on hand.
    const soapOnHand = (await call('GET', `${productsOf(store)}/${soap.id}`, token)).body.data.quantity;
    expect([9, 11]).toContain(soapOnHand);
    expect(kitNow.quantity).toBe(Math.min(Math.floor(soapOnHand / 2), 9));
    const history = await call('GET', `/activities/product/${towel.id}/stock_updated?per_page=3`, token);
    expect(history.body.meta.total).toBe(11);
    expect(history.body.data).toHaveLength(3);

    const refused = await call('DELETE', productsOf(store), token, { product_uuids: [soap.uuid] });
    expect(refused.status).toBe(422);
    expect(
      (
        await call('PUT', `${productsOf(store)}/updateAutoSyncStock`, token, {
          all: true,
          auto_sync_stock: false,
        })
      ).body,
    ).toEqual({
      data: { updated: 4 },
    });
    expect((await call('DELETE', productsOf(store), token, { all: true })).body).toEqual({
      data: { deleted: 4 },
    });
  });

  it("groups one stock change's entries into one line of the company's activity", async () => {
    const scope = await server.services.scopes.resolve(token, { clientIp: '127.0.0.1', via: 'web' });
    await server.services.products.upsertMany(
      scope,
      store.id,
      [
        { sku: 'CUP-1', title: 'Cup one', type: 'product', quantity: 4 },
        { sku: 'CUP-2', title: 'Cup two', type: 'product', quantity: 5 },
      ],
      { reason: 'import', sourceRef: 'cups.csv' },
    );
    const listed = await call('GET', '/activities?event[eq]=product.stock_updated&per_page=5', token);
    const [latest] = listed.body.data as { change: { id: string; count: number } | null }[];
    expect(latest!.change).toEqual({ id: expect.any(String), count: 2 });
    const entries = await call('GET', `/activities?change_id[eq]=${latest!.change!.id}`, token);
    expect((entries.body.data as { new: { sku: string } }[]).map((entry) => entry.new.sku).sort()).toEqual([
      'CUP-1',
      'CUP-2',
    ]);
  });
});
