import type { SystemAnnouncementEvent } from '@syncdesk/contracts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createCompany } from '../testing/identity-fixtures';
import { connected, nextEvent, readJson, startTestProcess, type TestProcess } from '../testing/test-process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('api and worker as separate processes (MySQL + Redis)', () => {
  let database: TestDatabase;
  let api: TestProcess;
  let worker: TestProcess;

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'scaled');
    api = await startTestProcess(database.url, { APP_ROLE: 'api', REDIS_URL });
    worker = await startTestProcess(database.url, { APP_ROLE: 'worker', REDIS_URL });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await database?.drop();
  });

  it('the api only enqueues; the worker runs the job and its event reaches the api replica’s sockets', async () => {
    const health = await readJson(await api.request('GET', '/api/health'));
    expect(health.jobs.worker).toBe('disabled');
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
