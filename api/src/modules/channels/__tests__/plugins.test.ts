import { ERROR_MESSAGES } from '@syncdesk/contracts';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe('plugins (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'plugins');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha UK', 'Alpha EU'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };
  const base = () => `/stores/${alpha.stores[0]!.id}/plugins`;
  const createShipStation = async (name: string, extra: Record<string, unknown> = {}) => {
    const created = await call('POST', `${base()}/shipstation`, alphaToken, {
      name,
      api_key: 'ss-key',
      api_secret: 'ss-secret-value',
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body.data as { id: number; is_default: boolean };
  };
  const defaults = async () =>
    (await call('GET', `${base()}?is_default[eq]=true`, alphaToken)).body.data.map(
      (plugin: { name: string }) => plugin.name,
    );

  it('creates, shows, lists and updates a plugin without ever returning its secrets', async () => {
    const created = await call('POST', `${base()}/shipstation`, alphaToken, {
      name: 'ShipStation',
      api_key: 'ss-key',
      api_secret: 'ss-secret-value',
      get_orders: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      kind: 'plugin',
      provider: 'ShipStation',
      category: 'WMS',
      is_active: false,
      is_default: false,
      credentials_set: ['api_key', 'api_secret'],
      settings: { name: 'ShipStation', is_default: false },
    });
    // Plugins have no common channel settings.
    expect(created.body.data.settings).not.toHaveProperty('get_orders');
    expect(JSON.stringify(created.body)).not.toContain('ss-secret-value');
    const id = created.body.data.id as number;

    const shown = await call('GET', `${base()}/${id}`, alphaToken);
    expect(shown.body.data).toMatchObject({ id, name: 'ShipStation' });
    const listed = await call('GET', `${base()}?search=shipst`, alphaToken);
    expect(listed.body.meta.total).toBe(1);

    const updated = await call('PUT', `${base()}/${id}`, alphaToken, {
      name: 'ShipStation EU',
      api_secret: '',
    });
    expect(updated.body.data).toMatchObject({
      name: 'ShipStation EU',
      credentials_set: ['api_key', 'api_secret'],
    });

    const missing = await call('POST', `${base()}/peoplevox`, alphaToken, {
      name: 'Peoplevox',
      api_key: 'k',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ api_secret: ['The API secret field is required.'] });
  });

  it('refuses channel types on the plugin routes and plugin types on the channel routes', async () => {
    expect((await call('POST', `${base()}/shopify`, alphaToken, { name: 'x' })).status).toBe(404);
    expect(
      (await call('POST', `/stores/${alpha.stores[0]!.id}/channels/shipbob`, alphaToken, { name: 'x' }))
        .status,
    ).toBe(404);
    const channel = await call('POST', `/stores/${alpha.stores[0]!.id}/channels/tiktok`, alphaToken, {
      name: 'TikTok',
      market: 'uk',
    });
    // A channel's id on the plugin routes is not a plugin.
    expect((await call('GET', `${base()}/${channel.body.data.id}`, alphaToken)).status).toBe(404);
  });

  it('keeps one default plugin per store', async () => {
    const first = await createShipStation('First default', { is_default: true });
    expect(first.is_default).toBe(true);
    const second = await createShipStation('Second default', { is_default: true });
    expect(second.is_default).toBe(true);
    expect(await defaults()).toEqual(['Second default']);

    const made = await call('PUT', `${base()}/${first.id}/default`, alphaToken, { is_default: true });
    expect(made.body.data.is_default).toBe(true);
    expect(await defaults()).toEqual(['First default']);

    // Through the settings form too.
    await call('PUT', `${base()}/${second.id}`, alphaToken, { is_default: true });
    expect(await defaults()).toEqual(['Second default']);

    // Another store's default is untouched.
    const other = await call('POST', `/stores/${alpha.stores[1]!.id}/plugins/shipbob`, alphaToken, {
      name: 'Other store default',
      is_default: true,
    });
    expect(other.body.data.is_default).toBe(true);
    expect(await defaults()).toEqual(['Second default']);

    const cleared = await call('PUT', `${base()}/${second.id}/default`, alphaToken, { is_default: false });
    expect(cleared.body.data.is_default).toBe(false);
    expect(await defaults()).toEqual([]);
    expect((await call('PUT', `${base()}/${second.id}/default`, alphaToken, {})).status).toBe(422);
  });

  it('refuses deleting an active plugin with the spec text', async () => {
    const plugin = await createShipStation('Delete me');
    const path = `${base()}/${plugin.id}`;
    await call('PUT', `${path}/status`, alphaToken, { is_active: true });
    const refused = await call('DELETE', path, alphaToken);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(ERROR_MESSAGES.cannotDeleteActivePlugin);
    await call('PUT', `${path}/status`, alphaToken, { is_active: false });
    expect((await call('DELETE', path, alphaToken)).status).toBe(204);
  });

  it("keeps another company's plugins out of reach, and counts plugins on the company", async () => {
    const plugin = await createShipStation('Private plugin');
    const path = `${base()}/${plugin.id}`;
    for (const [method, target, body] of [
      ['GET', path, undefined],
      ['PUT', path, { name: 'Taken' }],
      ['PUT', `${path}/default`, { is_default: true }],
      ['PUT', `${path}/status`, { is_active: true }],
      ['DELETE', path, undefined],
    ] as const) {
      expect((await call(method, target, betaToken, body)).status).toBe(404);
    }
    const plugins = await server.services.models.Channel.count({
      where: { company_id: alpha.company.id, kind: 'plugin' },
    });
    const company = await call('GET', `/companies/${alpha.company.id}`, alphaToken);
    expect(company.body.data.plugins_count).toBe(plugins);
    expect((await call('GET', `/companies/${beta.company.id}`, betaToken)).body.data.plugins_count).toBe(0);
  });
});
