import { seedDemo } from '../../../db/seed/demo-seed';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe('demo connections (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'demo');
    server = await startTestProcess(database.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("gives the seller's Acme UK store a Shopify channel and a default plugin", async () => {
    const seller = { email: 'seller@demo.test', password: 'demo-seller-1' };
    await seedDemo(server.services.sequelize, server.services.models, {
      admin: { email: 'admin@demo.test', password: 'demo-admin-1' },
      seller,
      other: { email: 'other@demo.test', password: 'demo-other-1' },
    });
    const store = await server.services.models.Store.findOne({ where: { name: 'Acme UK' } });
    const user = await server.services.models.User.findOne({ where: { email: seller.email } });
    const { token } = await server.services.tokens.sign({ userId: user!.id, companyId: store!.company_id });
    const channels = await readJson(
      await server.request('GET', `/api/stores/${store!.id}/channels`, { token }),
    );
    expect(channels.data).toEqual([
      expect.objectContaining({ name: 'Acme Shopify', type: 'shopify', is_active: false }),
    ]);
    const plugins = await readJson(
      await server.request('GET', `/api/stores/${store!.id}/plugins`, { token }),
    );
    expect(plugins.data).toEqual([expect.objectContaining({ type: 'shipbob', is_default: true })]);
  });
});
