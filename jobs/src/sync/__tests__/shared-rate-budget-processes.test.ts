import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestDatabase, type TestDatabase } from '@syncdesk/api/testing';
import { busiestWindow, createBudgetTable, uniquePrefix } from './rate-budget-fixtures';

const TSX = path.resolve(__dirname, '../../../../node_modules/.bin/tsx');
const TAKER = path.join(__dirname, 'budget-taker.fixture.ts');
const LIMIT = { calls: 5, periodSeconds: 1 };
const CALLS_PER_PROCESS = 15;

function runTaker(environment: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [TAKER], {
      env: { ...process.env, ...environment },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`taker exited with ${code}`))));
  });
}

describe('two worker processes sharing one MariaDB budget', () => {
  let database: TestDatabase;
  let server: http.Server;
  const arrivals: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('mysql', 'budget_procs');
    await createBudgetTable(database.sequelize);
    // Counts calls as the provider would: by when they arrive.
    server = http.createServer((request, response) => {
      if (request.url !== '/warm-up') arrivals.push(performance.now());
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.drop();
  });

  it('together never exceed the limit in any window, and every call is made', async () => {
    const { port } = server.address() as AddressInfo;
    const environment = {
      DATABASE_URL: database.url,
      TARGET_URL: `http://127.0.0.1:${port}/stock`,
      KEY_PREFIX: uniquePrefix(),
      LIMIT_CALLS: String(LIMIT.calls),
      LIMIT_PERIOD_S: String(LIMIT.periodSeconds),
      CALLS: String(CALLS_PER_PROCESS),
    };
    await Promise.all([runTaker(environment), runTaker(environment)]);
    expect(arrivals).toHaveLength(2 * CALLS_PER_PROCESS);
    expect(busiestWindow(arrivals, LIMIT.periodSeconds * 1000)).toBeLessThanOrEqual(LIMIT.calls);
  }, 60_000);
});
