import { WEBHOOK_AUTH_VALUE_REQUIRED, WEBHOOK_URL_MESSAGES } from '@syncdesk/contracts';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';

// Address literals on public ranges: the guard accepts them without DNS. Nothing is ever sent.
const PUBLIC_URL = 'https://93.184.216.34/hooks/orders';
const SECRET = 'Bearer s3cr3t-webhook-token';

const hookBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'ERP orders',
  event: 'orders.received',
  method: 'POST',
  url: PUBLIC_URL,
  requires_auth: false,
  is_active: true,
  ...overrides,
});

async function openServer(dialect: 'mysql' | 'sqlite', environment: Record<string, string> = {}) {
  const database = await createTestDatabase(dialect, 'webhooks');
  const server = await startTestProcess(database.url, environment);
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : null };
  };
  return { database, server, call };
}

describe('webhooks (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let call: Awaited<ReturnType<typeof openServer>>['call'];
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;
  let storeId: number;

  beforeAll(async () => {
    ({ database, server, call } = await openServer('mysql'));
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main', 'Alpha Outlet'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Main'] });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    storeId = alpha.stores[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const create = async (overrides: Record<string, unknown> = {}) => {
    const created = await call('POST', `/stores/${storeId}/webhooks`, alphaToken, hookBody(overrides));
    expect(created.status).toBe(201);
    return created.body.data as { id: number; uuid: string };
  };

  it('creates, shows, lists, updates, toggles and deletes a webhook, with activities', async () => {
    const created = await call(
      'POST',
      `/stores/${storeId}/webhooks`,
      alphaToken,
      hookBody({ requires_auth: true, auth_header_value: SECRET }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'ERP orders',
      event: 'orders.received',
      method: 'POST',
      url: PUBLIC_URL,
      requires_auth: true,
      auth_header_name: 'Authorization',
      has_auth_secret: true,
      is_active: true,
      store_id: storeId,
      company_id: alpha.company.id,
    });
    expect(created.text).not.toContain('s3cr3t');
    const id = created.body.data.id as number;

    const shown = await call('GET', `/stores/${storeId}/webhooks/${id}`, alphaToken);
    expect(shown.body.data).toMatchObject({ id, has_auth_secret: true });
    expect(shown.text).not.toContain('s3cr3t');

    await create({ name: 'Stock feed', event: 'products.updated', method: 'PUT', is_active: false });
    const searched = await call('GET', `/stores/${storeId}/webhooks?search=erp`, alphaToken);
    expect(searched.body).toMatchObject({ meta: { total: 1 }, data: [{ id }] });
    const byEvent = await call('GET', `/stores/${storeId}/webhooks?event[eq]=products.updated`, alphaToken);
    expect(byEvent.body.data.map((hook: { name: string }) => hook.name)).toEqual(['Stock feed']);
    const inactive = await call('GET', `/stores/${storeId}/webhooks?is_active[eq]=false`, alphaToken);
    expect(inactive.body.data.map((hook: { name: string }) => hook.name)).toEqual(['Stock feed']);
    const other = await call('GET', `/stores/${alpha.stores[1]!.id}/webhooks`, alphaToken);
    expect(other.body).toMatchObject({ data: [], meta: { total: 0 } });

    // An update without a header value keeps the saved secret.
    const renamed = await call('PUT', `/stores/${storeId}/webhooks/${id}`, alphaToken, {
      ...hookBody({ name: 'ERP orders v2', requires_auth: true, auth_header_name: 'X-Api-Key' }),
      auth_header_value: '',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'ERP orders v2',
      auth_header_name: 'X-Api-Key',
      has_auth_secret: true,
    });
    const row = await server.services.models.Webhook.findByPk(id);
    expect(server.services.credentials.decrypt(row!.auth_secret!, row!.uuid)).toBe(SECRET);

    const paused = await call('PUT', `/stores/${storeId}/webhooks/${id}/status`, alphaToken, {
      is_active: false,
    });
    expect(paused.body.data.is_active).toBe(false);
    const badStatus = await call('PUT', `/stores/${storeId}/webhooks/${id}/status`, alphaToken, {
      is_active: 'no',
    });
    expect(badStatus).toMatchObject({
      status: 422,
      body: { errors: { is_active: ['The is active field must be true or false.'] } },
    });

    // Turning auth off forgets the secret.
    const open = await call('PUT', `/stores/${storeId}/webhooks/${id}`, alphaToken, { requires_auth: false });
    expect(open.body.data).toMatchObject({
      requires_auth: false,
      auth_header_name: null,
      has_auth_secret: false,
    });
    expect((await server.services.models.Webhook.findByPk(id))!.auth_secret).toBeNull();

    expect((await call('DELETE', `/stores/${storeId}/webhooks/${id}`, alphaToken)).status).toBe(204);
    expect((await call('GET', `/stores/${storeId}/webhooks/${id}`, alphaToken)).status).toBe(404);

    const activities = await server.services.models.Activity.findAll({
      where: { subject_type: 'webhook', subject_id: id },
      order: [['id', 'ASC']],
    });
    expect(activities.map((activity) => activity.event)).toEqual([
      'webhook.created',
      'webhook.updated',
      'webhook.status_updated',
      'webhook.updated',
      'webhook.deleted',
    ]);
    expect(activities[1]!.new_values).toMatchObject({ name: 'ERP orders v2', auth_header_name: 'X-Api-Key' });
    expect(JSON.stringify(activities.map((activity) => activity.toJSON()))).not.toContain('s3cr3t');
  });

  it('keeps the auth secret encrypted, bound to the webhook', async () => {
    const { id } = await create({ requires_auth: true, auth_header_value: SECRET });
    const row = await server.services.models.Webhook.findByPk(id);
    expect(row!.auth_secret).toMatch(/^v1:/);
    expect(row!.auth_secret).not.toContain('s3cr3t');
    expect(server.services.credentials.decrypt(row!.auth_secret!, row!.uuid)).toBe(SECRET);
    expect(() => server.services.credentials.decrypt(row!.auth_secret!, 'another-uuid')).toThrow();

    const replaced = await call('PUT', `/stores/${storeId}/webhooks/${id}`, alphaToken, {
      auth_header_value: 'Bearer rotated',
    });
    expect(replaced.text).not.toContain('rotated');
    const rotated = await server.services.models.Webhook.findByPk(id);
    expect(server.services.credentials.decrypt(rotated!.auth_secret!, rotated!.uuid)).toBe('Bearer rotated');
  });

  it('answers 422 with field messages for bad bodies', async () => {
    const invalid = await call('POST', `/stores/${storeId}/webhooks`, alphaToken, {
      name: ' ',
      event: 'orders.deleted',
      method: 'HEAD',
      url: 'ftp://93.184.216.34/drop',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: ['The name field is required.'],
      event: ['The selected event is invalid.'],
      method: ['The selected method is invalid.'],
      url: [WEBHOOK_URL_MESSAGES.scheme],
    });

    const noSecret = await call(
      'POST',
      `/stores/${storeId}/webhooks`,
      alphaToken,
      hookBody({ requires_auth: true }),
    );
    expect(noSecret.body.errors).toEqual({ auth_header_value: [WEBHOOK_AUTH_VALUE_REQUIRED] });
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.5/hook',
    'http://[::1]/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://0x7f000001/hook',
    'http://localhost:3000/hook',
  ])('refuses %s as a private target', async (url) => {
    const refused = await call('POST', `/stores/${storeId}/webhooks`, alphaToken, hookBody({ url }));
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: { url: [WEBHOOK_URL_MESSAGES.privateTarget] } },
    });
  });

  it('refuses a private url on update and a host that does not resolve', async () => {
    const { id } = await create();
    const refused = await call('PUT', `/stores/${storeId}/webhooks/${id}`, alphaToken, {
      url: 'http://192.168.0.10/hook',
    });
    expect(refused.body.errors).toEqual({ url: [WEBHOOK_URL_MESSAGES.privateTarget] });
    expect((await server.services.models.Webhook.findByPk(id))!.url).toBe(PUBLIC_URL);
    // `.invalid` never resolves (RFC 6761).
    const unresolved = await call('POST', `/stores/${storeId}/webhooks`, alphaToken, {
      ...hookBody({ url: 'https://hooks.syncdesk.invalid/orders' }),
    });
    expect(unresolved.body.errors).toEqual({ url: [WEBHOOK_URL_MESSAGES.unresolved] });
  });

  it("answers 404 for another company's store or webhook, and for a webhook of another store", async () => {
    const { id } = await create({ name: 'Alpha secret hook' });
    for (const [method, path, body] of [
      ['GET', `/stores/${storeId}/webhooks`],
      ['POST', `/stores/${storeId}/webhooks`, hookBody()],
      ['GET', `/stores/${storeId}/webhooks/${id}`],
      ['PUT', `/stores/${storeId}/webhooks/${id}`, { name: 'Taken' }],
      ['PUT', `/stores/${storeId}/webhooks/${id}/status`, { is_active: false }],
      ['DELETE', `/stores/${storeId}/webhooks/${id}`],
      // Beta's own store with Alpha's webhook id.
      ['GET', `/stores/${beta.stores[0]!.id}/webhooks/${id}`],
    ] as const) {
      const response = await call(method, path, betaToken, body);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('Alpha secret hook');
    }
    const otherStore = await call('GET', `/stores/${alpha.stores[1]!.id}/webhooks/${id}`, alphaToken);
    expect(otherStore.status).toBe(404);
    expect((await server.services.models.Webhook.findByPk(id))!.name).toBe('Alpha secret hook');
  });

  it('needs stores.read to read and stores.update to change', async () => {
    const { id } = await create();
    const reader = await alpha.tokenFor(await alpha.addMember(['stores.read']));
    expect((await call('GET', `/stores/${storeId}/webhooks`, reader)).status).toBe(200);
    expect((await call('GET', `/stores/${storeId}/webhooks/${id}`, reader)).status).toBe(200);
    expect((await call('POST', `/stores/${storeId}/webhooks`, reader, hookBody())).status).toBe(403);
    expect((await call('PUT', `/stores/${storeId}/webhooks/${id}`, reader, { name: 'X' })).status).toBe(403);
    expect(
      (await call('PUT', `/stores/${storeId}/webhooks/${id}/status`, reader, { is_active: false })).status,
    ).toBe(403);
    expect((await call('DELETE', `/stores/${storeId}/webhooks/${id}`, reader)).status).toBe(403);
    const nobody = await alpha.tokenFor(await alpha.addMember([]));
    expect((await call('GET', `/stores/${storeId}/webhooks`, nobody)).status).toBe(403);
  });

  it('lets a company the store is shared with work on its webhooks', async () => {
    const shared = alpha.stores[1]!;
    await server.services.models.StoreShare.create({ store_id: shared.id, company_id: beta.company.id });
    const created = await call(
      'POST',
      `/stores/${shared.id}/webhooks`,
      betaToken,
      hookBody({ name: 'Partner' }),
    );
    expect(created.status).toBe(201);
    // The store's owner holds it, so it counts among Alpha's webhooks.
    expect(created.body.data.company_id).toBe(alpha.company.id);
    const listed = await call('GET', `/stores/${shared.id}/webhooks`, alphaToken);
    expect(listed.body.data.map((hook: { name: string }) => hook.name)).toContain('Partner');
  });

  it("counts the company's webhooks on the company", async () => {
    await create({ name: 'Counted' });
    const expected = await server.services.models.Webhook.count({ where: { company_id: alpha.company.id } });
    const company = await call('GET', `/companies/${alpha.company.id}`, alphaToken);
    expect(company.body.data.webhooks_count).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });
});

