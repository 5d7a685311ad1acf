import { SignJWT } from 'jose';
import { createSecretKey } from 'node:crypto';
import { createCompany } from '../testing/identity-fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../testing/test-database';
import {
  connected,
  nextEvent,
  readJson,
  startTestProcess,
  TEST_SECRET,
  type TestProcess,
} from '@syncdesk/server/testing';
import type { SystemAnnouncementEvent } from '@syncdesk/contracts';

describe.each(TEST_DIALECTS)('api process on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestProcess;
  let adminToken: string;
  let userToken: string;
  let administratorId: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'api');
    server = await startTestProcess(database.url);
    const operations = await createCompany(server.services, { name: 'Operations', administrator: true });
    administratorId = operations.owner.id;
    adminToken = await operations.tokenFor(operations.owner);
    const seller = await createCompany(server.services, { name: 'Seller' });
    userToken = await seller.tokenFor(seller.owner);
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('reports health with database and job-store state', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({
      status: 'ok',
      db: { dialect, status: 'ok' },
      jobs: { backend: 'Sequelize', status: 'ok', worker: 'running' },
    });
  });

  it('answers unknown api paths with the spec error body, never the shell page', async () => {
    const response = await server.request('GET', '/api/does-not-exist', { token: userToken });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await readJson(response)).toEqual({ message: 'Not found.', error: 'not_found' });
  });

  it('refuses calls without a valid bearer token with 401', async () => {
    const anonymous = await server.request('GET', '/api/announcements');
    expect(anonymous.status).toBe(401);
    expect(await readJson(anonymous)).toEqual({ message: 'Unauthenticated.', error: 'unauthenticated' });

    const forged = await new SignJWT({ cid: 1, adm: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('syncdesk')
      .setAudience('syncdesk-api')
      .setExpirationTime('1h')
      .sign(createSecretKey(Buffer.from('another-secret-another-secret-another-secret')));
    expect((await server.request('GET', '/api/announcements', { token: forged })).status).toBe(401);

    const expired = await new SignJWT({ cid: 1, adm: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('syncdesk')
      .setAudience('syncdesk-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(createSecretKey(Buffer.from(TEST_SECRET)));
    const expiredResponse = await server.request('GET', '/api/announcements', { token: expired });
    expect(expiredResponse.status).toBe(401);
    expect((await readJson(expiredResponse)).message).toBe('Your session has expired.');

    // An unsigned token ("alg": "none") must never pass the algorithm allow-list.
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: '1', cid: 1, adm: true, iss: 'syncdesk', aud: 'syncdesk-api' }),
    ).toString('base64url');
    expect(
      (await server.request('GET', '/api/announcements', { token: `${header}.${payload}.` })).status,
    ).toBe(401);
  });

  it('refuses an administrator-only call to other users with 403', async () => {
    const response = await server.request('POST', '/api/announcements', {
      token: userToken,
      body: { message: 'x' },
    });
    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({ message: 'This action is unauthorized.', error: 'forbidden' });
  });

  it('answers invalid input with 422 and the field map', async () => {
    const response = await server.request('POST', '/api/announcements', {
      token: adminToken,
      body: { message: '  ' },
    });
    expect(response.status).toBe(422);
    expect(await readJson(response)).toEqual({
      message: 'The given data was invalid.',
      error: 'validation',
      errors: { message: ['The message field is required.'] },
    });
  });

  it('answers malformed JSON with 400 and a wrong method with 405', async () => {
    const malformed = await server.request('POST', '/api/announcements', {
      token: adminToken,
      body: '{"message":',
    });
    expect(malformed.status).toBe(400);
    expect(await readJson(malformed)).toMatchObject({ error: 'bad_request' });
    const wrongMethod = await server.request('DELETE', '/api/health');
    expect(wrongMethod.status).toBe(405);
    expect(await readJson(wrongMethod)).toMatchObject({ error: 'method_not_allowed' });
  });

  it('refuses sockets without a valid token', async () => {
    await expect(connected(server.connect())).rejects.toThrow('Unauthenticated.');
    await expect(connected(server.connect('not-a-token'))).rejects.toThrow('Unauthenticated.');
  });

  it('delivers an announcement through the worker to open sockets, and lists it', async () => {
    const socket = server.connect(userToken);
    await connected(socket);
    const received = nextEvent<SystemAnnouncementEvent>(socket, 'system:announcement');

    const created = await server.request('POST', '/api/announcements', {
      token: adminToken,
      body: { message: 'Maintenance at 22:00 UTC' },
    });
    expect(created.status).toBe(201);
    const { data } = await readJson(created);
    expect(data).toMatchObject({
      message: 'Maintenance at 22:00 UTC',
      created_by: administratorId,
      published_at: null,
    });

    const event = await received;
    expect(event).toMatchObject({ id: data.id, message: 'Maintenance at 22:00 UTC' });

    const list = await server.request('GET', '/api/announcements?search=maintenance&sort_direction=desc', {
      token: userToken,
    });
    expect(list.status).toBe(200);
    const page = await readJson(list);
    expect(page.meta.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: data.id });
    expect(page.data[0].published_at).not.toBeNull();
  });

  it('applies the list convention and rejects non-whitelisted filters', async () => {
    const bad = await server.request('GET', '/api/announcements?secret[eq]=1', { token: userToken });
    expect(bad.status).toBe(422);
    expect(Object.keys((await readJson(bad)).errors)).toEqual(['secret[eq]']);
  });
});
