import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@syncdesk/contracts';
import { createLogger, loadConfig, type Config, type Logger } from '@syncdesk/api';
import { startProcess, type RunningProcess } from '../runtime';

export interface TestProcess extends RunningProcess {
  url: string;
  dataDir: string;
  request(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  connect(token?: string): Socket<ServerToClientEvents, ClientToServerEvents>;
  close(): Promise<void>;
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * The Redis prefix of every process one test file starts (they must hear each other), and of no
 * other file's or the end-to-end servers' running beside it on the same Redis: a shared prefix
 * let one's live events, job wake-ups and sign-outs reach the other's sockets.
 */
const TEST_REDIS_PREFIX = `syncdesk-test-${process.pid}-${randomBytes(3).toString('hex')}`;

/** Starts a real process of the product (HTTP, Socket.IO, Agenda) against the given database. */
export async function startTestProcess(
  databaseUrl: string,
  environment: Record<string, string> = {},
  /** The process's logger (silent unless given: a test reading the log passes its own). */
  logger: Logger = createLogger('silent'),
): Promise<TestProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncdesk-data-'));
  const config: Config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    JOBS_PROCESS_EVERY_MS: '100',
    JOBS_LOCK_LIFETIME_MS: '2000',
    SHUTDOWN_TIMEOUT_S: '5',
    // One api (or worker) process beside the test's own work: the opt-out a split role without Redis needs.
    ...(environment.REDIS_URL ? { REDIS_PREFIX: TEST_REDIS_PREFIX } : { LIVE_EVENTS: 'local' }),
    ...environment,
  });
  const running = await startProcess(config, logger);
  const sockets: Socket[] = [];
  const url = running.url ?? '';
  return {
    ...running,
    url,
    dataDir,
    request(method, requestPath, options = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      }
      return fetch(`${url}${requestPath}`, { method, headers, body });
    },
    connect(token) {
      const socket = connectSocket(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the first payload of an event, or rejects after a timeout. */
export function nextEvent<T>(socket: Socket, name: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(name, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

export { readJson, type Json } from '@syncdesk/api/testing';
