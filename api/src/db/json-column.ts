/**
 * A JSON column as its value: raw queries and SQLite hand back the text, Sequelize's models the
 * parsed value; text that is not JSON reads as null.
 */
export function jsonOf<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}
