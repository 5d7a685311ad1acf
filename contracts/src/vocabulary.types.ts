import type { Vocabulary } from './vocabulary';

/** The wire values of a vocabulary as a union (`0 | 1 | 2`), for DTO fields. */
export type VocabularyValue<V extends Vocabulary> = V['entries'][number]['value'];

/** The code-side keys of a vocabulary as a union (`'pending' | 'synced'`). */
export type VocabularyKey<V extends Vocabulary> = V['entries'][number]['key'];
