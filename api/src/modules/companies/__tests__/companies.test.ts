import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

describe('companies (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let alpha: CompanyFixture;
  let beta: CompanyFixture;
  let operations: CompanyFixture;
  let alphaToken: string;
  let betaToken: string;
  let adminToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'companies');
    server = await startTestProcess(database.url);
    alpha = await createCompany(server.services, {
      name: 'Alpha Trading',
      stores: ['Alpha Shop'],
      ownerEmail: 'alpha.owner@companies.test',
    });
    beta = await createCompany(server.services, { name: 'Beta Goods' });
    operations = await createCompany(server.services, { name: 'Operations', administrator: true });
    alphaToken = await alpha.tokenFor(alpha.owner);
    betaToken = await beta.tokenFor(beta.owner);
    adminToken = await operations.tokenFor(operations.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await server.request(method, `/api${path}`, { token, body });
    return { status: response.status, body: response.status === 204 ? null : await readJson(response) };
  };

  it('lists the companies a user belongs to, and every company to an administrator', async () => {
    const own = await call('GET', '/companies', alphaToken);
    expect(own.status).toBe(200);
    expect(own.body.meta.total).toBe(1);
    expect(own.body.data[0]).toMatchObject({
      id: alpha.company.id,
      name: 'Alpha Trading',
      owner_email: 'alpha.owner@companies.test',
      stores_count: 1,
      channels_count: 0,
      is_active: true,
      account: { status: 3, has_plan: false },
    });

    const all = await call('GET', '/companies?sort_by=name&sort_direction=asc', adminToken);
    expect(all.body.data.map((company: { name: string }) => company.name)).toEqual(
      expect.arrayContaining(['Alpha Trading', 'Beta Goods', 'Operations']),
    );
    const searched = await call('GET', '/companies?search=Beta', adminToken);
    expect(searched.body).toMatchObject({ meta: { total: 1 }, data: [{ name: 'Beta Goods' }] });
    expect((await call('GET', '/companies?sort_by=owner', adminToken)).status).toBe(422);
  });

  it('shows a company to its members and administrators only', async () => {
    expect((await call('GET', `/companies/${alpha.company.id}`, alphaToken)).status).toBe(200);
    expect((await call('GET', `/companies/${alpha.company.id}`, adminToken)).status).toBe(200);
    const foreign = await call('GET', `/companies/${alpha.company.id}`, betaToken);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Alpha');
  });

  it('creates a company on a trial with the caller as its owner holding the Administrator role', async () => {
    const created = await call('POST', '/companies/create', betaToken, { name: 'Beta Second' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Beta Second',
      creation_source: 'user',
      stores_count: 0,
      account: { status: 1, has_plan: false, expired_date: { days: 13 } },
    });
    const { models } = server.services;
    const membership = await models.CompanyUser.findOne({
      where: { company_id: created.body.data.id, user_id: beta.owner.id },
    });
    const role = await models.Role.findByPk(membership!.role_id!);
    expect(role!.name).toBe('Administrator');
    expect(await models.Role.count({ where: { company_id: created.body.data.id } })).toBe(2);
    const company = await models.Company.findByPk(created.body.data.id);
    expect(company!.owner_user_id).toBe(beta.owner.id);

    const listed = await call('GET', '/companies', betaToken);
    expect(listed.body.meta.total).toBe(2);
    // Switching revokes the token it was called with: a fresh one keeps betaToken usable.
    const switched = await call(
      'POST',
      `/auth/switchCompany/${created.body.data.id}`,
      await beta.tokenFor(beta.owner),
    );
    expect(switched.status).toBe(200);
    const me = await call('POST', '/me', switched.body.data.token);
    expect(me.body.data).toMatchObject({ company: 'Beta Second' });
    expect(me.body.data.scope).toContain('general.delete');

    const byAdministrator = await call('POST', '/companies/create', adminToken, { name: 'Made By Ops' });
    expect(byAdministrator.body.data.creation_source).toBe('admin');
    const invalid = await call('POST', '/companies/create', betaToken, { name: '  ' });
    expect(invalid).toMatchObject({
      status: 422,
      body: { errors: { name: ['The name field is required.'] } },
    });
  });

  it('renames the current company; activation is for administrators; other companies are refused', async () => {
    const renamed = await call('PUT', `/companies/${alpha.company.id}`, alphaToken, { name: 'Alpha Ltd' });
    expect(renamed).toMatchObject({ status: 200, body: { data: { name: 'Alpha Ltd' } } });
    const activity = await server.services.models.Activity.findOne({
      where: { company_id: alpha.company.id, event: 'company.updated' },
    });
    expect(activity!.new_values).toEqual({ name: 'Alpha Ltd' });

    const activation = await call('PUT', `/companies/${alpha.company.id}`, alphaToken, { is_active: false });
    expect(activation).toMatchObject({
      status: 403,
      body: { message: 'Only administrators can activate or deactivate a company.' },
    });
    expect((await call('PUT', `/companies/${alpha.company.id}`, betaToken, { name: 'Taken' })).status).toBe(
      404,
    );
    expect((await call('PUT', `/companies/${alpha.company.id}`, alphaToken, {})).status).toBe(422);

    // A member of two companies speaks for the current one only.
    const other = await call('POST', '/companies/create', alphaToken, { name: 'Alpha Side' });
    const elsewhere = await call('PUT', `/companies/${other.body.data.id}`, alphaToken, { name: 'Nope' });
    expect(elsewhere).toMatchObject({
      status: 403,
      body: { message: 'Switch to this company to change it.' },
    });
  });

  it("refuses a deactivated company's members with 403 while administrators still work", async () => {
    const company = await createCompany(server.services, { name: 'Soon Inactive' });
    const memberToken = await company.tokenFor(company.owner);
    const off = await call('PUT', `/companies/${company.company.id}`, adminToken, { is_active: false });
    expect(off).toMatchObject({ status: 200, body: { data: { is_active: false } } });

    const refused = await call('POST', '/me', memberToken);
    expect(refused).toMatchObject({ status: 403, body: { message: 'This company has been deactivated.' } });
    expect((await call('GET', `/companies/${company.company.id}`, adminToken)).body.data.is_active).toBe(
      false,
    );
    const switched = await call(
      'POST',
      `/auth/switchCompany/${company.company.id}`,
      await operations.tokenFor(operations.owner),
    );
    expect(switched.status).toBe(200);
    expect((await call('GET', '/stores', switched.body.data.token)).status).toBe(200);

    const events = await server.services.models.Activity.findAll({
      where: { company_id: company.company.id, subject_type: 'company' },
    });
    expect(events.map((event) => event.event)).toContain('company.deactivated');

    await call('PUT', `/companies/${company.company.id}`, adminToken, { is_active: true });
    expect((await call('POST', '/me', memberToken)).status).toBe(200);
  });

  it('refuses to delete the current company, a company with stores, or one the caller does not own', async () => {
    const refusal = { status: 422, body: { message: 'You can not delete this company' } };
    expect(await call('DELETE', `/companies/${alpha.company.id}`, alphaToken)).toMatchObject(refusal);

    const withStore = await call('POST', '/companies/create', alphaToken, { name: 'Has A Store' });
    await server.services.models.Store.create({ company_id: withStore.body.data.id, name: 'Kept' });
    expect(await call('DELETE', `/companies/${withStore.body.data.id}`, alphaToken)).toMatchObject(refusal);

    // A member (not the owner) of another company, with general.delete in the current one.
    const colleague = await alpha.addMember(['general.delete']);
    const notOwned = await call('POST', '/companies/create', betaToken, { name: 'Beta Owned' });
    await server.services.models.CompanyUser.create({
      company_id: notOwned.body.data.id,
      user_id: colleague.id,
      role_id: null,
    });
    const colleagueToken = await alpha.tokenFor(colleague);
    expect((await call('DELETE', `/companies/${notOwned.body.data.id}`, colleagueToken)).status).toBe(403);
    expect((await call('DELETE', `/companies/${notOwned.body.data.id}`, alphaToken)).status).toBe(404);
  });

  it('deletes a company with its memberships and roles', async () => {
    const created = await call('POST', '/companies/create', alphaToken, { name: 'Short Lived' });
    const id = created.body.data.id as number;
    expect((await call('DELETE', `/companies/${id}`, alphaToken)).status).toBe(204);
    expect((await call('GET', `/companies/${id}`, alphaToken)).status).toBe(404);
    const { models } = server.services;
    expect(await models.CompanyUser.count({ where: { company_id: id } })).toBe(0);
    expect(await models.Role.count({ where: { company_id: id } })).toBe(0);
    const logged = await models.Activity.findOne({
      where: { company_id: alpha.company.id, event: 'company.deleted', subject_id: id },
    });
    expect(logged).not.toBeNull();

    // An administrator may delete any company that isn't their current one.
    const other = await createCompany(server.services, { name: 'Removed By Ops' });
    expect((await call('DELETE', `/companies/${other.company.id}`, adminToken)).status).toBe(204);
  });

  it('masks the owner e-mail and name for a role with data protection', async () => {
    const protectedMember = await alpha.addMember(['data_protection']);
    const response = await call(
      'GET',
      `/companies/${alpha.company.id}`,
      await alpha.tokenFor(protectedMember),
    );
    expect(response.body.data.owner_email).toBe('a**********@companies.test');
    expect(response.body.data.owner_name).toBe('*****');
  });
});
