import { defineVocabulary } from '../vocabulary';

/** When an order rule runs. */
export const RULE_TIMING = defineVocabulary('ruleTiming', [
  { value: 0, key: 'on_import', label: 'On import', tone: 'default' },
  { value: 1, key: 'on_sending_via_plugin', label: 'On sending via plugin', tone: 'default' },
]);
