import { LOG_STATUS, type RealtimeEvent } from '@syncdesk/contracts';
import { migrate } from '../../../db/migrate';
import { defineModels, type Models } from '../../../db/models';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../testing/test-database';
import type { TransactionRecordInput } from '@syncdesk/integrations';
import { createTransactionRecorder } from '../transaction-recorder';

const FAILED = LOG_STATUS.byKey('failed').value;
const SUCCESS = LOG_STATUS.byKey('success').value;

/** Polls until `check` holds (the recorder's timer writes on its own), failing after a generous wait. */
async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function captureLogger() {
  const errors: unknown[] = [];
  const warnings: unknown[] = [];
  return {
    errors,
    warnings,
    logger: {
      error: (...args: unknown[]) => void errors.push(args),
      warn: (...args: unknown[]) => void warnings.push(args),
    } as never,
  };
}

describe.each(TEST_DIALECTS)('transaction recorder (%s)', (dialect) => {
  let database: TestDatabase;
  let models: Models;
  let storeId: number;
  let otherStoreId: number;
  let companyId: number;
  let statements: string[];

  beforeAll(async () => {
    database = await createTestDatabase(dialect, 'recorder');
    await migrate(database.sequelize);
    models = defineModels(database.sequelize);
    const company = await models.Company.create({
      uuid: 'c-1',
      name: 'Recorder Co',
      owner_user_id: null,
      creation_source: 'seed',
      plan_name: null,
      credit: null,
      trial_ends_at: null,
    });
    companyId = company.id;
    storeId = (await models.Store.create({ company_id: company.id, name: 'Main' })).id;
    otherStoreId = (await models.Store.create({ company_id: company.id, name: 'Outlet' })).id;
    // Every statement the connection runs, so a test can count the inserts a batch took.
    (database.sequelize as unknown as { options: { logging: (sql: string) => void } }).options.logging = (
      sql,
    ) => void statements.push(sql);
  });
  beforeEach(() => {
    statements = [];
  });
  afterAll(async () => {
    await database?.drop();
  });

  const inserts = () => statements.filter((sql) => /INSERT INTO [`"]?transaction_records/i.test(sql)).length;

  const entry = (overrides: Partial<TransactionRecordInput> = {}): TransactionRecordInput => ({
    companyId,
    storeId,
    channelId: 11,
    kind: 'channel',
    type: 'get_orders',
    method: 'GET',
    url: 'https://shop.example.test/admin/api/2024-04/orders.json?limit=250',
    status: SUCCESS,
    httpStatus: 200,
    responseTimeMs: 42.4,
    attempts: 1,
    message: 'shopify answered 200',
    requestBody: null,
    responseBody: '{"orders":[]}',
    waitingRequests: 0,
    createdAt: new Date(),
    ...overrides,
  });

  it('writes 450 records in three inserts and announces each connection once per batch', async () => {
    const events: RealtimeEvent[] = [];
    const { logger, errors } = captureLogger();
    const recorder = createTransactionRecorder({
      models,
      publish: (event) => void events.push(event),
      logger,
    });
    const before = await models.TransactionRecord.count();
    for (let index = 0; index < 450; index += 1) {
      recorder.record(
        entry({
          channelId: index % 2 === 0 ? 11 : 12,
          kind: index % 2 === 0 ? 'channel' : 'plugin',
          storeId: index < 400 ? storeId : otherStoreId,
          message: `call ${index}`,
        }),
      );
    }
    await recorder.flush();
    expect(await models.TransactionRecord.count()).toBe(before + 450);
    expect(inserts()).toBe(3);
    expect(errors).toEqual([]);

    // Batches of 200, 200 and 50: each announces its connections (channel 11, plugin 12) per store.
    expect(events).toHaveLength(2 + 2 + 2);
    const newest = await models.TransactionRecord.findAll({
      where: { message: ['call 398', 'call 399', 'call 448', 'call 449'] },
      order: [['id', 'ASC']],
    });
    const [channelOfBatch2, pluginOfBatch2, channelOfBatch3, pluginOfBatch3] = newest;
    expect(events.slice(2, 4).map((event) => event.payload)).toEqual([
      { logId: channelOfBatch2!.id, storeId, channelId: 11 },
      { logId: pluginOfBatch2!.id, storeId, pluginId: 12 },
    ]);
    expect(events.slice(4).map((event) => ({ rooms: event.rooms, payload: event.payload }))).toEqual([
      {
        rooms: [`store:${otherStoreId}`],
        payload: { logId: channelOfBatch3!.id, storeId: otherStoreId, channelId: 11 },
      },
      {
        rooms: [`store:${otherStoreId}`],
        payload: { logId: pluginOfBatch3!.id, storeId: otherStoreId, pluginId: 12 },
      },
    ]);
    expect(events.every((event) => event.name === 'log:created')).toBe(true);
  });

  it('writes a small batch by itself after a short wait, in one insert', async () => {
    const events: RealtimeEvent[] = [];
    const recorder = createTransactionRecorder({
      models,
      publish: (event) => void events.push(event),
      logger: captureLogger().logger,
    });
    for (const message of ['timer 1', 'timer 2', 'timer 3']) recorder.record(entry({ message }));
    await waitFor(
      async () =>
        (await models.TransactionRecord.count({ where: { message: ['timer 1', 'timer 2', 'timer 3'] } })) ===
        3,
    );
    await waitFor(async () => events.length === 1);
    expect(inserts()).toBe(1);
    const stored = await models.TransactionRecord.findOne({ where: { message: 'timer 1' } });
    expect(stored).toMatchObject({
      company_id: companyId,
      store_id: storeId,
      channel_id: 11,
      kind: 'channel',
      status: SUCCESS,
      http_status: 200,
      response_time_ms: 42,
      response_body: '{"orders":[]}',
      operation: null,
      retry_of_id: null,
      retried_by_id: null,
      ignored_at: null,
    });
  });

  it('links the record a retry repeats to the first record of the retry', async () => {
    const recorder = createTransactionRecorder({
      models,
      publish: () => undefined,
      logger: captureLogger().logger,
    });
    recorder.record(
      entry({
        status: FAILED,
        httpStatus: 503,
        message: 'to retry',
        operation: { job: 'channels.get_orders', data: { channelId: 11 } },
      }),
    );
    await recorder.flush();
    const failed = (await models.TransactionRecord.findOne({ where: { message: 'to retry' } }))!;
    expect(failed.operation).toEqual({ job: 'channels.get_orders', data: { channelId: 11 } });

    recorder.record(entry({ message: 'retry page 1', retryOfId: failed.id }));
    recorder.record(entry({ message: 'retry page 2', retryOfId: failed.id }));
    await recorder.flush();
    const first = (await models.TransactionRecord.findOne({ where: { message: 'retry page 1' } }))!;
    await failed.reload();
    expect(failed.retried_by_id).toBe(first.id);
    expect(first.retry_of_id).toBe(failed.id);

    // A second retry later does not move the link: it points at the retry the user asked for first.
    recorder.record(entry({ message: 'retry again', retryOfId: failed.id }));
    await recorder.flush();
    await failed.reload();
    expect(failed.retried_by_id).toBe(first.id);
  });

  it('cuts what would not fit its columns', async () => {
    const recorder = createTransactionRecorder({
      models,
      publish: () => undefined,
      logger: captureLogger().logger,
    });
    recorder.record(
      entry({ message: `long ${'x'.repeat(3000)}`, errorCode: 'E'.repeat(300), type: 't'.repeat(60) }),
    );
    await recorder.flush();
    const stored = (await models.TransactionRecord.findOne({ where: { type: 't'.repeat(39) + '…' } }))!;
    expect(stored.message).toHaveLength(1000);
    expect(stored.error_code).toHaveLength(100);
  });

  it('drops what exceeds its queue, and says so', async () => {
    const { logger, warnings } = captureLogger();
    const recorder = createTransactionRecorder({
      models,
      publish: () => undefined,
      logger,
      maxQueued: 5,
      batchSize: 100,
    });
    for (let index = 0; index < 8; index += 1) recorder.record(entry({ message: `bounded ${index}` }));
    await recorder.flush();
    const kept = await models.TransactionRecord.findAll({
      where: { message: [0, 1, 2, 3, 4, 5, 6, 7].map((index) => `bounded ${index}`) },
    });
    expect(kept).toHaveLength(5);
    expect(JSON.stringify(warnings)).toContain('"dropped":3');
  });
});

it('never throws into the caller when the database refuses the batch (SQLite without the table)', async () => {
  const database = await createTestDatabase('sqlite', 'recorder_broken');
  try {
    const models = defineModels(database.sequelize);
    const { logger, errors } = captureLogger();
    const events: RealtimeEvent[] = [];
    const recorder = createTransactionRecorder({
      models,
      publish: (event) => void events.push(event),
      logger,
    });
    expect(() =>
      recorder.record({
        companyId: 1,
        storeId: 1,
        channelId: null,
        kind: 'api',
        type: 'other',
        method: 'GET',
        url: 'https://example.test',
        status: SUCCESS,
        httpStatus: 200,
        responseTimeMs: 1,
        attempts: 1,
        message: 'lost',
        requestBody: null,
        responseBody: null,
        waitingRequests: 0,
        createdAt: new Date(),
      }),
    ).not.toThrow();
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(events).toEqual([]);
    await recorder.close();
  } finally {
    await database.drop();
  }
});
