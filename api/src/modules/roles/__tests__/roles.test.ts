import { ERROR_MESSAGES } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '../../../testing/test-process';
import { createCompany, type CompanyFixture } from '../../../testing/identity-fixtures';
import { DEFAULT_ROLE_REQUIRED, LAST_USER_MANAGER_ROLE, ROLE_NAME_TAKEN } from '../role.service';

describe('roles (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let acme: CompanyFixture;
  let beta: CompanyFixture;
  let ownerToken: string;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'roles');
    server = await startTestProcess(database.url);
    acme = await createCompany(server.services, { name: 'Acme' });
    beta = await createCompany(server.services, { name: 'Beta' });
    ownerToken = await acme.tokenFor(acme.owner);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = (method: string, path: string, body?: unknown, token = ownerToken) =>
    server.request(method, `/api${path}`, { token, body });

  it('lists the company’s roles with their member counts, and its default role', async () => {
    await acme.addMember([]);
    const list = await readJson(await call('GET', '/roles?sort_by=name'));
    expect(list.data.map((role: { name: string }) => role.name)).toEqual(
      expect.arrayContaining(['Administrator', 'Member']),
    );
    expect(list.data.find((role: { name: string }) => role.name === 'Administrator')).toMatchObject({
      users_count: 1,
      is_default: false,
    });
    expect(list.data.some((role: { id: number }) => role.id === beta.memberRole.id)).toBe(false);
    const fallback = await readJson(await call('GET', '/roles/default'));
    expect(fallback.data).toMatchObject({ id: acme.memberRole.id, is_default: true, users_count: 0 });
    expect((await call('GET', `/roles/${beta.memberRole.id}`)).status).toBe(404);
  });

  it('creates roles with unique names and validated permissions', async () => {
    const created = await call('POST', '/roles/create', {
      name: 'Packers',
      permissions: ['orders.read', 'orders.read'],
    });
    expect(created.status).toBe(201);
    expect((await readJson(created)).data).toMatchObject({
      name: 'Packers',
      permissions: ['orders.read'],
      users_count: 0,
    });

    const duplicate = await call('POST', '/roles/create', { name: 'Packers' });
    expect(duplicate.status).toBe(422);
    expect((await readJson(duplicate)).errors).toEqual({ name: [ROLE_NAME_TAKEN] });
    // Another company may use the same name.
    expect(
      (await call('POST', '/roles/create', { name: 'Packers' }, await beta.tokenFor(beta.owner))).status,
    ).toBe(201);

    const unknown = await call('POST', '/roles/create', { name: 'Odd', permissions: ['orders.fly'] });
    expect((await readJson(unknown)).errors).toEqual({ 'permissions.0': ['Unknown permission.'] });
    const nameless = await call('POST', '/roles/create', { permissions: [] });
    expect((await readJson(nameless)).errors).toEqual({ name: ['The name field is required.'] });
  });

  it('moves the default flag atomically and never leaves the company without one', async () => {
    const role = (
      await readJson(await call('POST', '/roles/create', { name: 'Newcomers', is_default: true }))
    ).data;
    const defaults = await server.services.models.Role.findAll({
      where: { company_id: acme.company.id, is_default: true },
    });
    expect(defaults.map((row) => row.id)).toEqual([role.id]);

    const unset = await call('PUT', `/roles/${role.id}`, { is_default: false });
    expect((await readJson(unset)).errors).toEqual({ is_default: [DEFAULT_ROLE_REQUIRED] });

    const moved = await call('PUT', `/roles/${acme.memberRole.id}`, { is_default: true });
    expect((await readJson(moved)).data.is_default).toBe(true);
    expect((await readJson(await call('GET', `/roles/${role.id}`))).data.is_default).toBe(false);
  });

  it('updates names and permissions, recording the changed fields', async () => {
    const role = (await readJson(await call('POST', '/roles/create', { name: 'Editors', permissions: [] })))
      .data;
    const clash = await call('PUT', `/roles/${role.id}`, { name: 'Administrator' });
    expect((await readJson(clash)).errors).toEqual({ name: [ROLE_NAME_TAKEN] });
    const updated = await call('PUT', `/roles/${role.id}`, {
      name: 'Copy editors',
      permissions: ['products.update'],
    });
    expect((await readJson(updated)).data).toMatchObject({
      name: 'Copy editors',
      permissions: ['products.update'],
    });
    const activity = await server.services.models.Activity.findOne({
      where: { event: 'role.updated', subject_id: role.id },
    });
    expect(activity).toMatchObject({
      old_values: { name: 'Editors', permissions: [] },
      new_values: { name: 'Copy editors', permissions: ['products.update'] },
    });
    expect(activity!.old_values).not.toHaveProperty('is_default');
  });

  it('refuses to take users.update from the only role whose members hold it', async () => {
    const solo = await createCompany(server.services, { name: 'Solo' });
    const token = await solo.tokenFor(solo.owner);
    const permissions = ['roles.update', 'users.read'];
    const refused = await call('PUT', `/roles/${solo.administratorRole.id}`, { permissions }, token);
    expect((await readJson(refused)).errors).toEqual({ permissions: [LAST_USER_MANAGER_ROLE] });
  });

  it('deletes an unused role, but not one in use, the default, or your own', async () => {
    const unused = (await readJson(await call('POST', '/roles/create', { name: 'Temporary' }))).data;
    expect((await call('DELETE', `/roles/${unused.id}`)).status).toBe(204);
    expect((await call('DELETE', `/roles/${unused.id}`)).status).toBe(404);

    const manager = await acme.addMember(['roles.delete', 'roles.read']);
    const managerRole = await server.services.models.CompanyUser.findOne({ where: { user_id: manager.id } });
    const inUse = (await readJson(await call('POST', '/roles/create', { name: 'In use' }))).data;
    const holder = await acme.addMember([]);
    await server.services.models.CompanyUser.update({ role_id: inUse.id }, { where: { user_id: holder.id } });
    const defaultRole = (await readJson(await call('GET', '/roles/default'))).data;

    for (const [id, token] of [
      [inUse.id, ownerToken],
      [defaultRole.id, ownerToken],
      [managerRole!.role_id!, await acme.tokenFor(manager)],
    ] as const) {
      const refused = await call('DELETE', `/roles/${id}`, undefined, token);
      expect(refused.status).toBe(422);
      expect((await readJson(refused)).message).toBe(ERROR_MESSAGES.cannotDeleteRole);
    }
    expect((await call('DELETE', `/roles/${beta.memberRole.id}`)).status).toBe(404);
  });
});
