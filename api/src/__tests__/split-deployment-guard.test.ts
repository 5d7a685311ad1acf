import { spawn } from 'node:child_process';
import path from 'node:path';
import { liveEventsProblem, loadConfig } from '../config';

const REPOSITORY = path.resolve(__dirname, '../../..');

/** Runs one of the product's entry points as `npm run start:api`/`start:jobs` would; resolves when it exits. */
function run(
  entry: string,
  environment: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...environment };
  for (const name of ['REDIS_URL', 'LIVE_EVENTS', 'APP_ROLE']) if (!(name in environment)) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPOSITORY, entry)], {
    cwd: REPOSITORY,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

// Nothing listens there: a process that got past the guard would fail later, with another message.
const UNREACHABLE_DATABASE = 'mysql://root@127.0.0.1:1/never';

describe('a split deployment without Redis refuses to start', () => {
  it.each(['api', 'worker'] as const)('APP_ROLE=%s without REDIS_URL is refused with what to set', (role) => {
    const problem = liveEventsProblem(loadConfig({ APP_ROLE: role }));
    expect(problem).toContain(`APP_ROLE=${role} needs REDIS_URL`);
    expect(problem).toContain('set LIVE_EVENTS=local');
  });

  it('REDIS_URL, the explicit LIVE_EVENTS=local opt-out, or one all-in-one process start', () => {
    expect(
      liveEventsProblem(loadConfig({ APP_ROLE: 'api', REDIS_URL: 'redis://127.0.0.1:6379' })),
    ).toBeNull();
    expect(liveEventsProblem(loadConfig({ APP_ROLE: 'worker', LIVE_EVENTS: 'local' }))).toBeNull();
    expect(liveEventsProblem(loadConfig({ APP_ROLE: 'api', LIVE_EVENTS: 'local' }))).toBeNull();
    expect(liveEventsProblem(loadConfig({}))).toBeNull();
    expect(loadConfig({}).liveEvents).toBe('local');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).liveEvents).toBe('redis');
  });

  it('contradictory settings are refused too', () => {
    expect(liveEventsProblem(loadConfig({ LIVE_EVENTS: 'redis' }))).toContain(
      'LIVE_EVENTS=redis needs REDIS_URL',
    );
    expect(
      liveEventsProblem(loadConfig({ LIVE_EVENTS: 'local', REDIS_URL: 'redis://127.0.0.1:6379' })),
    ).toContain('REDIS_URL is set');
  });

  it('the standalone worker (`npm run start:jobs`) exits 1 with the message, before touching the database', async () => {
    const { code, stderr } = await run('server/src/worker.main.ts', { DATABASE_URL: UNREACHABLE_DATABASE });
    expect(code).toBe(1);
    expect(stderr).toContain('APP_ROLE=worker needs REDIS_URL');
  }, 90_000);

  it('an api replica (`npm run start:api`) exits 1 with the message', async () => {
    const { code, stderr } = await run('server/src/main.ts', {
      APP_ROLE: 'api',
      DATABASE_URL: UNREACHABLE_DATABASE,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('APP_ROLE=api needs REDIS_URL');
  }, 90_000);
});
