import { z } from 'zod';

import type { Vocabulary } from './vocabulary';
import type { VocabularyValue } from './vocabulary.types';

/**
 * A zod schema accepting exactly the vocabulary's wire values, so request validation derives from
 * the same list as labels and tag colours (a new status needs no second edit).
 */
export function vocabularySchema<V extends Vocabulary>(vocabulary: V): z.ZodType<VocabularyValue<V>> {
  const values = vocabulary.values as [VocabularyValue<V>, ...VocabularyValue<V>[]];
  return z.literal(values) as unknown as z.ZodType<VocabularyValue<V>>;
}
