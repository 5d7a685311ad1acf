/**
 * What an authenticated request costs, side by side with bare Node http and an unauthenticated
 * route of the same server, on SQLite and MySQL. Each server runs in its own process (started like
 * `npm start` with the demo seed) and autocannon loads it from this one: 10 connections, a warm-up,
 * then a measured run. Run with `npm run bench:http` (part of `npm run bench`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { DatabaseDialect } from '../src/db/create-sequelize';
import { createTestDatabase } from '../src/testing/test-database';
import { reportFigures, type BenchFigure } from '../../scripts/bench/accepted';
import { freePort } from '../../scripts/bench/measure';

const CONNECTIONS = 10;
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? 3);
const MEASURE_S = Number(process.env.BENCH_MEASURE_S ?? 10);
const ROOT = path.resolve(__dirname, '../..');
const SELLER = { email: 'seller@demo.test', password: 'demo-seller-1' };

interface Measured {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function load(label: string, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  const run = (duration: number) =>
    autocannon({ url, connections: CONNECTIONS, duration, headers, pipelining: 1 });
  await run(WARM_UP_S);
  const result = await run(MEASURE_S);
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function startBareHttp(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const source = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url);
  return { url, child };
}

async function startProduct(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncdesk-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    // Logged as `npm start` logs (info, one line per request), written where nobody reads it.
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO_SEED: 'on',
      NODE_ENV: 'development',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`);
  return { url, child };
}

async function benchDialect(dialect: DatabaseDialect, bare: Measured): Promise<Measured[]> {
  const database = await createTestDatabase(dialect, 'bench_http');
  const product = await startProduct(database.url);
  try {
    const signIn = await fetch(`${product.url}/api/auth/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SELLER),
    });
    const { data } = (await signIn.json()) as { data: { token: string } };
    const authorization = { authorization: `Bearer ${data.token}` };
    const results = [
      await load(`${dialect}: /remotes.json (no token)`, `${product.url}/remotes.json`),
      await load(`${dialect}: GET /api/permissions (token)`, `${product.url}/api/permissions`, authorization),
      await load(
        `${dialect}: GET /api/stores (token, reads stores)`,
        `${product.url}/api/stores`,
        authorization,
      ),
    ];
    const unauthenticated = results[0]!.requestsPerSecond;
    for (const result of results) {
      const ofBare = (result.requestsPerSecond / bare.requestsPerSecond).toFixed(2);
      const ofOpen = (result.requestsPerSecond / unauthenticated).toFixed(2);
      console.log(
        `${result.label.padEnd(46)} ${String(result.requestsPerSecond).padStart(7)} req/s  ` +
          `${ofBare} of bare  ${ofOpen} of no-token  p50 ${result.p50} ms  p99 ${result.p99} ms` +
          (result.non2xx ? `  (${result.non2xx} non-2xx!)` : ''),
      );
    }
    return results;
  } finally {
    await stop(product.child);
    await database.drop();
  }
}

async function main() {
  console.log(
    `Authenticated path: ${CONNECTIONS} connections, ${WARM_UP_S} s warm-up, ${MEASURE_S} s measured (${os.cpus().length} CPUs)`,
  );
  const bareServer = await startBareHttp();
  let bare: Measured;
  try {
    bare = await load('bare node:http', bareServer.url);
  } finally {
    await stop(bareServer.child);
  }
  console.log(
    `${bare.label.padEnd(46)} ${String(bare.requestsPerSecond).padStart(7)} req/s  p50 ${bare.p50} ms  p99 ${bare.p99} ms`,
  );
  const figures: BenchFigure[] = [
    { name: 'http.bare.req-per-s', value: bare.requestsPerSecond, unit: 'req/s', higherIsBetter: true },
  ];
  for (const dialect of ['sqlite', 'mysql'] as DatabaseDialect[]) {
    const routes = ['remotes-no-token', 'permissions-token', 'stores-token'];
    const results = await benchDialect(dialect, bare);
    results.forEach((result, index) =>
      figures.push({
        name: `http.${dialect}.${routes[index]}.req-per-s`,
        value: result.requestsPerSecond,
        unit: 'req/s',
        higherIsBetter: true,
      }),
    );
  }
  reportFigures('http', figures);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
