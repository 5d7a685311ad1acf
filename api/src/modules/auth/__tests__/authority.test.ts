import type { Socket } from 'socket.io-client';
import { rooms, type SystemAnnouncementEvent } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { connected, readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';
import { createCompany, FIXTURE_PASSWORD, type CompanyFixture } from '../../../testing/identity-fixtures';
import { createSecretToken } from '../secret-token';
import { SESSION_ENDED } from '../scope.service';

/**
 * Authority ends where it should, at once: tokens after a password change or reset, sockets of a
 * signed-out token, a removed member's sockets and rooms, a narrowed role or an IP rule on the
 * next request — even though scopes are cached between requests.
 */
describe('authority follows every change, at once (MySQL)', () => {
  let database: TestDatabase;
  let server: TestProcess;
  let acme: CompanyFixture;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'authority');
    server = await startTestProcess(database.url);
    acme = await createCompany(server.services, { name: 'Acme', stores: ['Acme UK', 'Acme EU'] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const signIn = async (email: string, password = FIXTURE_PASSWORD): Promise<string> => {
    const response = await server.request('POST', '/api/auth/signIn', { body: { email, password } });
    expect(response.status).toBe(200);
    return (await readJson(response)).data.token as string;
  };
  const me = (token: string) => server.request('POST', '/api/me', { token });
  const disconnected = (socket: Socket, timeoutMs = 5000) =>
    new Promise<string>((resolve, reject) => {
      if (!socket.connected) return resolve('already');
      const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  /** Whether `socket` receives an announcement published to `room` within a short while. */
  const receives = (socket: Socket, room: ReturnType<typeof rooms.company>, id: number) =>
    new Promise<boolean>((resolve) => {
      const listener = (event: SystemAnnouncementEvent) => {
        if (event.id !== id) return;
        socket.off('system:announcement', listener);
        clearTimeout(timer);
        resolve(true);
      };
      socket.on('system:announcement', listener);
      const timer = setTimeout(() => {
        socket.off('system:announcement', listener);
        resolve(false);
      }, 1500);
      server.services.publish({
        name: 'system:announcement',
        rooms: [room],
        payload: { id, message: `to ${room}`, at: new Date().toISOString() },
      });
    });

  it('a password change ends every other session and its sockets, keeps the one that changed it and API tokens', async () => {
    const member = await acme.addMember(['users.read']);
    const current = await signIn(member.email);
    const other = await signIn(member.email);
    const apiToken = await readJson(
      await server.request('POST', '/api/userTokens', { token: current, body: { name: 'Integration' } }),
    );
    const otherSocket = server.connect(other);
    await connected(otherSocket);
    expect((await me(other)).status).toBe(200); // cached before the change

    const ended = disconnected(otherSocket);
    const changed = await server.request('POST', '/api/auth/changePassword', {
      token: current,
      body: {
        current_password: FIXTURE_PASSWORD,
        password: 'a-new-password-1',
        password_confirmation: 'a-new-password-1',
      },
    });
    expect(changed.status).toBeLessThan(300);

    const refused = await me(other);
    expect(refused.status).toBe(401);
    expect((await readJson(refused)).message).toBe(SESSION_ENDED);
    await ended;
    expect((await me(current)).status).toBe(200);
    expect((await me(apiToken.data.token)).status).toBe(200);
    // A socket opened again with the ended token is refused; the new password signs in.
    const retry = server.connect(other);
    await expect(connected(retry)).rejects.toThrow('Unauthenticated.');
    expect((await me(await signIn(member.email, 'a-new-password-1'))).status).toBe(200);
  });

  it('a password reset ends every session and every API token of the account', async () => {
    const member = await acme.addMember(['users.read']);
    const session = await signIn(member.email);
    const apiToken = await readJson(
      await server.request('POST', '/api/userTokens', { token: session, body: { name: 'Integration' } }),
    );
    const socket = server.connect(session);
    await connected(socket);
    const ended = disconnected(socket);
    const { token, hash } = createSecretToken();
    await server.services.models.OneTimeToken.create({
      user_id: member.id,
      purpose: 'password_reset',
      token_hash: hash,
      expires_at: new Date(Date.now() + 60_000),
      used_at: null,
    });
    const reset = await server.request('POST', '/api/auth/resetPasswordConfirm', {
      body: { token, password: 'reset-password-1', password_confirmation: 'reset-password-1' },
    });
    expect(reset.status).toBeLessThan(300);
    expect((await me(session)).status).toBe(401);
    expect((await me(apiToken.data.token)).status).toBe(401);
    await ended;
  });

  it('signing out disconnects that token’s sockets at once, and only those', async () => {
    const member = await acme.addMember(['users.read']);
    const leaving = await signIn(member.email);
    const staying = await signIn(member.email);
    const leavingSocket = server.connect(leaving);
    const stayingSocket = server.connect(staying);
    await Promise.all([connected(leavingSocket), connected(stayingSocket)]);
    const ended = disconnected(leavingSocket);
    expect((await server.request('POST', '/api/auth/signOut', { token: leaving })).status).toBeLessThan(300);
    await ended;
    expect(stayingSocket.connected).toBe(true);
    expect(await receives(stayingSocket, rooms.company(acme.company.id), 1)).toBe(true);
  });

  it('a removed member receives nothing of the company or its stores afterwards', async () => {
    const member = await acme.addMember(['users.read']);
    const memberToken = await signIn(member.email);
    const ownerToken = await acme.tokenFor(acme.owner);
    const memberSocket = server.connect(memberToken);
    const ownerSocket = server.connect(ownerToken);
    await Promise.all([connected(memberSocket), connected(ownerSocket)]);
    const companyRoom = rooms.company(acme.company.id);
    const storeRoom = rooms.store(acme.stores[0]!.id);
    expect(await receives(memberSocket, storeRoom, 2)).toBe(true);

    const ended = disconnected(memberSocket);
    const removed = await server.request('DELETE', `/api/users/${member.id}`, { token: ownerToken });
    expect(removed.status).toBe(204);
    await ended;
    expect(await receives(memberSocket, companyRoom, 3)).toBe(false);
    expect(await receives(memberSocket, storeRoom, 4)).toBe(false);
    expect(await receives(ownerSocket, storeRoom, 5)).toBe(true);
    expect((await me(memberToken)).status).toBe(401);
  });

  it('a store no longer shared leaves the other company’s sockets at once; they stay connected', async () => {
    const partner = await createCompany(server.services, { name: 'Partner' });
    const share = await server.services.models.StoreShare.create({
      store_id: acme.stores[1]!.id,
      company_id: partner.company.id,
    });
    const partnerSocket = server.connect(await partner.tokenFor(partner.owner));
    await connected(partnerSocket);
    const sharedRoom = rooms.store(acme.stores[1]!.id);
    expect(await receives(partnerSocket, sharedRoom, 6)).toBe(true);
    await share.destroy();
    // The re-check is asynchronous: give it a moment, then nothing more may arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await receives(partnerSocket, sharedRoom, 7)).toBe(false);
    expect(partnerSocket.connected).toBe(true);
    expect(await receives(partnerSocket, rooms.company(partner.company.id), 8)).toBe(true);
  });

  it('a narrowed role and a new IP rule apply to the very next request', async () => {
    const member = await acme.addMember(['users.read', 'roles.read']);
    const token = await signIn(member.email);
    expect((await server.request('GET', '/api/roles', { token })).status).toBe(200);
    const membership = await server.services.models.CompanyUser.findOne({
      where: { company_id: acme.company.id, user_id: member.id },
    });
    await server.services.models.Role.update(
      { permissions: ['users.read'] },
      { where: { id: membership!.role_id! } },
    );
    expect((await server.request('GET', '/api/roles', { token })).status).toBe(403);
    expect((await server.request('GET', '/api/users', { token })).status).toBe(200);

    const rule = await server.services.models.IpWhitelist.create({
      company_id: acme.company.id,
      company_role_id: membership!.role_id,
      ip_address: '198.51.100.7',
      status: 1,
    });
    expect((await server.request('GET', '/api/users', { token })).status).toBe(403);
    await rule.destroy();
    expect((await server.request('GET', '/api/users', { token })).status).toBe(200);
  });

  it('checks the token before reading a body: no parse for strangers, and each route keeps its limit', async () => {
    const notJson = '{"this is": not json at all';
    const anonymous = await server.request('POST', '/api/roles/create', { body: notJson });
    expect(anonymous.status).toBe(401);
    const powerless = await acme.addMember([]);
    const forbidden = await server.request('POST', '/api/roles/create', {
      token: await acme.tokenFor(powerless),
      body: notJson,
    });
    expect(forbidden.status).toBe(403);
    const ownerToken = await acme.tokenFor(acme.owner);
    const malformed = await server.request('POST', '/api/roles/create', { token: ownerToken, body: notJson });
    expect(malformed.status).toBe(400);
    const huge = JSON.stringify({ name: 'Huge', permissions: [], padding: 'x'.repeat(400 * 1024) });
    const tooLarge = await server.request('POST', '/api/roles/create', { token: ownerToken, body: huge });
    expect(tooLarge.status).toBe(413);
  });
});
