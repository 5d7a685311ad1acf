import { ERROR_MESSAGES } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '../../../testing/test-process';
import { createCompany, FIXTURE_PASSWORD, type CompanyFixture } from '../../../testing/identity-fixtures';
import { verifyPassword } from '../../auth/password';
import { ALREADY_A_MEMBER, LAST_USER_MANAGER, SHARED_ACCOUNT_NAME } from '../user.service';

describe('users of a company (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let acme: CompanyFixture;
  let beta: CompanyFixture;
  let ownerToken: string;
  let sequence = 0;
  const address = (label: string) => `${label}-${++sequence}@users.test`;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'users');
    server = await startTestProcess(database.url);
    acme = await createCompany(server.services, { name: 'Acme', stores: ['Acme UK'] });
    beta = await createCompany(server.services, { name: 'Beta', stores: ['Beta Store'] });
    ownerToken = await acme.tokenFor(acme.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const createBody = (email: string, roleId = acme.memberRole.id) => ({
    name: 'Carla Created',
    email,
    password: 'carla-password-1',
    password_confirmation: 'carla-password-1',
    role_id: roleId,
  });
  const create = (body: unknown, storeId = acme.stores[0]!.id, token = ownerToken) =>
    server.request('POST', `/api/users/${storeId}/create`, { token, body });

  it('creates a member from one of the company’s stores and names the store in the activity', async () => {
    const email = address('carla');
    const response = await create(createBody(email.toUpperCase()));
    expect(response.status).toBe(201);
    const { data } = await readJson(response);
    expect(data).toMatchObject({
      name: 'Carla Created',
      email,
      phone: null,
      role: { id: acme.memberRole.id, name: 'Member' },
      email_verified: false,
      is_owner: false,
    });
    const signIn = await server.request('POST', '/api/auth/signIn', {
      body: { email, password: 'carla-password-1' },
    });
    expect(signIn.status).toBe(200);

    const activity = await server.services.models.Activity.findOne({
      where: { event: 'user.created', subject_id: data.id },
    });
    expect(activity!.new_values).toMatchObject({
      store: 'Acme UK',
      store_id: acme.stores[0]!.id,
      role: 'Member',
    });
  });

  it('adds an existing account as it is: its password and name are unchanged', async () => {
    const response = await create({ ...createBody(beta.owner.email), name: 'Someone Else' });
    expect(response.status).toBe(201);
    expect((await readJson(response)).data).toMatchObject({ id: beta.owner.id, name: beta.owner.name });
    const account = await server.services.models.User.findByPk(beta.owner.id);
    expect(await verifyPassword(account!.password_hash, FIXTURE_PASSWORD)).toBe(true);
    expect(await server.services.models.CompanyUser.count({ where: { user_id: beta.owner.id } })).toBe(2);
  });

  it('refuses members, foreign roles and stores, and invalid input with the field messages', async () => {
    const member = await create(createBody(acme.owner.email));
    expect(member.status).toBe(422);
    expect((await readJson(member)).errors).toEqual({ email: [ALREADY_A_MEMBER] });

    const foreignRole = await create(createBody(address('x'), beta.memberRole.id));
    expect((await readJson(foreignRole)).errors).toEqual({ role_id: ['The selected role is invalid.'] });

    expect((await create(createBody(address('x')), beta.stores[0]!.id)).status).toBe(404);
    expect((await create(createBody(address('x')), 999999)).status).toBe(404);

    const invalid = await create({
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
    });
    expect((await readJson(invalid)).errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      password: ['The password must be at least 8 characters.'],
      role_id: ['The role field is required.'],
    });
    const mismatch = await create({ ...createBody(address('x')), password_confirmation: 'different-1' });
    expect((await readJson(mismatch)).errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
  });

  it('lists the current company’s members with search, role filter and sort', async () => {
    const listed = await readJson(
      await server.request('GET', '/api/users?sort_by=email', { token: ownerToken }),
    );
    const emails = listed.data.map((user: { email: string }) => user.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toContain(acme.owner.email);
    expect(emails).not.toContain(beta.stores[0]!.name);
    expect(listed.meta.total).toBe(listed.data.length);
    const owner = listed.data.find((user: { id: number }) => user.id === acme.owner.id);
    expect(owner).toMatchObject({ is_owner: true, role: { name: 'Administrator' } });

    const admins = await readJson(
      await server.request('GET', `/api/users?role_id[eq]=${acme.administratorRole.id}`, {
        token: ownerToken,
      }),
    );
    expect(admins.data.map((user: { id: number }) => user.id)).toEqual([acme.owner.id]);
    const searched = await readJson(
      await server.request('GET', '/api/users?search=carla', { token: ownerToken }),
    );
    expect(searched.data.map((user: { name: string }) => user.name)).toEqual(['Carla Created']);
    const badSort = await server.request('GET', '/api/users?sort_by=password_hash', { token: ownerToken });
    expect(badSort.status).toBe(422);
  });

  it('masks e-mails and phones for a data-protection role, and won’t search by them', async () => {
    const protectedMember = await acme.addMember(['users.read', 'data_protection']);
    const token = await acme.tokenFor(protectedMember);
    const shown = (await readJson(await server.request('GET', `/api/users/${acme.owner.id}`, { token })))
      .data;
    expect(shown.email).toMatch(/^u\*+@fixtures\.test$/);
    expect(shown.email).not.toBe(acme.owner.email);
    expect(shown.phone).toBe('**********58');
    const listed = await readJson(await server.request('GET', '/api/users', { token }));
    expect(JSON.stringify(listed)).not.toContain(acme.owner.email);
    expect((await server.request('GET', '/api/users?searchBy=email&search=acme', { token })).status).toBe(
      422,
    );
    const activities = await readJson(
      await server.request('GET', '/api/activities?subject_type[eq]=user', { token }),
    );
    expect(JSON.stringify(activities)).not.toMatch(/carla-\d+@users\.test/);
  });

  it('updates the name only of users who belong to no other company, and the role to a company role', async () => {
    const member = await acme.addMember([]);
    const renamed = await server.request('PUT', `/api/users/${member.id}`, {
      token: ownerToken,
      body: { name: 'Renamed', role_id: acme.memberRole.id },
    });
    expect((await readJson(renamed)).data).toMatchObject({ name: 'Renamed', role: { name: 'Member' } });

    const shared = await server.request('PUT', `/api/users/${beta.owner.id}`, {
      token: ownerToken,
      body: { name: 'Not yours to change' },
    });
    expect(shared.status).toBe(422);
    expect((await readJson(shared)).errors).toEqual({ name: [SHARED_ACCOUNT_NAME] });
    const foreign = await server.request('PUT', `/api/users/${member.id}`, {
      token: ownerToken,
      body: { role_id: beta.administratorRole.id },
    });
    expect((await readJson(foreign)).errors).toEqual({ role_id: ['The selected role is invalid.'] });
    const empty = await server.request('PUT', `/api/users/${member.id}`, {
      token: ownerToken,
      body: { name: ' ' },
    });
    expect((await readJson(empty)).errors).toEqual({ name: ['The name field is required.'] });

    const activity = await server.services.models.Activity.findOne({
      where: { event: 'user.updated', subject_id: member.id },
    });
    expect(activity).toMatchObject({
      old_values: { name: 'Fixture User' },
      new_values: { name: 'Renamed', role: 'Member' },
    });
  });

  it('verifies an e-mail address', async () => {
    const created = (await readJson(await create(createBody(address('verify'))))).data;
    const verified = await server.request('PATCH', `/api/users/${created.id}/verify`, { token: ownerToken });
    expect((await readJson(verified)).data.email_verified).toBe(true);
  });

  it('removes a membership, but never the owner, yourself or the last member who can manage users', async () => {
    const solo = await createCompany(server.services, { name: 'Solo' });
    const manager = await solo.addMember(['users.read', 'users.update', 'users.delete']);
    const managerToken = await solo.tokenFor(manager);
    const removeAs = (token: string, id: number) => server.request('DELETE', `/api/users/${id}`, { token });

    for (const [token, id] of [
      [managerToken, solo.owner.id],
      [managerToken, manager.id],
    ] as const) {
      const refused = await removeAs(token, id);
      expect(refused.status).toBe(422);
      expect((await readJson(refused)).message).toBe(ERROR_MESSAGES.cannotDeleteUser);
    }

    // The owner's role loses users.update: the manager is now the last one who can manage users.
    await server.services.models.Role.update(
      { permissions: ['users.delete'] },
      { where: { id: solo.administratorRole.id } },
    );
    const ownerOnly = await solo.tokenFor(solo.owner);
    const last = await removeAs(ownerOnly, manager.id);
    expect(last.status).toBe(422);
    expect((await readJson(last)).message).toBe(ERROR_MESSAGES.cannotDeleteUser);
    const demote = await server.request('PUT', `/api/users/${manager.id}`, {
      token: managerToken,
      body: { role_id: solo.memberRole.id },
    });
    expect((await readJson(demote)).errors).toEqual({ role_id: [LAST_USER_MANAGER] });

    const plain = await solo.addMember([]);
    const plainToken = await solo.tokenFor(plain);
    expect((await removeAs(managerToken, plain.id)).status).toBe(204);
    expect((await removeAs(managerToken, plain.id)).status).toBe(404);
    // The removed member's token no longer opens the company.
    expect((await server.request('POST', '/api/me', { token: plainToken })).status).toBe(401);
    expect(await server.services.models.User.findByPk(plain.id)).not.toBeNull();
  });

  it('answers another company’s ids with 404', async () => {
    const betaToken = await beta.tokenFor(beta.owner);
    const acmeOnly = await acme.addMember([]);
    expect((await server.request('GET', `/api/users/${acmeOnly.id}`, { token: betaToken })).status).toBe(404);
    expect((await server.request('DELETE', `/api/users/${acmeOnly.id}`, { token: betaToken })).status).toBe(
      404,
    );
  });
});
