import { defineVocabulary } from '../vocabulary';

/** Status of a transaction record (channel, plugin, webhook, api and rule engine logs). */
export const LOG_STATUS = defineVocabulary('logStatus', [
  { value: 0, key: 'waiting', label: 'Waiting', tone: 'default' },
  { value: 1, key: 'in_progress', label: 'In progress', tone: 'processing' },
  { value: 2, key: 'success', label: 'Success', tone: 'success' },
  { value: 3, key: 'warning', label: 'Warning', tone: 'warning' },
  { value: 4, key: 'failed', label: 'Failed', tone: 'error' },
  // Informational records are neither good nor bad; blue reads as "note" next to the other tones.
  { value: 5, key: 'info', label: 'Info', tone: 'processing' },
]);
