import { randomBytes } from 'node:crypto';
import type { Agenda } from 'agenda';
import { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import { createJobNotificationChannel } from '../notification-channel';
import { SequelizeBackend } from '../sequelize-backend';
import {
  createTestAgenda,
  openJobStore,
  openSecondConnection,
  waitForEvents,
  type JobStore,
} from './job-store-fixtures';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * Far beyond the test's own timeout: the worker scans once when it starts and not again, so a job
 * queued after that can only run because the notice woke the worker.
 */
const NEVER_POLLS_MS = 5 * 60_000;

// Agenda watches each running job with a timer of max(processEvery, lockLifetime) / 2 that nothing
// cancels; with real timers that would hold the test process for minutes after the last test.
// Fake timers that advance with the real clock behave the same, but are dropped at the end.
beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('queued jobs start at once, not at the next poll', () => {
  const agendas: Agenda[] = [];
  const connections: Sequelize[] = [];
  let store: JobStore | undefined;

  afterEach(async () => {
    for (const agenda of agendas.splice(0)) {
      await agenda.stop();
      await agenda.drain();
    }
    for (const connection of connections.splice(0)) await connection.close();
    await store?.database.drop();
    store = undefined;
  });

  it('in one process: the worker runs a job queued on the same backend (in-process channel)', async () => {
    store = await openJobStore('sqlite');
    const worker = createTestAgenda(store.backend, { processEvery: NEVER_POLLS_MS, name: 'all-in-one' });
    agendas.push(worker);
    worker.define('wake-up', async () => undefined);
    await worker.start();

    const completed = waitForEvents(worker, 'complete:wake-up');
    await worker.now('wake-up', { n: 1 });
    await completed;
  });

  it('across processes: a job queued by an api instance is run by a worker on another connection (Redis)', async () => {
    store = await openJobStore('mysql');
    // Its own channel name, so parallel test files sharing this Redis do not wake each other.
    const channelName = `test:jobs:${randomBytes(4).toString('hex')}`;
    const workerConnection = await openSecondConnection(store.database);
    connections.push(workerConnection);
    const workerBackend = new SequelizeBackend({
      sequelize: workerConnection,
      notificationChannel: await createJobNotificationChannel({ redisUrl: REDIS_URL, channelName }),
    });
    const worker = createTestAgenda(workerBackend, { processEvery: NEVER_POLLS_MS, name: 'worker' });
    agendas.push(worker);
    let ran = 0;
    worker.define('wake-up', async () => {
      ran += 1;
    });
    await worker.start();

    // The api never starts its Agenda: it only queues, which must still wake the worker.
    const apiBackend = new SequelizeBackend({
      sequelize: store.database.sequelize,
      notificationChannel: await createJobNotificationChannel({ redisUrl: REDIS_URL, channelName }),
    });
    const api = createTestAgenda(apiBackend, { processEvery: NEVER_POLLS_MS, name: 'api' });
    await api.ready;

    const completed = waitForEvents(worker, 'complete:wake-up', 2);
    await api.now('wake-up', { n: 1 });
    await api.now('wake-up', { n: 2 });
    await completed;
    expect(ran).toBe(2);

    // A burst: notices arriving while the worker is still scanning for earlier ones are not lost.
    const burst = waitForEvents(worker, 'complete:wake-up', 30);
    await Promise.all(Array.from({ length: 30 }, (_, n) => api.now('wake-up', { n })));
    await burst;
    expect(ran).toBe(32);
    await apiBackend.disconnect();
  });

  it('the channel carries wake-ups only, not the start, success and completion of every job', async () => {
    store = await openJobStore('mysql');
    const channelName = `test:jobs:${randomBytes(4).toString('hex')}`;
    const listener = new Redis(REDIS_URL);
    const heard: string[] = [];
    listener.on('pmessage', (_pattern, channel: string) => heard.push(channel));
    await listener.psubscribe(`${channelName}*`);
    try {
      const backend = new SequelizeBackend({
        sequelize: store.database.sequelize,
        notificationChannel: await createJobNotificationChannel({ redisUrl: REDIS_URL, channelName }),
      });
      const worker = createTestAgenda(backend, { processEvery: NEVER_POLLS_MS, name: 'worker' });
      agendas.push(worker);
      worker.define('wake-up', async () => undefined);
      await worker.start();
      const completed = waitForEvents(worker, 'complete:wake-up', 3);
      for (let n = 0; n < 3; n += 1) await worker.now('wake-up', { n });
      await completed;
      // Agenda would add three messages per job on `<channel>:state`; one wake-up per queued job is all.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([channelName, channelName, channelName]);
    } finally {
      await listener.quit();
    }
  });
});
