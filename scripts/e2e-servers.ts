import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

/**
 * Starts every server the e2e tests need at the same time — Playwright starts its `webServer`
 * entries one after another, and each of ours spends most of a minute compiling, migrating and
 * seeding — and answers `GET /health` on E2E_SERVERS_PORT once every one of them answers its own.
 * Playwright stops this process's group at the end, and the servers with it.
 */
interface E2eServer {
  name: string;
  /** The script to run with tsx. */
  script: string;
  env: Record<string, string>;
  /** Answers 2xx once the server is ready. */
  url: string;
}

const servers = JSON.parse(process.env.E2E_SERVERS_JSON ?? '[]') as E2eServer[];
const port = Number(process.env.E2E_SERVERS_PORT);
const READY_WITHIN_MS = 170_000;

const children: ChildProcess[] = servers.map((server) => {
  const child = spawn(process.execPath, ['--import', 'tsx', server.script], {
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e server "${server.name}" stopped early (${signal ?? `exit ${code}`})`);
    stop(1);
  });
  return child;
});

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2_000).unref();
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

async function ready(server: E2eServer): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(server.url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `e2e server "${server.name}" did not answer ${server.url} within ${READY_WITHIN_MS / 1000} s`,
  );
}

Promise.all(servers.map(ready)).then(
  () => {
    http
      .createServer((_request, response) => response.end('ok'))
      .listen(port, '127.0.0.1', () =>
        console.log(`e2e servers ready: ${servers.map((s) => s.name).join(', ')}`),
      );
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    stop(1);
  },
);
