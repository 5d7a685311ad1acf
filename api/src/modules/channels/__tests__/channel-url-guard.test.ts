import { insertChannelRow } from '../../../testing/channel-fixtures';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

// Address literals on public ranges: the guard accepts them without DNS. Nothing is ever called.
const PUBLIC_URL = 'https://93.184.216.34/shop';
const SHOP_URL_REFUSED = 'The Shop URL must be a public internet address.';
const STORE_URL_REFUSED = 'The Store URL must be a public internet address.';

describe('channel shop and API urls go through the outbound url guard (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'channel-urls');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    token = await alpha.tokenFor(alpha.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const storeId = () => alpha.stores[0]!.id;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await server.request(method, `/api/stores/${storeId()}${path}`, { token, body });
    return { status: response.status, body: await readJson(response) };
  };
  const wooBody = (url: string) => ({ name: 'Woo', url, api_key: 'ck_key', api_secret: 'cs_secret' });

  const bodies: Record<string, (url: string) => Record<string, unknown>> = {
    shopify: (url) => ({ name: 'Shopify', shop_url: url }),
    'mirakl-decathlon': (url) => ({ name: 'Decathlon', shop_url: url, api_key: 'mirakl-key' }),
    woocommerce: wooBody,
  };

  it.each([
    ['shopify', 'http://[::127.0.0.1]/', { shop_url: [SHOP_URL_REFUSED] }],
    ['shopify', 'http://169.254.169.254/', { shop_url: [SHOP_URL_REFUSED] }],
    ['mirakl-decathlon', 'http://10.0.0.5', { shop_url: [SHOP_URL_REFUSED] }],
    ['woocommerce', 'http://[::127.0.0.1]/', { url: [STORE_URL_REFUSED] }],
    ['woocommerce', 'http://169.254.169.254/latest/meta-data', { url: [STORE_URL_REFUSED] }],
    // `.invalid` never resolves (RFC 6761).
    ['woocommerce', 'https://shop.syncdesk.invalid', { url: ['The Store URL host could not be resolved.'] }],
  ])('refuses creating a %s channel at %s, naming the field by its label', async (type, url, errors) => {
    const before = await server.services.models.Channel.count();
    const refused = await call('POST', `/channels/${type}`, bodies[type]!(url));
    expect(refused).toMatchObject({ status: 422, body: { errors } });
    expect(await server.services.models.Channel.count()).toBe(before);
  });

  it('accepts a public address on create and update, and refuses a private one on update', async () => {
    const created = await call('POST', '/channels/shopify', { name: 'Shopify', shop_url: PUBLIC_URL });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;

    for (const shopUrl of ['http://169.254.169.254/', 'http://[::127.0.0.1]/', 'http://[::ffff:10.0.0.1]/']) {
      const refused = await call('PUT', `/channels/${id}`, { shop_url: shopUrl });
      expect(refused).toMatchObject({ status: 422, body: { errors: { shop_url: [SHOP_URL_REFUSED] } } });
    }
    expect((await server.services.models.Channel.findByPk(id))!.settings).toMatchObject({
      shop_url: PUBLIC_URL,
    });

    const moved = await call('PUT', `/channels/${id}`, { shop_url: 'https://1.1.1.1/shop' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.settings.shop_url).toBe('https://1.1.1.1/shop');

    const woo = await call('POST', '/channels/woocommerce', wooBody('http://8.8.8.8'));
    expect(woo.status).toBe(201);
  });

  it('checks an address whenever a body sends it, and leaves a saved one alone otherwise', async () => {
    // Saved before the guard existed.
    const row = await insertChannelRow(server.services, alpha.stores[0]!, {
      name: 'Legacy Shopify',
      settings: { shop_url: 'http://10.0.0.5' },
    });
    const renamed = await call('PUT', `/channels/${row.id}`, { name: 'Legacy renamed' });
    expect(renamed.status).toBe(200);
    const resent = await call('PUT', `/channels/${row.id}`, { name: 'Legacy', shop_url: 'http://10.0.0.5' });
    expect(resent).toMatchObject({ status: 422, body: { errors: { shop_url: [SHOP_URL_REFUSED] } } });
  });
});
