import { Op } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { connected, nextEvent, readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createCompany, FIXTURE_PASSWORD, type CompanyFixture } from '../../../testing/identity-fixtures';
import { startSmtpCapture, type SmtpCapture } from '../../../testing/smtp-capture';

describe('sessions, passwords and e-mail flows (MySQL, real SMTP)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let smtp: SmtpCapture;
  let acme: CompanyFixture;
  let beta: CompanyFixture;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'session');
    smtp = await startSmtpCapture();
    server = await startTestProcess(database.url, { SMTP_URL: smtp.url, APP_URL: 'http://app.example' });
    acme = await createCompany(server.services, { name: 'Acme', stores: ['Acme UK', 'Acme EU'] });
    beta = await createCompany(server.services, { name: 'Beta' });
    // The Acme owner also belongs to Beta, to switch between them.
    await server.services.models.CompanyUser.create({
      company_id: beta.company.id,
      user_id: acme.owner.id,
      role_id: beta.memberRole.id,
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.drop();
  });

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    server.request('POST', '/api/auth/signIn', { body: { email, password }, headers });

  it('signs in with e-mail and password and answers /me with the spec fields', async () => {
    const response = await signIn(acme.owner.email.toUpperCase(), FIXTURE_PASSWORD);
    expect(response.status).toBe(200);
    const { data } = await readJson(response);
    expect(typeof data.token).toBe('string');
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now());

    const me = await readJson(await server.request('POST', '/api/me', { token: data.token }));
    expect(me.data).toMatchObject({
      id: acme.owner.id,
      name: acme.owner.name,
      email: acme.owner.email,
      company: 'Acme',
      company_id: acme.company.id,
      administrator: false,
      support_hash: null,
      has_notification: false,
    });
    expect(me.data.stores.map((store: { name: string }) => store.name)).toEqual(['Acme EU', 'Acme UK']);
    expect(me.data.scope).toContain('users.read');
    expect(me.data.scope).not.toContain('data_protection');
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await signIn('nobody@example.com', 'whatever-password');
    const wrong = await signIn(beta.owner.email, 'wrong-password');
    expect(unknown.status).toBe(422);
    expect(wrong.status).toBe(422);
    expect(await readJson(unknown)).toEqual(await readJson(wrong));
  });

  it('throttles an account after repeated failures with the spec message and a countdown', async () => {
    const target = await acme.addMember(['orders.read']);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(target.email, 'wrong-password')).status).toBe(422);
    }
    const blocked = await signIn(target.email, FIXTURE_PASSWORD);
    expect(blocked.status).toBe(429);
    const body = await readJson(blocked);
    expect(body.message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    const seconds = Number(/in (\d+) seconds/.exec(body.message)?.[1]);
    expect(seconds).toBeGreaterThan(800);
    expect(seconds).toBeLessThanOrEqual(900);
    // Another account from the same address is not locked by this one's failures.
    expect((await signIn(beta.owner.email, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('revokes the token on sign-out and tells the user’s other tabs', async () => {
    const { data } = await readJson(await signIn(beta.owner.email, FIXTURE_PASSWORD));
    const socket = server.connect(data.token);
    await connected(socket);
    const ended = nextEvent(socket, 'session:ended');
    expect((await server.request('POST', '/api/auth/signOut', { token: data.token })).status).toBe(204);
    expect(await ended).toEqual({ userId: beta.owner.id });
    const after = await server.request('POST', '/api/me', { token: data.token });
    expect(after.status).toBe(401);
  });

  it('switches company: a new token for the other company, the old one revoked after a grace, non-members refused', async () => {
    const { data } = await readJson(await signIn(acme.owner.email, FIXTURE_PASSWORD));
    const switched = await server.request('POST', `/api/auth/switchCompany/${beta.company.id}`, {
      token: data.token,
    });
    expect(switched.status).toBe(200);
    const next = (await readJson(switched)).data.token;
    const me = await readJson(await server.request('POST', '/api/me', { token: next }));
    expect(me.data).toMatchObject({ company: 'Beta', company_id: beta.company.id, stores: [] });
    // The Member role of Beta: read access only.
    expect(me.data.scope).not.toContain('users.update');
    // The replaced token keeps working briefly (other tabs may have requests in flight), then stops.
    expect((await server.request('POST', '/api/me', { token: data.token })).status).toBe(200);
    await server.services.models.RevokedToken.update(
      { effective_at: new Date(Date.now() - 1000) },
      { where: { effective_at: { [Op.ne]: null } } },
    );
    expect((await server.request('POST', '/api/me', { token: data.token })).status).toBe(401);

    const stranger = await createCompany(server.services, { name: 'Stranger' });
    const refused = await server.request('POST', `/api/auth/switchCompany/${stranger.company.id}`, {
      token: next,
    });
    expect(refused.status).toBe(404);
  });

  it('resets a password through the e-mailed single-use link', async () => {
    const user = await acme.addMember(['orders.read']);
    const arrived = smtp.nextFor(user.email);
    const requested = await server.request('POST', '/api/auth/resetPassword', {
      body: { email: user.email },
    });
    expect(requested.status).toBe(200);
    const unknown = await server.request('POST', '/api/auth/resetPassword', {
      body: { email: 'ghost@example.com' },
    });
    expect(await readJson(unknown)).toEqual(await readJson(requested));

    const email = await arrived;
    expect(email.subject).toBe('Reset your password');
    const token = /http:\/\/app\.example\/password\/reset\?token=([A-Za-z0-9_-]{43})/.exec(email.raw)?.[1];
    expect(token).toBeDefined();

    const mismatch = await server.request('POST', '/api/auth/resetPasswordConfirm', {
      body: { token, password: 'brand-new-pass', password_confirmation: 'different-pass' },
    });
    expect(mismatch.status).toBe(422);
    expect((await readJson(mismatch)).errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });

    const reset = await server.request('POST', '/api/auth/resetPasswordConfirm', {
      body: { token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(user.email, 'brand-new-pass')).status).toBe(200);

    const reused = await server.request('POST', '/api/auth/resetPasswordConfirm', {
      body: { token, password: 'another-pass-1', password_confirmation: 'another-pass-1' },
    });
    expect(reused.status).toBe(422);
    expect((await readJson(reused)).message).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses an expired reset link', async () => {
    const user = await acme.addMember([]);
    const arrived = smtp.nextFor(user.email);
    await server.request('POST', '/api/auth/resetPassword', { body: { email: user.email } });
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await arrived).raw)![1];
    await server.services.models.OneTimeToken.update(
      { expires_at: new Date(Date.now() - 1000) },
      { where: { user_id: user.id } },
    );
    const response = await server.request('POST', '/api/auth/resetPasswordConfirm', {
      body: { token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(response.status).toBe(422);
  });

  it('registers a company and its owner, and verifies the e-mail address from the link', async () => {
    const badPhone = await server.request('POST', '/api/auth/register', {
      body: {
        company_name: 'New Shop',
        name: 'Nia New',
        email: 'nia@example.com',
        phone: '12ab',
        password: 'a-long-password',
        password_confirmation: 'a-long-password',
      },
    });
    expect(badPhone.status).toBe(422);
    expect((await readJson(badPhone)).errors).toEqual({ phone: ['Please enter a valid phone number.'] });

    const arrived = smtp.nextFor('nia@example.com');
    const registered = await server.request('POST', '/api/auth/register', {
      body: {
        company_name: 'New Shop',
        name: 'Nia New',
        email: 'nia@example.com',
        phone: '+44 20 7946 0958',
        password: 'a-long-password',
        password_confirmation: 'a-long-password',
      },
    });
    expect(registered.status).toBe(201);
    const token = (await readJson(registered)).data.token;
    const me = await readJson(await server.request('POST', '/api/me', { token }));
    expect(me.data).toMatchObject({ name: 'Nia New', company: 'New Shop' });
    expect(me.data.scope).toContain('roles.update');

    const again = await server.request('POST', '/api/auth/register', {
      body: {
        company_name: 'Other',
        name: 'Nia Again',
        email: 'NIA@example.com',
        password: 'a-long-password',
        password_confirmation: 'a-long-password',
      },
    });
    expect((await readJson(again)).errors).toEqual({ email: ['The email has already been taken.'] });

    const link = /http:\/\/app\.example\/auth\/verify-email\/(\d+)\/([A-Za-z0-9_-]{43})/.exec(
      (await arrived).raw,
    );
    expect(link).not.toBeNull();
    const wrong = await server.request('POST', '/api/auth/verifyEmail', {
      body: { id: link![1], token: 'x'.repeat(43) },
    });
    expect((await readJson(wrong)).message).toBe('Your e-mail address could not be verified.');
    const verified = await server.request('POST', '/api/auth/verifyEmail', {
      body: { id: link![1], token: link![2] },
    });
    expect(verified.status).toBe(200);
    const user = await server.services.models.User.findOne({ where: { email: 'nia@example.com' } });
    expect(user?.email_verified_at).not.toBeNull();
  });

  it('changes the password only with the current one', async () => {
    const user = await acme.addMember([]);
    const token = await acme.tokenFor(user);
    const wrong = await server.request('POST', '/api/auth/changePassword', {
      token,
      body: { current_password: 'nope', password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(wrong.status).toBe(422);
    expect((await readJson(wrong)).errors).toEqual({
      current_password: ['The current password is incorrect.'],
    });
    const changed = await server.request('POST', '/api/auth/changePassword', {
      token,
      body: {
        current_password: FIXTURE_PASSWORD,
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
    });
    expect(changed.status).toBe(200);
    expect((await signIn(user.email, 'new-password-1')).status).toBe(200);
  });

  it('lets a personal API token call the api until it is deleted', async () => {
    const token = await acme.tokenFor(acme.owner);
    const created = await readJson(
      await server.request('POST', '/api/userTokens', { token, body: { name: 'Warehouse script' } }),
    );
    expect(created.data.token).toMatch(/^sd_/);
    const viaApiToken = await server.request('POST', '/api/me', { token: created.data.token });
    expect((await readJson(viaApiToken)).data.company_id).toBe(acme.company.id);
    const listed = await readJson(await server.request('GET', '/api/userTokens', { token }));
    expect(listed.data[0]).not.toHaveProperty('token');
    await server.request('DELETE', `/api/userTokens/${created.data.id}`, { token });
    expect((await server.request('POST', '/api/me', { token: created.data.token })).status).toBe(401);
  });

  it('records activities with who, how and what changed', async () => {
    const token = await acme.tokenFor(acme.owner);
    await server.request('PUT', '/api/me', {
      token,
      body: { name: 'Acme Boss' },
      headers: { 'X-Requested-With': 'syncdesk-web' },
    });
    const activity = await server.services.models.Activity.findOne({
      where: { event: 'user.updated', subject_id: acme.owner.id },
      order: [['id', 'DESC']],
    });
    expect(activity).toMatchObject({ source: 'user', source_name: acme.owner.name, via: 'web' });
    expect(activity?.old_values).toMatchObject({ name: acme.owner.name });
    expect(activity?.new_values).toMatchObject({ name: 'Acme Boss' });
  });

  it('keeps a browser push registration and gives its id in a response header', async () => {
    const token = await acme.tokenFor(acme.owner);
    const saved = await server.request('PUT', '/api/auth/saveFcmDeviceToken', {
      token,
      body: { device_token: 'browser-push-token', device_type: 'web' },
    });
    expect(saved.status).toBe(200);
    const id = saved.headers.get('x-device-token-id');
    expect(id).toMatch(/^\d+$/);
    expect((await server.request('DELETE', `/api/auth/deleteFcmDeviceToken/${id}`, { token })).status).toBe(
      204,
    );
    expect((await server.request('DELETE', `/api/auth/deleteFcmDeviceToken/${id}`, { token })).status).toBe(
      404,
    );
  });

  it('lets a platform administrator open any company, and nobody else', async () => {
    const operations = await createCompany(server.services, { name: 'Operations', administrator: true });
    const token = await operations.tokenFor(operations.owner);
    const switched = await server.request('POST', `/api/auth/switchCompany/${acme.company.id}`, { token });
    expect(switched.status).toBe(200);
    const me = await readJson(
      await server.request('POST', '/api/me', { token: (await readJson(switched)).data.token }),
    );
    expect(me.data).toMatchObject({ company: 'Acme', administrator: true });
  });
});
