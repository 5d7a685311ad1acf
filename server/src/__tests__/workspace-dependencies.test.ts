import fs from 'node:fs';
import path from 'node:path';

/**
 * The workspaces form a one-way chain, contracts <- integrations <- api <- jobs <- server (and
 * contracts <- web-kit <- shell, mfe-*): a package cycle, or an import of a workspace a package does
 * not declare, fails here rather than in a refactoring a year later. Tests and benches may use what
 * a workspace declares in devDependencies (the api's tests start the real process through
 * `@syncdesk/server/testing`); product code only what it declares in dependencies.
 */
const ROOT = path.resolve(__dirname, '../../..');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const folders: string[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
const manifests = new Map<string, Manifest>(
  folders.map((folder) => [
    folder,
    JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as Manifest,
  ]),
);
const folderOf = new Map([...manifests].map(([folder, manifest]) => [manifest.name, folder]));
const ours = (names: Record<string, string> | undefined) =>
  Object.keys(names ?? {}).filter((name) => folderOf.has(name));

/** Workspace → the workspaces its product code depends on. */
const graph = new Map(
  [...manifests].map(([folder, manifest]) => [
    folder,
    ours(manifest.dependencies).map((name) => folderOf.get(name)!),
  ]),
);

/** Every cycle reachable in `edges`, each as the path that closes it (`api → jobs → api`). */
function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      cycles.push([...trail.slice(at), node].join(' → '));
      return;
    }
    if (done.has(node)) return;
    for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
    done.add(node);
  };
  for (const node of edges.keys()) visit(node, []);
  return cycles;
}

const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const SPECIFIER =
  /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](@syncdesk\/[^'"/]+)[^'"]*['"]/gm;
/** Code that only tests or measures: it may use devDependencies. */
const isTestSupport = (file: string) =>
  /(^|\/)(__tests__|bench|testing)\//.test(file) || /\.test\.tsx?$/.test(file);

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

describe('the workspaces’ package graph', () => {
  it('has no cycle among the packages the product code depends on', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps the back end one way: contracts <- integrations <- api <- jobs <- server', () => {
    const chain = ['contracts', 'integrations', 'api', 'jobs', 'server'];
    const against = chain.flatMap((folder, index) =>
      (graph.get(folder) ?? [])
        .filter((dependency) => !chain.slice(0, index).includes(dependency))
        .map((dependency) => `${folder} depends on ${dependency}`),
    );
    expect(against).toEqual([]);
  });

  it('has every workspace import a workspace package it declares', () => {
    const undeclared: string[] = [];
    for (const [folder, manifest] of manifests) {
      const product = new Set(ours(manifest.dependencies));
      const anything = new Set([...product, ...ours(manifest.devDependencies)]);
      for (const file of sourceFiles(path.join(ROOT, folder))) {
        const relative = path.relative(ROOT, file);
        const allowed = isTestSupport(relative) ? anything : product;
        for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
          if (name !== manifest.name && !allowed.has(name!)) undeclared.push(`${relative} imports ${name}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const withCycle = new Map([...graph, ['api', [...(graph.get('api') ?? []), 'jobs']]]);
    expect(cyclesOf(withCycle)).toContain('api → jobs → api');
  });
});
