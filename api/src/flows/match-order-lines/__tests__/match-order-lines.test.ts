import { randomUUID } from 'node:crypto';
import type { Store } from '../../../db/models';
import { orderOf } from '../../../testing/order-import-kit';
import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { matchOrderLines } from '../match-order-lines.flow';

/**
 * Unknown SKUs: a line stored unmatched takes its stock when the product appears, once, however
 * the product appears and however often the order comes back.
 */
describe.each(TEST_DIALECTS)('matching order lines whose SKU was unknown (%s)', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let company: CompanyFixture;
  let store: Store;
  let token: string;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'match_lines');
    server = await startTestProcess(database.url, { APP_ROLE: 'api' });
    company = await createCompany(server.services, { name: 'Lateco', stores: ['Lateco UK'] });
    store = company.stores[0]!;
    token = await company.tokenFor(company.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const deducting = () =>
    insertChannelRow(server.services, store, {
      name: `Shop ${++sequence}`,
      settings: { deduct_stock_via_orders: true },
    });
  const quantityOf = async (id: number) => (await server.services.models.Product.findByPk(id))!.quantity;
  const lineOf = async (orderId: number) =>
    (await server.services.models.OrderItem.findOne({ where: { order_id: orderId } }))!;
  const orderMovements = (productId: number) =>
    server.services.models.StockMovement.count({ where: { product_id: productId, reason: 'order' } });

  async function createProduct(sku: string, quantity: number): Promise<number> {
    const response = await server.request('POST', `/api/products/${store.id}/create`, {
      token,
      body: { sku, title: `Product ${sku}`, type: 'product', quantity },
    });
    expect(response.status).toBe(201);
    return ((await readJson(response)) as { data: { id: number } }).data.id;
  }

  it('takes the stock of a line once its product is created, and never again', async () => {
    const channel = await deducting();
    const sku = `LATE-${dialect}-${++sequence}`;
    const order = orderOf(`O-${sequence}`, [{ sku, quantity: 2, remote_id: 'L1' }]);
    const [orderId] = (await server.services.orderImport.importBatch(channel.id, [order])).orderIds as [
      number,
    ];
    expect(await lineOf(orderId)).toMatchObject({ product_id: null, matched_sku: null });

    const productId = await createProduct(sku, 10);
    expect(await lineOf(orderId)).toMatchObject({ product_id: productId, matched_sku: sku });
    expect(await quantityOf(productId)).toBe(8);

    // Asked again, and the order downloaded again (changed and unchanged): still one deduction.
    expect(await matchOrderLines(server.services, store.id, [{ sku, productId }])).toBe(0);
    await server.services.orderImport.importBatch(channel.id, [order]);
    await server.services.orderImport.importBatch(channel.id, [{ ...order, total: '99.00' }]);
    expect(await quantityOf(productId)).toBe(8);
    expect(await orderMovements(productId)).toBe(1);
  });

  it('matches without taking stock for a cancelled order or a channel that does not deduct', async () => {
    const channel = await deducting();
    const quiet = await insertChannelRow(server.services, store, { name: `Quiet ${++sequence}` });
    const sku = `CXL-${dialect}-${sequence}`;
    const [cancelled] = (
      await server.services.orderImport.importBatch(channel.id, [
        orderOf(`C-${sequence}`, [{ sku, quantity: 1 }], { status: 'Cancelled' }),
      ])
    ).orderIds as [number];
    const [notDeducting] = (
      await server.services.orderImport.importBatch(quiet.id, [
        orderOf(`Q-${sequence}`, [{ sku, quantity: 3 }]),
      ])
    ).orderIds as [number];
    const productId = await createProduct(sku, 5);
    expect((await lineOf(cancelled)).product_id).toBe(productId);
    expect((await lineOf(notDeducting)).product_id).toBe(productId);
    expect(await quantityOf(productId)).toBe(5);
  });

  it('a listing matched by hand matches that channel’s lines with the listing’s SKU', async () => {
    const channel = await deducting();
    const shopSku = `SHOP-${dialect}-${++sequence}`;
    const productId = await createProduct(`REAL-${dialect}-${sequence}`, 7);
    const [orderId] = (
      await server.services.orderImport.importBatch(channel.id, [
        orderOf(`S-${sequence}`, [{ sku: shopSku, quantity: 3 }]),
      ])
    ).orderIds as [number];
    const listing = await server.services.models.ChannelProduct.create({
      uuid: randomUUID(),
      company_id: store.company_id,
      store_id: store.id,
      channel_id: channel.id,
      channel_product_id: `LISTING-${sequence}`,
      sku: shopSku,
      remote_sku: null,
      title: null,
      quantity: null,
      price: null,
      product_id: null,
      matched_sku: null,
    });
    const response = await server.request(
      'PUT',
      `/api/stores/${store.id}/channels/${channel.id}/products/${listing.id}`,
      { token, body: { matched_sku: `REAL-${dialect}-${sequence}` } },
    );
    expect(response.status).toBe(200);
    expect(await lineOf(orderId)).toMatchObject({
      product_id: productId,
      matched_sku: `REAL-${dialect}-${sequence}`,
    });
    expect(await quantityOf(productId)).toBe(4);

    // Downloaded again with a changed quantity: the import matches through the listing too, so the
    // line keeps its product and only the difference moves stock.
    await server.services.orderImport.importBatch(channel.id, [
      orderOf(`S-${sequence}`, [{ sku: shopSku, quantity: 5 }]),
    ]);
    expect(await lineOf(orderId)).toMatchObject({
      product_id: productId,
      matched_sku: `REAL-${dialect}-${sequence}`,
    });
    expect(await quantityOf(productId)).toBe(2);
  });
});
