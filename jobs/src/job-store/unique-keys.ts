import { createHash } from 'node:crypto';

const MAX_KEY_LENGTH = 255;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with sorted keys, so `{ a, b }` and `{ b, a }` give the same key. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([left], [right]) =>
      left < right ? -1 : left > right ? 1 : 0,
    );
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${stableStringify(child)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Key of the one row an `agenda.every()` job may have. A unique index on it turns "upsert by name"
 * into an atomic insert-or-update on both MySQL and SQLite (neither has partial unique indexes).
 */
export function singleJobKey(name: string): string {
  const key = `single:${name}`;
  return key.length <= MAX_KEY_LENGTH ? key : `single#${sha256(name)}`;
}

/** Key of a `job.unique({...})` constraint: the job name plus the constraint, order-insensitive. */
export function uniqueJobKey(name: string, unique: Record<string, unknown>): string {
  return `unique:${sha256(`${name}\u0000${stableStringify(unique)}`)}`;
}
