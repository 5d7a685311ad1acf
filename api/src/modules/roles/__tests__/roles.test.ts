import { ERROR_MESSAGES, type PermissionName } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { expectForbidden } from '../../../testing/read-json';
import {
  createCompany,
  createUser,
  expectAnnounced,
  watchAuthority,
  type CompanyFixture,
} from '../../../testing/identity-fixtures';
import { GRANT_BEYOND_HELD } from '../company-roles';
import {
  DEFAULT_ROLE_REQUIRED,
  LAST_USER_MANAGER_ROLE,
  ROLE_BEYOND_REACH,
  ROLE_NAME_TAKEN,
} from '../role.service';

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
  const acmeMember = (permissions: PermissionName[]) => acme.memberWithToken(permissions);
  const permissionsOf = async (id: number) => (await server.services.models.Role.findByPk(id))!.permissions;

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

  it('writes into a role only permissions the editor holds', async () => {
    const editor = await acmeMember(['roles.read', 'roles.create', 'roles.update']);
    await expectForbidden(
      await call('POST', '/roles/create', { name: 'Wider', permissions: ['orders.read'] }, editor.token),
      GRANT_BEYOND_HELD,
    );
    const created = await call(
      'POST',
      '/roles/create',
      { name: 'Narrow', permissions: ['roles.read'] },
      editor.token,
    );
    expect(created.status).toBe(201);
    const narrow = (await readJson(created)).data;
    await expectForbidden(
      await call('PUT', `/roles/${narrow.id}`, { permissions: ['roles.read', 'users.update'] }, editor.token),
      GRANT_BEYOND_HELD,
    );
    expect(await permissionsOf(narrow.id)).toEqual(['roles.read']);
    // Bad input is still refused first, as 422.
    const unknown = await call(
      'POST',
      '/roles/create',
      { name: 'Odd', permissions: ['orders.fly'] },
      editor.token,
    );
    expect(unknown.status).toBe(422);

    // Under data protection, leaving it out of a role would unmask personal data: that's wider too.
    const protectedEditor = await acmeMember(['roles.create', 'data_protection']);
    await expectForbidden(
      await call('POST', '/roles/create', { name: 'Unmasked', permissions: [] }, protectedEditor.token),
      GRANT_BEYOND_HELD,
    );
    const masked = await call(
      'POST',
      '/roles/create',
      { name: 'Masked', permissions: ['data_protection'] },
      protectedEditor.token,
    );
    expect(masked.status).toBe(201);
  });

  it('never widens the editor’s own role, but lets them narrow it', async () => {
    const editor = await acmeMember(['roles.read', 'roles.update', 'orders.read']);
    await expectForbidden(
      await call(
        'PUT',
        `/roles/${editor.role.id}`,
        { permissions: [...editor.role.permissions, 'users.update'] },
        editor.token,
      ),
      GRANT_BEYOND_HELD,
    );
    // Narrowing grants nothing, and whoever else holds the role holds nothing the editor doesn't.
    const narrowed = await call(
      'PUT',
      `/roles/${editor.role.id}`,
      { permissions: ['roles.read', 'roles.update'] },
      editor.token,
    );
    expect(narrowed.status).toBe(200);
    expect(await permissionsOf(editor.role.id)).toEqual(['roles.read', 'roles.update']);
  });

  it('leaves a role holding permissions beyond the editor’s untouched: no narrowing, renaming or deleting', async () => {
    const editor = await acmeMember(['roles.read', 'roles.update', 'roles.delete', 'users.update']);
    for (const body of [{ permissions: ['users.update'] }, { name: 'Demoted' }, { is_default: true }]) {
      await expectForbidden(
        await call('PUT', `/roles/${acme.administratorRole.id}`, body, editor.token),
        ROLE_BEYOND_REACH,
      );
    }
    const administrator = await server.services.models.Role.findByPk(acme.administratorRole.id);
    expect(administrator).toMatchObject({ name: 'Administrator', is_default: false });
    expect(administrator!.permissions).toEqual(acme.administratorRole.permissions);

    const unused = await server.services.models.Role.create({
      company_id: acme.company.id,
      name: 'Unused and wide',
      permissions: ['orders.delete'],
      is_default: false,
    });
    await expectForbidden(
      await call('DELETE', `/roles/${unused.id}`, undefined, editor.token),
      ROLE_BEYOND_REACH,
    );
    expect(await server.services.models.Role.findByPk(unused.id)).not.toBeNull();
  });

  it('exempts platform administrators from these rules', async () => {
    const exempt = await createCompany(server.services, { name: 'Exempt' });
    const administrator = await createUser(server.services, { administrator: true });
    const token = await exempt.tokenFor(administrator);
    // Data protection is the one permission administrators' scope lacks.
    const created = await call(
      'POST',
      '/roles/create',
      { name: 'Protected', permissions: ['data_protection'] },
      token,
    );
    expect(created.status).toBe(201);
    const renamed = await call('PUT', `/roles/${exempt.administratorRole.id}`, { name: 'Owners' }, token);
    expect(renamed.status).toBe(200);
  });

  it('announces changed permissions and deleted roles once committed', async () => {
    const role = (await readJson(await call('POST', '/roles/create', { name: 'Watched', permissions: [] })))
      .data;
    const change = { kind: 'company', companyId: acme.company.id } as const;
    const watch = watchAuthority(server.services);
    try {
      expect((await call('PUT', `/roles/${role.id}`, { permissions: ['orders.read'] })).status).toBe(200);
      expectAnnounced(watch, change);
      expect((await call('DELETE', `/roles/${role.id}`)).status).toBe(204);
      expectAnnounced(watch, change);
    } finally {
      watch.stop();
    }
  });
});
