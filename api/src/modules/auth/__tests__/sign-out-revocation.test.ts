import { rooms } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { connected, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createCompany, FIXTURE_PASSWORD, type CompanyFixture } from '../../../testing/identity-fixtures';

/**
 * A sign-out answered as done has ended its token; one whose revocation was not written says so,
 * and tells no tab the session ended (the token still works, so the tabs keep showing it).
 */
describe('sign-out and its revocation (SQLite)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let acme: CompanyFixture;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'sign_out_revocation');
    server = await startTestProcess(database.url);
    acme = await createCompany(server.services, { name: 'Acme' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const signIn = async () => {
    const response = await server.request('POST', '/api/auth/signIn', {
      body: { email: acme.owner.email, password: FIXTURE_PASSWORD },
    });
    return ((await response.json()) as { data: { token: string } }).data.token;
  };
  const me = async (token: string) => (await server.request('POST', '/api/me', { token })).status;
  const until = async (check: () => boolean) => {
    const giveUpAt = Date.now() + 10_000;
    while (!check() && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 25));
  };

  it('fails loudly, telling no tab, when the revocation cannot be written; ends the session once it can', async () => {
    const leaving = await signIn();
    // Another tab of the same person, on its own token: it hears of every sign-out of the user.
    const otherTab = server.connect(await signIn());
    await connected(otherTab);
    const ended: unknown[] = [];
    otherTab.on('session:ended', (payload: unknown) => ended.push(payload));

    // The database refuses the revocation (a real failure of the write, not a stand-in).
    const { sequelize } = server.services;
    await sequelize.query(
      "CREATE TRIGGER refuse_revocations BEFORE INSERT ON revoked_tokens BEGIN SELECT RAISE(ABORT, 'refused'); END;",
    );
    try {
      const refused = await server.request('POST', '/api/auth/signOut', { token: leaving });
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(await me(leaving)).toBe(200);
    } finally {
      await sequelize.query('DROP TRIGGER refuse_revocations;');
    }
    // A marker sent now reaches the tab after anything the failed sign-out sent (one socket keeps
    // the order): when it is there, nothing else may be.
    server.services.publish({
      name: 'session:ended',
      rooms: [rooms.user(acme.owner.id)],
      payload: { userId: 0 },
    });
    await until(() => ended.length > 0);
    expect(ended).toEqual([{ userId: 0 }]);

    const signedOut = await server.request('POST', '/api/auth/signOut', { token: leaving });
    expect(signedOut.status).toBe(204);
    expect(await me(leaving)).toBe(401);
    await until(() => ended.length > 1);
    expect(ended).toEqual([{ userId: 0 }, { userId: acme.owner.id }]);
  });
});
