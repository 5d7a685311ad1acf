import { ERROR_MESSAGES, formatMessage, SUCCESS_MESSAGES, type PermissionName } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { expectForbidden } from '../../../testing/read-json';
import {
  createCompany,
  createUser,
  FIXTURE_PASSWORD,
  expectAnnounced,
  watchAuthority,
  type CompanyFixture,
} from '../../../testing/identity-fixtures';
import { verifyPassword } from '../../auth/password';
import { GRANT_BEYOND_HELD } from '../../roles/company-roles';
import {
  ALREADY_A_MEMBER,
  LAST_USER_MANAGER,
  MEMBER_BEYOND_REACH,
  OWN_ROLE_FIXED,
  OWNER_ROLE_FIXED,
  SHARED_ACCOUNT_NAME,
} from '../user.service';

const INVITATION_LINK = /\/invitations\/accept\?token=([A-Za-z0-9_-]+)/;

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
  const update = (id: number, body: unknown, token = ownerToken) =>
    server.request('PUT', `/api/users/${id}`, { token, body });
  const remove = (id: number, token = ownerToken) => server.request('DELETE', `/api/users/${id}`, { token });
  const outbox = (to: string) =>
    server.services.models.OutboxEmail.findAll({ where: { to_address: to }, order: [['id', 'ASC']] });
  const memberIn = (company: CompanyFixture, userId: number) =>
    server.services.models.CompanyUser.findOne({
      where: { company_id: company.company.id, user_id: userId },
    });
  const acmeMember = (permissions: PermissionName[]) => acme.memberWithToken(permissions);

  it('creates an account and membership for a new address: 202, a verification e-mail, the store in the activity', async () => {
    const email = address('carla');
    const response = await create(createBody(email.toUpperCase()));
    expect(response.status).toBe(202);
    expect(await readJson(response)).toEqual({
      message: formatMessage(SUCCESS_MESSAGES.userAddedOrInvited, { email }),
    });
    const user = await server.services.models.User.findOne({ where: { email } });
    expect(user).toMatchObject({ name: 'Carla Created', phone: null, email_verified_at: null });
    expect((await memberIn(acme, user!.id))!.role_id).toBe(acme.memberRole.id);
    const signIn = await server.request('POST', '/api/auth/signIn', {
      body: { email, password: 'carla-password-1' },
    });
    expect(signIn.status).toBe(200);
    expect((await outbox(email)).map((mail) => mail.subject)).toEqual(['Verify your e-mail address']);
    expect(
      await server.services.models.OneTimeToken.count({
        where: { user_id: user!.id, purpose: 'email_verification' },
      }),
    ).toBe(1);

    const activity = await server.services.models.Activity.findOne({
      where: { event: 'user.created', subject_id: user!.id },
    });
    expect(activity!.new_values).toMatchObject({
      store: 'Acme UK',
      store_id: acme.stores[0]!.id,
      role: 'Member',
    });
  });

  it('invites an existing account instead of adding it, with the same answer as for a new address', async () => {
    const newEmail = address('fresh');
    const fresh = await create({ ...createBody(newEmail), name: 'Fred Fresh' });
    const existing = await create({ ...createBody(beta.owner.email), name: 'Someone Else' });
    expect(existing.status).toBe(202);
    expect(fresh.status).toBe(202);
    const [freshBody, existingBody] = [await readJson(fresh), await readJson(existing)];
    expect(Object.keys(existingBody)).toEqual(['message']);
    expect(existingBody.message.replace(beta.owner.email, '{email}')).toBe(
      freshBody.message.replace(newEmail, '{email}'),
    );

    // Not a member: only an invitation, and its e-mail to the account's owner.
    expect(await memberIn(acme, beta.owner.id)).toBeNull();
    const invitation = await server.services.models.Invitation.findOne({
      where: { company_id: acme.company.id, email: beta.owner.email, accepted_at: null },
    });
    expect(invitation).toMatchObject({ role_id: acme.memberRole.id, invited_by: acme.owner.id });
    const [mail] = await outbox(beta.owner.email);
    expect(mail!.subject).toBe('You are invited to join Acme on Syncdesk');
    const account = await server.services.models.User.findByPk(beta.owner.id);
    expect(account!.name).toBe(beta.owner.name);
    expect(await verifyPassword(account!.password_hash, FIXTURE_PASSWORD)).toBe(true);
    expect(
      await server.services.models.Activity.count({
        where: { event: 'invitation.created', subject_id: invitation!.id },
      }),
    ).toBe(1);

    // They join when they accept, with their own password.
    const token = INVITATION_LINK.exec(mail!.text_body)![1]!;
    const accepted = await server.request('POST', `/api/invitations/accept/${token}`, {
      body: { existing_user: true, email: beta.owner.email, password: FIXTURE_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    expect((await memberIn(acme, beta.owner.id))!.role_id).toBe(acme.memberRole.id);
  });

  it('creates one account for a double submit: the second finds a member', async () => {
    const body = { ...createBody(address('twice')), name: 'Dora Double' };
    const responses = await Promise.all([create(body), create(body)]);
    expect(responses.map((response) => response.status).sort()).toEqual([202, 422]);
    const refused = responses.find((response) => response.status === 422)!;
    expect((await readJson(refused)).errors).toEqual({ email: [ALREADY_A_MEMBER] });
    expect(await server.services.models.User.count({ where: { email: body.email } })).toBe(1);
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
    const email = address('verify');
    expect((await create(createBody(email))).status).toBe(202);
    const created = await server.services.models.User.findOne({ where: { email } });
    const verified = await server.request('PATCH', `/api/users/${created!.id}/verify`, { token: ownerToken });
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
    // Nobody demotes themselves; a platform administrator may demote others, but not the last manager.
    const selfDemote = await update(manager.id, { role_id: solo.memberRole.id }, managerToken);
    expect((await readJson(selfDemote)).message).toBe(OWN_ROLE_FIXED);
    const administrator = await createUser(server.services, { administrator: true });
    const demote = await update(
      manager.id,
      { role_id: solo.memberRole.id },
      await solo.tokenFor(administrator),
    );
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

  it('assigns only roles whose permissions the caller holds, on update and on create', async () => {
    const manager = await acmeMember(['users.read', 'users.create', 'users.update']);
    const target = await acme.addMember([]);
    await expectForbidden(
      await update(target.id, { role_id: acme.administratorRole.id }, manager.token),
      GRANT_BEYOND_HELD,
    );
    expect((await memberIn(acme, target.id))!.role_id).not.toBe(acme.administratorRole.id);
    expect((await update(target.id, { role_id: manager.role.id }, manager.token)).status).toBe(200);

    // The Member role reads orders, products… which the manager doesn't: neither path gives it.
    for (const email of [address('granted'), beta.owner.email]) {
      await expectForbidden(await create(createBody(email), undefined, manager.token), GRANT_BEYOND_HELD);
    }
    expect(
      await server.services.models.Invitation.count({
        where: { company_id: acme.company.id, email: beta.owner.email, invited_by: manager.user.id },
      }),
    ).toBe(0);
    expect(
      (await create(createBody(address('granted'), manager.role.id), undefined, manager.token)).status,
    ).toBe(202);
    // Bad input is still refused first, as 422.
    const invalid = await update(target.id, { role_id: 'x' }, manager.token);
    expect(invalid.status).toBe(422);

    // Under data protection, a role without it would unmask personal data: that's wider too.
    const protectedManager = await acmeMember(['users.update', 'data_protection']);
    const unprotected = await acmeMember([]);
    const other = await acme.addMember(['data_protection']);
    await expectForbidden(
      await update(other.id, { role_id: unprotected.role.id }, protectedManager.token),
      GRANT_BEYOND_HELD,
    );
  });

  it('lets nobody change their own role, not even to a narrower one', async () => {
    const manager = await acmeMember(['users.read', 'users.update']);
    const narrower = await acmeMember(['users.read']);
    await expectForbidden(
      await update(manager.user.id, { role_id: narrower.role.id }, manager.token),
      OWN_ROLE_FIXED,
    );
    // Sending the role they hold is no change (a form sends every field).
    const same = await update(manager.user.id, { role_id: manager.role.id, name: 'Still Me' }, manager.token);
    expect(same.status).toBe(200);
  });

  it('keeps the owner’s role fixed: not even a co-administrator or the owner changes it', async () => {
    const coAdministrator = await acme.addMemberWithRole(acme.administratorRole);
    const coToken = await acme.tokenFor(coAdministrator);
    await expectForbidden(
      await update(acme.owner.id, { role_id: acme.memberRole.id }, coToken),
      OWNER_ROLE_FIXED,
    );
    await expectForbidden(await update(acme.owner.id, { role_id: acme.memberRole.id }), OWNER_ROLE_FIXED);
    expect((await memberIn(acme, acme.owner.id))!.role_id).toBe(acme.administratorRole.id);
    // Their other details are not fixed.
    expect((await update(acme.owner.id, { role_id: acme.administratorRole.id }, coToken)).status).toBe(200);
  });

  it('keeps members whose role reaches beyond the caller out of their reach', async () => {
    const manager = await acmeMember(['users.read', 'users.update', 'users.delete']);
    const empty = await acmeMember([]);
    const coAdministrator = await acme.addMemberWithRole(acme.administratorRole);
    await expectForbidden(
      await update(coAdministrator.id, { role_id: empty.role.id }, manager.token),
      MEMBER_BEYOND_REACH,
    );
    await expectForbidden(await remove(coAdministrator.id, manager.token), MEMBER_BEYOND_REACH);
    expect((await memberIn(acme, coAdministrator.id))!.role_id).toBe(acme.administratorRole.id);

    const within = await acme.addMember(['users.read']);
    expect((await update(within.id, { role_id: empty.role.id }, manager.token)).status).toBe(200);
    expect((await remove(within.id, manager.token)).status).toBe(204);
  });

  it('exempts platform administrators from these rules', async () => {
    const exempt = await createCompany(server.services, { name: 'Exempt' });
    await exempt.addMemberWithRole(exempt.administratorRole);
    const administrator = await createUser(server.services, { administrator: true });
    const token = await exempt.tokenFor(administrator);
    const moved = await update(exempt.owner.id, { role_id: exempt.memberRole.id }, token);
    expect(moved.status).toBe(200);
    expect((await memberIn(exempt, exempt.owner.id))!.role_id).toBe(exempt.memberRole.id);
  });

  it('announces a member’s role change and removal once committed, and nothing when refused', async () => {
    const target = await acme.addMember([]);
    const empty = await acmeMember([]);
    const change = { kind: 'user', userId: target.id } as const;
    const watch = watchAuthority(server.services);
    try {
      expect((await update(target.id, { role_id: empty.role.id })).status).toBe(200);
      expectAnnounced(watch, change);
      expect((await remove(target.id)).status).toBe(204);
      expectAnnounced(watch, change);
      expect((await update(acme.owner.id, { role_id: empty.role.id })).status).toBe(403);
      expect(watch.take().changes).toEqual([]);
    } finally {
      watch.stop();
    }
  });
});
