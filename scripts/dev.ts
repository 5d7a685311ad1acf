/**
 * `npm run dev`: the api plus one rspack dev server per front-end app, with every line prefixed
 * by the app's name. The shell (3001) proxies /api, /socket.io and /remotes.json to the api, and the
 * api answers /remotes.json with the remotes' dev servers, so nothing is rebuilt to switch places.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REMOTES, type RemoteManifestEntry } from '../contracts/src/remotes';

const ROOT = path.resolve(__dirname, '..');
const API_PORT = 3000;
const SHELL_PORT = 3001;
// Called directly, not through npx: killing npx leaves its rspack child running.
const RSPACK = path.join(ROOT, 'node_modules', '.bin', 'rspack');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const remoteEntries: RemoteManifestEntry[] = REMOTES.map((remote) => ({
  name: remote.name,
  entry: `http://localhost:${remote.devPort}/mf-manifest.json`,
}));

const specs: ProcessSpec[] = [
  {
    name: 'api',
    command: TSX,
    args: ['watch', 'server/src/main.ts'],
    env: { PORT: String(API_PORT), REMOTES_JSON: JSON.stringify(remoteEntries) },
  },
  { name: 'shell', command: RSPACK, args: ['serve', '--config', 'shell/rspack.config.ts'] },
  ...REMOTES.map((remote) => ({
    name: remote.folder,
    command: RSPACK,
    args: ['serve', '--config', `${remote.folder}/rspack.config.ts`],
  })),
];

const NAME_WIDTH = Math.max(...specs.map((spec) => spec.name.length));
const COLORS = [36, 32, 33, 35, 34, 91, 92];
const useColor = process.stdout.isTTY;

function prefixFor(name: string, index: number): string {
  const label = `${name.padEnd(NAME_WIDTH)} |`;
  return useColor ? `\u001b[${COLORS[index % COLORS.length]}m${label}\u001b[0m` : label;
}

const children = new Map<string, ChildProcess>();
let shuttingDown = false;

function pipeLines(stream: NodeJS.ReadableStream | null, prefix: string, out: NodeJS.WriteStream): void {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${line}\n`));
}

function start(spec: ProcessSpec, index: number): void {
  const prefix = prefixFor(spec.name, index);
  const child = spawn(spec.command, spec.args, {
    cwd: ROOT,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Each child leads its own process group, so stopping it also stops what it started
    // (tsx watch runs node; rspack may run workers).
    detached: true,
  });
  children.set(spec.name, child);
  pipeLines(child.stdout, prefix, process.stdout);
  pipeLines(child.stderr, prefix, process.stderr);
  child.on('error', (error) => process.stderr.write(`${prefix} could not start: ${error.message}\n`));
  child.on('exit', (code, signal) => {
    children.delete(spec.name);
    if (!shuttingDown) {
      process.stderr.write(`${prefix} exited (${signal ?? `code ${code}`}); stopping the rest\n`);
      stopAll(code ?? 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopAll(exitCode: number): void {
  if (shuttingDown) return;
  shuttingDown = true;
  process.exitCode = exitCode;
  if (children.size === 0) process.exit(exitCode);
  for (const child of children.values()) signalGroup(child, 'SIGTERM');
  // Whatever ignores SIGTERM for five seconds is killed.
  setTimeout(() => {
    for (const child of children.values()) signalGroup(child, 'SIGKILL');
    process.exit(exitCode);
  }, 5000).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('exit', () => {
  // Last resort if this process dies some other way: never leave servers behind.
  for (const child of children.values()) signalGroup(child, 'SIGKILL');
});

specs.forEach(start);
console.log(`\nOpen http://localhost:${SHELL_PORT}\n`);