describe('webhooks with private targets allowed (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let call: Awaited<ReturnType<typeof openServer>>['call'];
  let alpha: CompanyFixture;
  let token: string;

  beforeAll(async () => {
    // The earlier name of OUTBOUND_ALLOW_PRIVATE_TARGETS, still read for installs that set it.
    ({ database, server, call } = await openServer('sqlite', { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }));
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main'] });
    token = await alpha.tokenFor(alpha.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('accepts a url on the local network, still only http(s), and keeps the usual CRUD', async () => {
    const storeId = alpha.stores[0]!.id;
    const created = await call(
      'POST',
      `/stores/${storeId}/webhooks`,
      token,
      hookBody({ url: 'http://127.0.0.1:9000/hook', requires_auth: true, auth_header_value: SECRET }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ url: 'http://127.0.0.1:9000/hook', has_auth_secret: true });
    const id = created.body.data.id as number;
    const ftp = await call('PUT', `/stores/${storeId}/webhooks/${id}`, token, { url: 'ftp://10.0.0.5/' });
    expect(ftp.body.errors).toEqual({ url: [WEBHOOK_URL_MESSAGES.scheme] });
    const toggled = await call('PUT', `/stores/${storeId}/webhooks/${id}/status`, token, {
      is_active: false,
    });
    expect(toggled.body.data.is_active).toBe(false);
    const listed = await call('GET', `/stores/${storeId}/webhooks?is_active[eq]=false`, token);
    expect(listed.body.meta.total).toBe(1);
    expect((await call('DELETE', `/stores/${storeId}/webhooks/${id}`, token)).status).toBe(204);
  });
});
