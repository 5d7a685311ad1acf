import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe('stores and sharing (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'stores');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, { name: 'Alpha', stores: ['Alpha Main'] });
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
  const emailsOf = (store: { storeNotifications: { email: string }[] }) =>
    store.storeNotifications.map((notification) => notification.email).sort();
  const storeNames = async (token: string) =>
    (await call('GET', '/stores', token)).body.data.map((store: { name: string }) => store.name);

  it('creates, shows, lists, updates and deletes a store with its notification e-mails', async () => {
    const created = await call('POST', '/stores/create', alphaToken, {
      name: 'Outlet',
      storeNotifications: ['Ops@Alpha.test', 'ops@alpha.test', 'night@alpha.test'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Outlet', company_id: alpha.company.id, shared: false });
    expect(emailsOf(created.body.data)).toEqual(['night@alpha.test', 'ops@alpha.test']);
    const id = created.body.data.id as number;

    expect((await call('GET', `/stores/${id}`, alphaToken)).body.data.name).toBe('Outlet');
    const searched = await call('GET', '/stores?search=outl', alphaToken);
    expect(searched.body).toMatchObject({ meta: { total: 1 }, data: [{ id }] });
    expect(await storeNames(alphaToken)).toEqual(['Alpha Main', 'Outlet']);

    const updated = await call('PUT', `/stores/${id}`, alphaToken, {
      name: 'Outlet North',
      storeNotifications: ['ops@alpha.test', 'day@alpha.test'],
    });
    expect(updated.body.data.name).toBe('Outlet North');
    expect(emailsOf(updated.body.data)).toEqual(['day@alpha.test', 'ops@alpha.test']);
    // An address that stays keeps its row.
    const keptId = created.body.data.storeNotifications.find(
      (notification: { email: string }) => notification.email === 'ops@alpha.test',
    ).id;
    expect(updated.body.data.storeNotifications).toContainEqual({ id: keptId, email: 'ops@alpha.test' });

    const replaced = await call('PUT', `/stores/${id}/notifications`, alphaToken, {
      storeNotifications: ['only@alpha.test'],
    });
    expect(emailsOf(replaced.body.data)).toEqual(['only@alpha.test']);

    const activity = await server.services.models.Activity.findOne({
      where: { company_id: alpha.company.id, event: 'store.updated', subject_id: id },
    });
    expect(activity!.new_values).toMatchObject({ name: 'Outlet North' });

    expect((await call('DELETE', `/stores/${id}`, alphaToken)).status).toBe(204);
    expect((await call('GET', `/stores/${id}`, alphaToken)).status).toBe(404);
    expect(await server.services.models.StoreNotification.count({ where: { store_id: id } })).toBe(0);
  });

  it('validates store names and notification e-mails', async () => {
    const invalid = await call('POST', '/stores/create', alphaToken, {
      name: '',
      storeNotifications: ['fine@alpha.test', 'not-an-email'],
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toMatchObject({
      name: ['The name field is required.'],
      'storeNotifications.1': ['The email must be a valid email address.'],
    });
    const store = alpha.stores[0]!;
    const badReplace = await call('PUT', `/stores/${store.id}/notifications`, alphaToken, {
      storeNotifications: 'ops@alpha.test',
    });
    expect(badReplace.status).toBe(422);
  });

  it("answers 404 for another company's stores that are not shared", async () => {
    const store = alpha.stores[0]!;
    for (const [method, path] of [
      ['GET', `/stores/${store.id}`],
      ['PUT', `/stores/${store.id}`],
      ['DELETE', `/stores/${store.id}`],
      ['GET', `/stores/${store.id}/sharedCompanies`],
    ] as const) {
      const response = await call(method, path, betaToken, method === 'PUT' ? { name: 'Taken' } : undefined);
      expect(response.status).toBe(404);
    }
    expect(await storeNames(betaToken)).toEqual(['Beta Main']);
  });

  it('shares a store with another company by UUID, and stops sharing it', async () => {
    const store = alpha.stores[0]!;
    const unknown = await call('POST', `/stores/${store.id}/shareCompany`, alphaToken, {
      company_uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown).toMatchObject({
      status: 422,
      body: { errors: { company_uuid: ['No company has this UUID.'] } },
    });
    const own = await call('POST', `/stores/${store.id}/shareCompany`, alphaToken, {
      company_uuid: alpha.company.uuid,
    });
    expect(own.status).toBe(422);
    expect(
      (await call('POST', `/stores/${store.id}/shareCompany`, alphaToken, { company_uuid: 'x' })).status,
    ).toBe(422);

    const shared = await call('POST', `/stores/${store.id}/shareCompany`, alphaToken, {
      company_uuid: beta.company.uuid,
    });
    expect(shared).toMatchObject({
      status: 201,
      body: { data: { id: beta.company.id, uuid: beta.company.uuid, name: 'Beta' } },
    });
    const again = await call('POST', `/stores/${store.id}/shareCompany`, alphaToken, {
      company_uuid: beta.company.uuid,
    });
    expect(again.body.errors.company_uuid).toEqual(['The store is already shared with this company.']);
    expect((await call('GET', `/stores/${store.id}/sharedCompanies`, alphaToken)).body.data).toEqual([
      { id: beta.company.id, uuid: beta.company.uuid, name: 'Beta' },
    ]);

    // Beta's users see it, marked shared, in their list and their session, without Alpha's addresses.
    await server.services.models.StoreNotification.create({
      store_id: store.id,
      email: 'private@alpha.test',
    });
    const betaList = await call('GET', '/stores', betaToken);
    expect(betaList.body.data).toContainEqual(
      expect.objectContaining({ id: store.id, shared: true, storeNotifications: [] }),
    );
    const me = await call('POST', '/me', betaToken);
    expect(me.body.data.stores).toContainEqual({ id: store.id, name: 'Alpha Main' });
    expect((await call('GET', `/stores/${store.id}`, betaToken)).body.data.shared).toBe(true);

    // ...but can't change it or its sharing.
    const change = await call('PUT', `/stores/${store.id}`, betaToken, { name: 'Mine now' });
    expect(change).toMatchObject({
      status: 403,
      body: { message: 'A shared store can only be changed by its owner.' },
    });
    expect(
      (await call('PUT', `/stores/${store.id}/notifications`, betaToken, { storeNotifications: [] })).status,
    ).toBe(403);
    expect((await call('DELETE', `/stores/${store.id}`, betaToken)).status).toBe(403);
    expect((await call('GET', `/stores/${store.id}/sharedCompanies`, betaToken)).status).toBe(403);
    expect(
      (await call('DELETE', `/stores/${store.id}/shareCompany/${beta.company.id}`, betaToken)).status,
    ).toBe(403);

    expect(
      (await call('DELETE', `/stores/${store.id}/shareCompany/${beta.company.id}`, alphaToken)).status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/stores/${store.id}/shareCompany/${beta.company.id}`, alphaToken)).status,
    ).toBe(404);
    expect(await storeNames(betaToken)).toEqual(['Beta Main']);
    expect((await call('POST', '/me', betaToken)).body.data.stores).toEqual([
      { id: beta.stores[0]!.id, name: 'Beta Main' },
    ]);
    expect((await call('GET', `/stores/${store.id}`, betaToken)).status).toBe(404);

    const events = await server.services.models.Activity.findAll({
      where: { company_id: alpha.company.id, subject_id: store.id, subject_type: 'store' },
    });
    expect(events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['store.shared', 'store.unshared']),
    );
  });

  it('removes shares with the store it deletes', async () => {
    const created = await call('POST', '/stores/create', alphaToken, { name: 'Shared Then Gone' });
    const id = created.body.data.id as number;
    await call('POST', `/stores/${id}/shareCompany`, alphaToken, { company_uuid: beta.company.uuid });
    expect(await storeNames(betaToken)).toContain('Shared Then Gone');
    expect((await call('DELETE', `/stores/${id}`, alphaToken)).status).toBe(204);
    expect(await server.services.models.StoreShare.count({ where: { store_id: id } })).toBe(0);
    expect(await storeNames(betaToken)).not.toContain('Shared Then Gone');
  });

  it('masks notification e-mails for a role with data protection', async () => {
    const store = alpha.stores[0]!;
    await call('PUT', `/stores/${store.id}/notifications`, alphaToken, {
      storeNotifications: ['jane@alpha.test'],
    });
    const reader = await alpha.addMember(['stores.read', 'data_protection']);
    const response = await call('GET', `/stores/${store.id}`, await alpha.tokenFor(reader));
    expect(emailsOf(response.body.data)).toEqual(['j***@alpha.test']);
  });
});
