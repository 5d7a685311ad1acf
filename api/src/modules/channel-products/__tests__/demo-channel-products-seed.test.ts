import { randomUUID } from 'node:crypto';
import { channelQuantity } from '@syncdesk/contracts';
import { migrate } from '../../../db/migrate';
import { defineModels, type Models } from '../../../db/models';
import { seedDemo } from '../../../db/seed/demo-seed';
import { seedDemoChannelProducts } from '../../../db/seed/demo-channel-products-seed';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';

const ACCOUNTS = {
  admin: { email: 'admin@seed.test', password: 'seed-password-1' },
  seller: { email: 'seller@seed.test', password: 'seed-password-1' },
  other: { email: 'other@seed.test', password: 'seed-password-1' },
};

describe('demo Shopify listings', () => {
  let database: TestDatabase;
  let models: Models;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'demo_listings');
    await migrate(database.sequelize);
    models = defineModels(database.sequelize);
    await seedDemo(database.sequelize, models, ACCOUNTS);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('lists most of the catalogue matched by SKU, some shop-only listings, and shows buffer and cap', async () => {
    const channel = (await models.Channel.findOne({ where: { kind: 'channel', type: 'shopify' } }))!;
    expect(channel.settings).toMatchObject({
      auto_sync_stock: true,
      use_low_stock_buffer: true,
      low_stock_buffer: 2,
      use_max_stock_level: true,
      max_stock_level: 100,
    });
    const store = (await models.Store.findByPk(channel.store_id))!;
    // The catalogue as the demo seed leaves it, plus enough products to fill the channel.
    const existing = await models.Product.count({ where: { store_id: store.id } });
    for (let index = existing; index < 200; index += 1) {
      await models.Product.create({
        uuid: randomUUID(),
        company_id: store.company_id,
        store_id: store.id,
        sku: `SEED-${index}`,
        title: `Seed product ${index}`,
        quantity: index * 3,
        nominal_code: null,
        barcode: null,
        price: '9.99',
      });
    }
    await models.ChannelProduct.destroy({ where: { channel_id: channel.id } });
    await database.sequelize.transaction((transaction) =>
      seedDemoChannelProducts(models, store, transaction),
    );

    const listings = await models.ChannelProduct.findAll({ where: { channel_id: channel.id } });
    expect(listings).toHaveLength(150);
    const matched = listings.filter((listing) => listing.product_id !== null);
    expect(matched.length).toBeGreaterThan(120);
    const products = new Map(
      (await models.Product.findAll({ where: { store_id: store.id } })).map((product) => [
        product.id,
        product,
      ]),
    );
    for (const listing of matched) expect(listing.matched_sku).toBe(products.get(listing.product_id!)!.sku);
    const unmatched = listings.filter((listing) => listing.product_id === null);
    expect(unmatched.length).toBeGreaterThan(5);
    const skus = new Set([...products.values()].map((product) => product.sku));
    for (const listing of unmatched) expect(skus.has(listing.sku!)).toBe(false);
    expect(listings.some((listing) => listing.listing_status === 1)).toBe(true);
    expect(listings.some((listing) => listing.listing_status === 2)).toBe(true);
    expect(listings.some((listing) => listing.sync_status === 4)).toBe(true);

    // A synced listing was pushed exactly what the stock rules give it (buffer 2, cap 100).
    const synced = matched.filter(
      (listing) => listing.sync_status === 2 && products.get(listing.product_id!)!.type === 'product',
    );
    expect(synced.length).toBeGreaterThan(0);
    for (const listing of synced) {
      const product = products.get(listing.product_id!)!;
      expect(listing.pushed_quantity).toBe(
        channelQuantity(product.quantity, channel.settings, product.auto_sync_stock).quantity,
      );
    }
    expect(synced.some((listing) => listing.pushed_quantity === 100)).toBe(true);
  });
});
