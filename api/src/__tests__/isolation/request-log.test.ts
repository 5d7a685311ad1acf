import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '../../logger';
import { createHostedToken, hostedTokenContext } from '../../modules/hosted-pages/hosted-token';
import { createSecretToken } from '../../modules/auth/secret-token';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createCompany } from '../../testing/identity-fixtures';

/**
 * The request log never holds a credential (issue 22, item 3): a hosted page's live token in the
 * path or the query, an invitation's token, answered or refused, is written as `[redacted]`.
 */
describe('the request log keeps no bearer token (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'request_log');
    server = await startTestProcess(database.url, { LOG_LEVEL: 'info' }, createLogger('info', 'test', sink));
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('writes a hosted page’s token, in the path or as ?token=, redacted', async () => {
    const company = await createCompany(server.services, { name: 'Logged', stores: ['Logged Store'] });
    const store = company.stores[0]!;
    const { token, hash } = createHostedToken();
    const uuid = randomUUID();
    await server.services.models.HostedPage.create({
      uuid,
      company_id: store.company_id,
      store_id: store.id,
      created_by: company.owner.id,
      name: 'Logged link',
      token_hash: hash,
      token_encrypted: server.services.credentials.encrypt(token, hostedTokenContext({ uuid })),
      channel_types: ['shopify'],
      expires_at: new Date(Date.now() + 86_400_000),
      revoked_at: null,
      last_used_at: null,
    });
    const invitation = createSecretToken().token;

    await server.request('GET', `/hostedPages/${token}`);
    const me = await server.request('GET', '/api/hostedPages/auth/me', { token });
    expect(me.status).toBe(200);
    await server.request('GET', `/api/hostedPages/auth/me?token=${token}`);
    await server.request('GET', `/api/invitations/verify/${invitation}`);

    const written = lines.join('');
    const requests = written.split('\n').filter((line) => line.includes('"msg":"request"'));
    expect(requests.some((line) => line.includes('/hostedPages/hp_[redacted]'))).toBe(true);
    expect(requests.some((line) => line.includes('/api/hostedPages/auth/me?token=[redacted]'))).toBe(true);
    expect(requests.some((line) => line.includes('/api/invitations/verify/[redacted]'))).toBe(true);
    expect(written).not.toContain(token);
    expect(written).not.toContain(token.slice(3));
    expect(written).not.toContain(invitation);
  });
});
