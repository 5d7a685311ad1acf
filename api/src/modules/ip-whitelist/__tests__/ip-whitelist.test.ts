import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createCompany, FIXTURE_PASSWORD, type CompanyFixture } from '../../../testing/identity-fixtures';
import { IP_NOT_ALLOWED } from '../../auth/scope.service';
import { SELF_LOCKOUT } from '../ip-whitelist.service';

// The test client connects from 127.0.0.1, and TRUST_PROXY is off (the default).
describe('IP whitelist (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let beta: CompanyFixture;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'ipwhitelist');
    server = await startTestProcess(database.url);
    beta = await createCompany(server.services, { name: 'Beta' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const call = (
    token: string,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => server.request(method, `/api${path}`, { token, body, headers });
  const signIn = (email: string, headers?: Record<string, string>) =>
    server.request('POST', '/api/auth/signIn', { body: { email, password: FIXTURE_PASSWORD }, headers });

  it('manages company-wide and role entries with validation, scoped to the company', async () => {
    const acme = await createCompany(server.services, { name: 'Acme' });
    const token = await acme.tokenFor(acme.owner);
    const created = await call(token, 'POST', '/ipWhitelist', { ip_address: ' 203.0.113.0/24 ', status: 2 });
    expect(created.status).toBe(201);
    const entry = (await readJson(created)).data;
    expect(entry).toMatchObject({ ip_address: '203.0.113.0/24', status: 2, company_role_id: null });

    const forRole = (
      await readJson(
        await call(token, 'POST', '/ipWhitelist', {
          ip_address: '198.51.100.7',
          status: 1,
          company_role_id: acme.memberRole.id,
        }),
      )
    ).data;
    const companyList = await readJson(await call(token, 'GET', '/ipWhitelist/company'));
    expect(companyList.data.map((row: { id: number }) => row.id)).toEqual([entry.id]);
    const roleList = await readJson(
      await call(token, 'GET', `/ipWhitelist/companyRole/${acme.memberRole.id}`),
    );
    expect(roleList.data.map((row: { id: number }) => row.id)).toEqual([forRole.id]);
    expect((await call(token, 'GET', `/ipWhitelist/companyRole/${beta.memberRole.id}`)).status).toBe(404);

    const invalid = await call(token, 'POST', '/ipWhitelist', { ip_address: '300.1.1.1', status: 5 });
    expect((await readJson(invalid)).errors).toEqual({
      ip_address: ['The ip address must be a valid IP address or CIDR range.'],
      status: ['The status must be 0, 1 or 2.'],
    });
    const foreignRole = await call(token, 'POST', '/ipWhitelist', {
      ip_address: '198.51.100.8',
      status: 1,
      company_role_id: beta.memberRole.id,
    });
    expect((await readJson(foreignRole)).errors).toEqual({
      company_role_id: ['The selected role is invalid.'],
    });

    const updated = await call(token, 'PUT', `/ipWhitelist/${entry.id}`, { status: 0 });
    expect((await readJson(updated)).data.status).toBe(0);
    expect((await call(token, 'GET', `/ipWhitelist/${entry.id}`, undefined)).status).toBe(200);
    const betaToken = await beta.tokenFor(beta.owner);
    expect((await call(betaToken, 'GET', `/ipWhitelist/${entry.id}`)).status).toBe(404);
    expect((await call(betaToken, 'DELETE', `/ipWhitelist/${entry.id}`)).status).toBe(404);
    expect((await call(token, 'DELETE', `/ipWhitelist/${entry.id}`)).status).toBe(204);
    const events = await server.services.models.Activity.findAll({
      where: { subject_type: 'ip_whitelist', subject_id: entry.id },
    });
    expect(events.map((row) => row.event).sort()).toEqual([
      'ip_whitelist.created',
      'ip_whitelist.deleted',
      'ip_whitelist.updated',
    ]);
  });

  it('refuses a change that would block the caller’s own address', async () => {
    const acme = await createCompany(server.services, { name: 'Acme Lockout' });
    const token = await acme.tokenFor(acme.owner);
    const refusedWith = async (response: Response) => {
      expect(response.status).toBe(422);
      expect(await readJson(response)).toEqual({
        message: SELF_LOCKOUT,
        error: 'validation',
        errors: { ip_address: [SELF_LOCKOUT] },
      });
    };
    await refusedWith(await call(token, 'POST', '/ipWhitelist', { ip_address: '127.0.0.1', status: 2 }));
    await refusedWith(await call(token, 'POST', '/ipWhitelist', { ip_address: '10.0.0.0/8', status: 1 }));
    await refusedWith(
      await call(token, 'POST', '/ipWhitelist', {
        ip_address: '127.0.0.0/8',
        status: 2,
        company_role_id: acme.administratorRole.id,
      }),
    );
    // Another role's rules don't touch the caller.
    const otherRole = await call(token, 'POST', '/ipWhitelist', {
      ip_address: '127.0.0.1',
      status: 2,
      company_role_id: acme.memberRole.id,
    });
    expect(otherRole.status).toBe(201);

    const own = (
      await readJson(await call(token, 'POST', '/ipWhitelist', { ip_address: '127.0.0.1', status: 1 }))
    ).data;
    const office = await call(token, 'POST', '/ipWhitelist', { ip_address: '10.0.0.0/8', status: 1 });
    expect(office.status).toBe(201);
    await refusedWith(await call(token, 'PUT', `/ipWhitelist/${own.id}`, { ip_address: '10.1.2.3' }));
    await refusedWith(await call(token, 'PUT', `/ipWhitelist/${own.id}`, { status: 0 }));
    await refusedWith(await call(token, 'DELETE', `/ipWhitelist/${own.id}`));
    expect((await call(token, 'POST', '/me')).status).toBe(200);
  });

  it('enforces the rules at sign-in and on every request; role rules only for that role', async () => {
    const acme = await createCompany(server.services, { name: 'Acme Guarded' });
    const ownerToken = await acme.tokenFor(acme.owner);
    const member = await acme.addMember(['orders.read']);
    const membership = await server.services.models.CompanyUser.findOne({ where: { user_id: member.id } });
    const memberToken = (await readJson(await signIn(member.email))).data.token as string;
    expect((await call(memberToken, 'POST', '/me')).status).toBe(200);

    const blocked = await call(ownerToken, 'POST', '/ipWhitelist', {
      ip_address: '127.0.0.1',
      status: 2,
      company_role_id: membership!.role_id,
    });
    expect(blocked.status).toBe(201);
    const refusedSignIn = await signIn(member.email);
    expect(refusedSignIn.status).toBe(403);
    expect((await readJson(refusedSignIn)).message).toBe(IP_NOT_ALLOWED);
    const refusedRequest = await call(memberToken, 'POST', '/me');
    expect(refusedRequest.status).toBe(403);
    expect((await readJson(refusedRequest)).message).toBe(IP_NOT_ALLOWED);
    // A spoofed X-Forwarded-For changes nothing: no proxy is trusted.
    expect(
      (await call(memberToken, 'POST', '/me', undefined, { 'X-Forwarded-For': '198.51.100.9' })).status,
    ).toBe(403);
    // The owner's role has no such rule.
    expect((await call(ownerToken, 'POST', '/me')).status).toBe(200);
    expect((await signIn(acme.owner.email)).status).toBe(200);

    expect(
      (await call(ownerToken, 'DELETE', `/ipWhitelist/${(await readJson(blocked)).data.id}`)).status,
    ).toBe(204);
    expect((await call(memberToken, 'POST', '/me')).status).toBe(200);

    // A company-wide allowed list without 127.0.0.1 (made outside the api, which would refuse it for
    // the caller) refuses everyone's next request, spoofed header or not.
    await server.services.models.IpWhitelist.create({
      company_id: acme.company.id,
      company_role_id: null,
      ip_address: '198.51.100.0/24',
      status: 1,
    });
    for (const token of [ownerToken, memberToken]) {
      const response = await call(token, 'POST', '/me', undefined, { 'X-Forwarded-For': '198.51.100.9' });
      expect(response.status).toBe(403);
      expect((await readJson(response)).message).toBe(IP_NOT_ALLOWED);
    }
    expect((await signIn(acme.owner.email, { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(403);
    // Other companies are unaffected.
    expect((await call(await beta.tokenFor(beta.owner), 'POST', '/me')).status).toBe(200);
  });
});
