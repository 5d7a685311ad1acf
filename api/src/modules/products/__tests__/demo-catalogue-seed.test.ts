import { Op } from 'sequelize';
import { migrate } from '../../../db/migrate';
import { defineModels, type Models } from '../../../db/models';
import { seedDemo } from '../../../db/seed/demo-seed';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { availabilityOf } from '../product-availability';

const ACCOUNTS = {
  admin: { email: 'admin@catalogue-seed.test', password: 'seed-password-1' },
  seller: { email: 'seller@catalogue-seed.test', password: 'seed-password-1' },
  other: { email: 'other@catalogue-seed.test', password: 'seed-password-1' },
};

describe('demo catalogue', () => {
  let database: TestDatabase;
  let models: Models;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'demo_catalogue');
    await migrate(database.sequelize);
    models = defineModels(database.sequelize);
    await seedDemo(database.sequelize, models, ACCOUNTS);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("gives the seller's first store about 200 products and gift kits, every unit explained by the ledger", async () => {
    const store = (await models.Store.findOne({ where: { name: 'Acme UK' } }))!;
    const products = await models.Product.findAll({ where: { store_id: store.id }, order: [['id', 'ASC']] });
    const kits = products.filter((product) => product.type === 'kit');
    expect(products.length).toBeGreaterThanOrEqual(190);
    expect(products.length).toBeLessThanOrEqual(210);
    expect(kits.length).toBeGreaterThanOrEqual(5);
    expect(new Set(products.map((product) => product.sku)).size).toBe(products.length);
    expect(
      products.filter((product) => product.type === 'product' && product.quantity === 0).length,
    ).toBeGreaterThan(3);
    expect(
      products.filter((product) => product.quantity < 0).map((product) => [product.sku, product.quantity]),
    ).toEqual([['MUG-STW-350-TER', -2]]);
    expect(kits.every((kit) => kit.quantity === 0)).toBe(true);

    const sums = (await models.StockMovement.findAll({
      where: { store_id: store.id },
      attributes: ['product_id', [database.sequelize.fn('SUM', database.sequelize.col('delta')), 'total']],
      group: ['product_id'],
      raw: true,
    })) as unknown as { product_id: number; total: number }[];
    const ledger = new Map(sums.map((row) => [row.product_id, Number(row.total)]));
    for (const product of products)
      expect([product.sku, ledger.get(product.id) ?? 0]).toEqual([product.sku, product.quantity]);
    expect(
      await models.Activity.count({
        where: { event: 'product.stock_updated', subject_id: { [Op.in]: [...ledger.keys()] } },
      }),
    ).toBe(await models.StockMovement.count({ where: { store_id: store.id } }));

    const available = await availabilityOf(
      models,
      kits.map((kit) => kit.id),
    );
    const figure = (sku: string) => available.get(kits.find((kit) => kit.sku === sku)!.id);
    // A component sold out: the kit can't be built.
    expect(figure('KIT-COFFEE-DUO')).toBe(0);
    expect(figure('KIT-TEA-LOVER')).toBeGreaterThan(0);
    expect(
      await models.KitItem.count({ where: { kit_product_id: kits.map((kit) => kit.id) } }),
    ).toBeGreaterThanOrEqual(20);
  });
});
