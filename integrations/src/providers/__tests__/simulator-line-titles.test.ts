import type { MiraklSimulator } from '../mirakl/simulator';
import { connectionTo, connectorFor, startSimulator } from '../../testing/mirakl-test-kit';
import { createShopifyConnector } from '../shopify/shopify.connector';
import type { ShopifySimulator } from '../shopify/simulator';
import { contextFor, shopifyConnection, startTestShop } from '../../testing/shopify-test-kit';

const TITLES = { 'MUG-RED': 'Red enamel mug', 'TEA-EB-100': 'English breakfast tea, 100 g' };

/**
 * The demo's simulators sell the catalogue's products under their own titles: an imported order
 * line reads "Red enamel mug", as a real shop's or marketplace's would, never "Product MUG-RED".
 */
describe('simulator order lines carry the product title', () => {
  let shop: ShopifySimulator;
  let marketplace: MiraklSimulator;

  beforeAll(async () => {
    shop = await startTestShop({ skus: Object.keys(TITLES), titles: TITLES });
    marketplace = await startSimulator({ skus: Object.keys(TITLES), titles: TITLES });
  });
  afterAll(async () => {
    await shop?.close();
    await marketplace?.close();
  });

  it('Shopify: each line is titled as its product, read through our connector', async () => {
    const created = shop.state.createOrder({
      lines: [
        { sku: 'MUG-RED', quantity: 1 },
        { sku: 'TEA-EB-100', quantity: 2 },
      ],
    });
    const connector = createShopifyConnector(contextFor(shopifyConnection(shop.url)).context);
    const [order] = await connector.getOrders!([String(created.id)]);
    expect(order!.lines.map((line) => [line.sku, line.title])).toEqual([
      ['MUG-RED', 'Red enamel mug'],
      ['TEA-EB-100', 'English breakfast tea, 100 g'],
    ]);
  });

  it('Mirakl: traffic orders name their offers’ products, read through our connector', async () => {
    // The demo traffic's orders: lines picked by the simulator, no title given.
    const created = marketplace.state.createOrder();
    const { connector } = connectorFor(connectionTo(marketplace));
    const [order] = await connector.getOrders!([created.order_id]);
    expect(order!.lines.length).toBeGreaterThan(0);
    for (const line of order!.lines) expect(line.title).toBe(TITLES[line.sku as keyof typeof TITLES]);
  });
});
