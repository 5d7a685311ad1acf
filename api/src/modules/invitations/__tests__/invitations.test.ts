import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import {
  createCompany,
  FIXTURE_PASSWORD,
  expectAnnounced,
  watchAuthority,
  type CompanyFixture,
} from '../../../testing/identity-fixtures';
import { startSmtpCapture, type SmtpCapture } from '../../../testing/smtp-capture';
import { hashSecretToken } from '../../auth/secret-token';
import { GRANT_BEYOND_HELD } from '../../roles/company-roles';
import { ALREADY_A_MEMBER } from '../../users/user.service';
import {
  INVITATION_ACCOUNT_EXISTS,
  INVITATION_CREDENTIALS,
  INVITATION_EMAIL_MISMATCH,
  INVITATION_NOT_FOUND,
} from '../invitation.service';

const APP_URL = 'http://app.example';
const LINK = /http:\/\/app\.example\/invitations\/accept\?token=([A-Za-z0-9_-]+)/;

describe('invitations (MySQL, real SMTP)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let smtp: SmtpCapture;
  let acme: CompanyFixture;
  let ownerToken: string;
  let sequence = 0;
  const address = (label: string) => `${label}-${++sequence}@invited.test`;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'invitations');
    smtp = await startSmtpCapture();
    server = await startTestProcess(database.url, { SMTP_URL: smtp.url, APP_URL });
    acme = await createCompany(server.services, { name: 'Acme', stores: ['Acme UK'] });
    ownerToken = await acme.tokenFor(acme.owner);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.drop();
  });

  /** Invites through the api and returns the invitation and the token read from the delivered e-mail. */
  async function invite(email: string, roleId = acme.memberRole.id, path = '/api/users/invitations/invite') {
    const delivered = smtp.nextFor(email);
    const response = await server.request('POST', path, {
      token: ownerToken,
      body: { email, role_id: roleId },
    });
    expect(response.status).toBe(201);
    const { data } = await readJson(response);
    const message = await delivered;
    const token = LINK.exec(message.raw)?.[1];
    if (!token) throw new Error(`no invitation link in: ${message.raw}`);
    return { invitation: data, token, message };
  }

  const accept = (token: string, body: unknown) =>
    server.request('POST', `/api/invitations/accept/${token}`, { body });

  const newUserBody = (email: string) => ({
    existing_user: false,
    name: 'Nina New',
    email,
    password: 'nina-password-1',
    password_confirmation: 'nina-password-1',
  });

  it('e-mails a single-use 256-bit link, stores only its hash, and previews it publicly', async () => {
    const email = address('nina');
    const { invitation, token, message } = await invite(email);
    expect(message.subject).toBe('You are invited to join Acme on Syncdesk');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(invitation).toMatchObject({
      email,
      role: { id: acme.memberRole.id, name: 'Member' },
      accepted_at: null,
    });
    const expiresIn = new Date(invitation.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    const row = await server.services.models.Invitation.findByPk(invitation.id);
    expect(row!.token_hash).toBe(hashSecretToken(token));
    expect(JSON.stringify(row!.toJSON())).not.toContain(token);

    const preview = await server.request('GET', `/api/invitations/verify/${token}`);
    expect(preview.status).toBe(200);
    expect((await readJson(preview)).data).toEqual({
      email,
      company_name: 'Acme',
      role_name: 'Member',
      existing_user: false,
    });
    expect((await server.request('GET', '/api/invitations/verify/not-a-token')).status).toBe(404);
  });

  it('accepts as a new user: verified account, membership with the invited role, signed in; never twice', async () => {
    const email = address('new');
    const { token } = await invite(email, acme.administratorRole.id, '/api/invitations/invite');

    const mismatch = await accept(token, newUserBody(address('other')));
    expect(mismatch.status).toBe(422);
    expect((await readJson(mismatch)).errors).toEqual({ email: [INVITATION_EMAIL_MISMATCH] });

    const badConfirmation = await accept(token, {
      ...newUserBody(email),
      password_confirmation: 'different-1',
    });
    expect((await readJson(badConfirmation)).errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });

    const accepted = await accept(token, newUserBody(email));
    expect(accepted.status).toBe(200);
    const session = (await readJson(accepted)).data;
    const me = (await readJson(await server.request('POST', '/api/me', { token: session.token }))).data;
    expect(me).toMatchObject({ email, name: 'Nina New', company_id: acme.company.id });
    expect(me.scope).toContain('users.update');

    const user = await server.services.models.User.findOne({ where: { email } });
    expect(user!.email_verified_at).not.toBeNull();

    // Double accept (even concurrently) adds nothing: the link is spent.
    const again = await Promise.all([accept(token, newUserBody(email)), accept(token, newUserBody(email))]);
    expect(again.map((response) => response.status)).toEqual([404, 404]);
    expect((await readJson(again[0]!)).message).toBe(INVITATION_NOT_FOUND);
    expect(await server.services.models.CompanyUser.count({ where: { user_id: user!.id } })).toBe(1);
    expect((await server.request('GET', `/api/invitations/verify/${token}`)).status).toBe(404);
  });

  it('accepts as an existing user only with that account’s e-mail and password', async () => {
    const other = await createCompany(server.services, { name: 'Other Co' });
    const email = other.owner.email;
    const { token } = await invite(email);

    const preview = await readJson(await server.request('GET', `/api/invitations/verify/${token}`));
    expect(preview.data.existing_user).toBe(true);

    const asNew = await accept(token, newUserBody(email));
    expect((await readJson(asNew)).errors).toEqual({ email: [INVITATION_ACCOUNT_EXISTS] });

    const wrongPassword = await accept(token, { existing_user: true, email, password: 'wrong-password' });
    expect(wrongPassword.status).toBe(422);
    expect(await readJson(wrongPassword)).toMatchObject({
      message: INVITATION_CREDENTIALS,
      errors: { password: [INVITATION_CREDENTIALS] },
    });
    const wrongEmail = await accept(token, {
      existing_user: true,
      email: acme.owner.email,
      password: FIXTURE_PASSWORD,
    });
    expect((await readJson(wrongEmail)).errors).toEqual({ email: [INVITATION_EMAIL_MISMATCH] });

    const accepted = await accept(token, {
      existing_user: true,
      email: email.toUpperCase(),
      password: FIXTURE_PASSWORD,
    });
    expect(accepted.status).toBe(200);
    const me = (
      await readJson(
        await server.request('POST', '/api/me', { token: (await readJson(accepted)).data.token }),
      )
    ).data;
    expect(me).toMatchObject({ id: other.owner.id, company_id: acme.company.id });
    // Still in their own company, and their password is unchanged.
    expect(await server.services.models.CompanyUser.count({ where: { user_id: other.owner.id } })).toBe(2);
  });

  it('refuses expired links, falls back to the default role when the invited one was deleted', async () => {
    const expiredEmail = address('late');
    const { invitation: expired, token: expiredToken } = await invite(expiredEmail);
    await server.services.models.Invitation.update(
      { expires_at: new Date(Date.now() - 1000) },
      { where: { id: expired.id } },
    );
    expect((await server.request('GET', `/api/invitations/verify/${expiredToken}`)).status).toBe(404);
    expect((await accept(expiredToken, newUserBody(expiredEmail))).status).toBe(404);

    const role = await server.services.models.Role.create({
      company_id: acme.company.id,
      name: 'Short-lived',
      permissions: ['orders.read'],
      is_default: false,
    });
    const email = address('fallback');
    const { token } = await invite(email, role.id);
    expect((await server.request('DELETE', `/api/roles/${role.id}`, { token: ownerToken })).status).toBe(204);
    expect(
      (await readJson(await server.request('GET', `/api/invitations/verify/${token}`))).data.role_name,
    ).toBe('Member');
    expect((await accept(token, newUserBody(email))).status).toBe(200);
    const user = await server.services.models.User.findOne({ where: { email } });
    const membership = await server.services.models.CompanyUser.findOne({ where: { user_id: user!.id } });
    expect(membership!.role_id).toBe(acme.memberRole.id);
  });

  it('replaces a pending invitation to the same address, and refuses members and foreign roles', async () => {
    const email = address('twice');
    const first = await invite(email);
    const second = await invite(email, acme.administratorRole.id);
    expect((await server.request('GET', `/api/invitations/verify/${first.token}`)).status).toBe(404);
    expect(
      (await server.request('GET', `/api/invitations/${first.invitation.id}`, { token: ownerToken })).status,
    ).toBe(404);
    const list = await readJson(
      await server.request('GET', `/api/invitations?search=${encodeURIComponent(email)}`, {
        token: ownerToken,
      }),
    );
    expect(list.data.map((row: { id: number }) => row.id)).toEqual([second.invitation.id]);
    expect(list.meta.total).toBe(1);

    const member = await server.request('POST', '/api/invitations/invite', {
      token: ownerToken,
      body: { email: acme.owner.email, role_id: acme.memberRole.id },
    });
    expect(member.status).toBe(422);
    expect((await readJson(member)).errors).toEqual({ email: [ALREADY_A_MEMBER] });

    const beta = await createCompany(server.services, { name: 'Beta' });
    const foreignRole = await server.request('POST', '/api/invitations/invite', {
      token: ownerToken,
      body: { email: address('x'), role_id: beta.memberRole.id },
    });
    expect((await readJson(foreignRole)).errors).toEqual({ role_id: ['The selected role is invalid.'] });

    const invalid = await server.request('POST', '/api/invitations/invite', {
      token: ownerToken,
      body: { email: 'nope' },
    });
    expect((await readJson(invalid)).errors).toEqual({
      email: ['The email must be a valid email address.'],
      role_id: ['The role field is required.'],
    });
  });

  it('changes an invitation’s role, deletes it, and records each change', async () => {
    const { invitation, token } = await invite(address('edit'));
    const changed = await server.request('PUT', `/api/invitations/${invitation.id}`, {
      token: ownerToken,
      body: { role_id: acme.administratorRole.id },
    });
    expect((await readJson(changed)).data.role).toEqual({
      id: acme.administratorRole.id,
      name: 'Administrator',
    });
    const badRole = await server.request('PUT', `/api/invitations/${invitation.id}`, {
      token: ownerToken,
      body: { role_id: 0 },
    });
    expect((await readJson(badRole)).errors).toEqual({ role_id: ['The role field is required.'] });

    expect(
      (await server.request('DELETE', `/api/invitations/${invitation.id}`, { token: ownerToken })).status,
    ).toBe(204);
    expect((await server.request('GET', `/api/invitations/verify/${token}`)).status).toBe(404);

    const activities = await readJson(
      await server.request(
        'GET',
        `/api/activities?subject_type[eq]=invitation&subject_id[eq]=${invitation.id}`,
        {
          token: ownerToken,
        },
      ),
    );
    expect(activities.data.map((row: { event: string }) => row.event).sort()).toEqual([
      'invitation.created',
      'invitation.deleted',
      'invitation.updated',
    ]);
    const updated = activities.data.find((row: { event: string }) => row.event === 'invitation.updated');
    expect(updated).toMatchObject({
      old: { role: 'Member' },
      new: { role: 'Administrator' },
      source: 'user',
    });
  });

  it('invites only to a role the inviter may grant, and changes an invitation’s role only to one', async () => {
    const inviter = await acme.addMember(['users.read', 'users.create', 'users.update']);
    const inviterRole = await acme.roleOf(inviter);
    const token = await acme.tokenFor(inviter);
    const email = address('granted');
    // The Member role reads orders, products… which the inviter doesn't hold.
    const wider = await server.request('POST', '/api/invitations/invite', {
      token,
      body: { email, role_id: acme.memberRole.id },
    });
    expect(wider.status).toBe(403);
    expect((await readJson(wider)).message).toBe(GRANT_BEYOND_HELD);
    expect(await server.services.models.Invitation.count({ where: { email } })).toBe(0);

    const sent = await server.request('POST', '/api/invitations/invite', {
      token,
      body: { email, role_id: inviterRole.id },
    });
    expect(sent.status).toBe(201);
    const { id } = (await readJson(sent)).data;
    const raised = await server.request('PUT', `/api/invitations/${id}`, {
      token,
      body: { role_id: acme.administratorRole.id },
    });
    expect(raised.status).toBe(403);
    expect((await readJson(raised)).message).toBe(GRANT_BEYOND_HELD);
    expect((await server.services.models.Invitation.findByPk(id))!.role_id).toBe(inviterRole.id);
  });

  it('announces the new member once the acceptance is committed', async () => {
    const email = address('announced');
    const { token } = await invite(email);
    const watch = watchAuthority(server.services);
    try {
      expect((await accept(token, newUserBody(email))).status).toBe(200);
      const user = await server.services.models.User.findOne({ where: { email } });
      expectAnnounced(watch, { kind: 'user', userId: user!.id });
    } finally {
      watch.stop();
    }
  });
});
