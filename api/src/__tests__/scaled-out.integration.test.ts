import type { SystemAnnouncementEvent } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createCompany } from '../testing/identity-fixtures';
import { connected, nextEvent, readJson, startTestProcess, type TestProcess } from '@syncdesk/server/testing';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Asks until the answer is `status`, for at most `withinMs`; resolves with the time it took. */
async function statusWithin(ask: () => Promise<Response>, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const response = await ask();
    if (response.status === status) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`still ${response.status} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('api and worker as separate processes (MySQL + Redis)', () => {
  let database: TestDatabase;
  let api: TestProcess;
  let replica: TestProcess;
  let worker: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'scaled');
    api = await startTestProcess(database.url, { APP_ROLE: 'api', REDIS_URL });
    replica = await startTestProcess(database.url, { APP_ROLE: 'api', REDIS_URL });
    worker = await startTestProcess(database.url, { APP_ROLE: 'worker', REDIS_URL });
  });

  afterAll(async () => {
    await worker?.close();
    await replica?.close();
    await api?.close();
    await database?.drop();
  });

  it('a change made on one api replica takes effect on the other within a second, sockets included', async () => {
    const seller = await createCompany(api.services, { name: 'Replicated', stores: ['Main'] });
    const ownerToken = await seller.tokenFor(seller.owner);
    const member = await seller.addMember(['users.read', 'roles.read']);
    const memberToken = await seller.tokenFor(member);
    // Both replicas have the member's scope cached before anything changes.
    expect((await replica.request('GET', '/api/roles', { token: memberToken })).status).toBe(200);
    expect((await api.request('GET', '/api/roles', { token: memberToken })).status).toBe(200);

    const membership = await api.services.models.CompanyUser.findOne({
      where: { company_id: seller.company.id, user_id: member.id },
    });
    await api.services.models.Role.update(
      { permissions: ['users.read'] },
      { where: { id: membership!.role_id! } },
    );
    await statusWithin(() => replica.request('GET', '/api/roles', { token: memberToken }), 403, 1000);

    const rule = await api.services.models.IpWhitelist.create({
      company_id: seller.company.id,
      company_role_id: membership!.role_id,
      ip_address: '198.51.100.7',
      status: 1,
    });
    await statusWithin(() => replica.request('GET', '/api/users', { token: memberToken }), 403, 1000);
    await rule.destroy();
    await statusWithin(() => replica.request('GET', '/api/users', { token: memberToken }), 200, 1000);

    const socket = replica.connect(memberToken);
    await connected(socket);
    const ended = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect((await api.request('DELETE', `/api/users/${member.id}`, { token: ownerToken })).status).toBe(204);
    await statusWithin(() => replica.request('GET', '/api/users', { token: memberToken }), 401, 1000);
    await ended;

    expect((await replica.request('POST', '/api/me', { token: ownerToken })).status).toBe(200);
    expect((await api.request('POST', '/api/auth/signOut', { token: ownerToken })).status).toBeLessThan(300);
    await statusWithin(() => replica.request('POST', '/api/me', { token: ownerToken }), 401, 1000);
  });

  it('the api only enqueues; the worker runs the job and its event reaches the api replica’s sockets', async () => {
    const health = await readJson(await api.request('GET', '/api/health'));
    expect(health.jobs.worker).toBe('disabled');
    // The replica's half of the worker → browser path: its Socket.IO adapter and authority bus on Redis.
    expect(health.live_events).toEqual({ via: 'redis', status: 'ok', redis: 'connected' });
    expect(worker.url).toBe('');

    const seller = await createCompany(api.services, { name: 'Seller' });
    const operations = await createCompany(api.services, { name: 'Operations', administrator: true });
    const socket = api.connect(await seller.tokenFor(seller.owner));
    await connected(socket);
    const received = nextEvent<SystemAnnouncementEvent>(socket, 'system:announcement', 8000);

    const created = await api.request('POST', '/api/announcements', {
      token: await operations.tokenFor(operations.owner),
      body: { message: 'Delivered by the worker' },
    });
    expect(created.status).toBe(201);
    expect(await received).toMatchObject({ message: 'Delivered by the worker' });
  });
});
