/**
 * A vocabulary is defined once, here, as a list of entries; labels, zod enums, database
 * columns and tag colours all derive from it.
 */
export type Tone = 'default' | 'processing' | 'success' | 'warning' | 'error';

export interface VocabularyEntry<V extends number | string = number | string, K extends string = string> {
  /** The value stored and sent over the wire (the spec's number, or its string). */
  value: V;
  /** A stable code-side name (`on_hold`). */
  key: K;
  /** What a person reads (`On hold`). */
  label: string;
  /** How a status tag is coloured. */
  tone: Tone;
}

export interface Vocabulary<E extends VocabularyEntry = VocabularyEntry> {
  name: string;
  entries: readonly E[];
  values: E['value'][];
  byValue(value: E['value'] | null | undefined): E | undefined;
  byKey(key: E['key']): E;
  label(value: E['value'] | null | undefined): string;
}

export function defineVocabulary<const E extends VocabularyEntry>(
  name: string,
  entries: readonly E[],
): Vocabulary<E> {
  const byValue = new Map<E['value'], E>(entries.map((entry) => [entry.value, entry]));
  const byKey = new Map<E['key'], E>(entries.map((entry) => [entry.key, entry]));
  if (byValue.size !== entries.length || byKey.size !== entries.length) {
    throw new Error(`Vocabulary ${name} repeats a value or key`);
  }
  return {
    name,
    entries,
    values: entries.map((entry) => entry.value),
    byValue: (value) => (value === null || value === undefined ? undefined : byValue.get(value)),
    byKey: (key) => {
      const entry = byKey.get(key);
      if (!entry) throw new Error(`Vocabulary ${name} has no key ${String(key)}`);
      return entry;
    },
    label: (value) =>
      value === null || value === undefined ? '' : (byValue.get(value)?.label ?? String(value)),
  };
}
