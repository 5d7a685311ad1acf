import { ERROR_MESSAGES } from '@syncdesk/contracts';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe('accounting channels (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let gamma: CompanyFixture;
  let alphaToken: string;
  let gammaToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'accounting');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK'] });
    gamma = await createCompany(server.services, { name: 'Gamma', stores: ['Gamma Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    gammaToken = await gamma.tokenFor(gamma.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };
  const base = () => `/stores/${alpha.stores[0]!.id}/accountingChannels`;

  it('creates, updates, switches and deletes an accounting channel', async () => {
    const created = await call('POST', `${base()}/e-logo`, alphaToken, {
      name: 'e-Logo',
      account_nominal_code: '7000',
      username: 'user-code',
      password: 'logo-password',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      kind: 'accounting',
      provider: 'e-Logo',
      category: 'Accounting',
      account_nominal_code: '7000',
      is_active: false,
      credentials_set: ['username', 'password'],
      settings: { account_nominal_code: '7000', get_orders: true },
    });
    expect(JSON.stringify(created.body)).not.toContain('logo-password');
    const id = created.body.data.id as number;

    const xero = await call('POST', `${base()}/xero`, alphaToken, { name: 'Xero' });
    expect(xero.body.data).toMatchObject({ auth_type: 'oauth', credentials_set: [] });

    const listed = await call('GET', `${base()}?sort_by=name&sort_direction=asc`, alphaToken);
    expect(listed.body.data.map((channel: { name: string }) => channel.name)).toEqual(['e-Logo', 'Xero']);
    // Accounting channels are not sales channels.
    expect((await call('GET', `/stores/${alpha.stores[0]!.id}/channels`, alphaToken)).body.meta.total).toBe(
      0,
    );
    expect((await call('GET', `/stores/${alpha.stores[0]!.id}/channels/${id}`, alphaToken)).status).toBe(404);

    const updated = await call('PUT', `${base()}/${id}`, alphaToken, {
      account_nominal_code: null,
      password: '',
    });
    expect(updated.body.data).toMatchObject({
      account_nominal_code: null,
      credentials_set: ['username', 'password'],
    });

    await call('PUT', `${base()}/${id}/status`, alphaToken, { is_active: true });
    const refused = await call('DELETE', `${base()}/${id}`, alphaToken);
    expect(refused).toMatchObject({
      status: 422,
      body: { message: ERROR_MESSAGES.cannotDeleteActiveChannel },
    });
    await call('PUT', `${base()}/${id}/status`, alphaToken, { is_active: false });
    expect((await call('DELETE', `${base()}/${id}`, alphaToken)).status).toBe(204);
    expect((await call('GET', `${base()}/${id}`, alphaToken)).status).toBe(404);
  });

  it('refuses sales-channel and plugin types', async () => {
    for (const type of ['shopify', 'shipstation', 'unknown']) {
      expect((await call('POST', `${base()}/${type}`, alphaToken, { name: 'x' })).status).toBe(404);
    }
  });

  it('lets a company a store was shared with work on its connections, but not move them to its own stores', async () => {
    const shared = alpha.stores[0]!;
    const path = `/stores/${shared.id}/accountingChannels`;
    expect((await call('GET', path, gammaToken)).status).toBe(404);

    await server.services.models.StoreShare.create({ store_id: shared.id, company_id: gamma.company.id });
    const created = await call('POST', `${path}/sage`, gammaToken, { name: 'Sage shared' });
    expect(created.status).toBe(201);
    // The connection belongs to the store, so to the store's company.
    expect(created.body.data.company_id).toBe(alpha.company.id);
    expect((await call('GET', path, gammaToken)).body.data.map((c: { name: string }) => c.name)).toContain(
      'Sage shared',
    );

    const channel = await call('POST', `/stores/${shared.id}/channels/tiktok`, gammaToken, {
      name: 'Shared TikTok',
      market: 'uk',
    });
    const migrated = await call(
      'PUT',
      `/stores/${shared.id}/channels/${channel.body.data.id}/migrate`,
      gammaToken,
      {
        store_id: gamma.stores[0]!.id,
      },
    );
    expect(migrated.status).toBe(404);
    // Only the company's own stores appear in its company-wide list.
    const companyList = await call('GET', '/companies/channels', gammaToken);
    expect(companyList.body.meta.total).toBe(0);
  });
});
