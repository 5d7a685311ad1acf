import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKSPACES = new Set(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces);

/** The workspace a path lies in, or null for the repository's own files (scripts, e2e, configs). */
function workspaceOf(file) {
  const [first] = path.relative(ROOT, file).split(path.sep);
  return first && WORKSPACES.has(first) ? first : null;
}

/**
 * A relative import that leaves its workspace (`../../../api/src/db/models`) reaches into another
 * workspace's files past its public surface, and past the package graph too: no-restricted-imports
 * cannot see it, since the same text may stay inside the workspace from a shallower file. This
 * rule resolves the path against the importing file and names the surface to use instead.
 */
export const workspaceBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A relative import stays inside its own workspace' },
    messages: {
      leaves:
        'This reaches into {{target}}/ past its public surface: import @syncdesk/{{target}} (or @syncdesk/{{target}}/testing).',
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const from = workspaceOf(file);
    // The repository's own tooling (scripts, configs) stands outside the chain.
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = workspaceOf(path.resolve(path.dirname(file), source.value));
      if (target && target !== from) context.report({ node: source, messageId: 'leaves', data: { target } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
