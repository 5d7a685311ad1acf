import { defineVocabulary } from '../vocabulary';

/** A tri-state setting value (the spec does not say which settings use it). */
export const SETTING_VALUE = defineVocabulary('settingValue', [
  { value: 0, key: 'disabled', label: 'Disabled', tone: 'default' },
  { value: 1, key: 'allowed', label: 'Allowed', tone: 'success' },
  { value: 2, key: 'blocked', label: 'Blocked', tone: 'error' },
]);
