import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { startTestProcess } from '@syncdesk/server/testing';

describe('graceful shutdown', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite', 'shutdown');
  });
  afterAll(() => database.drop());

  it('stops taking requests, lets a running job finish, then closes', async () => {
    const server = await startTestProcess(database.url);
    const events: string[] = [];
    let markStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    server.agenda.define('test.slow', async () => {
      events.push('job started');
      markStarted();
      await new Promise((resolve) => setTimeout(resolve, 800));
      events.push('job finished');
    });
    await server.agenda.now('test.slow', {});
    await started;

    await server.stop().then(() => events.push('stopped'));
    expect(events).toEqual(['job started', 'job finished', 'stopped']);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    await server.close();
  });
});
