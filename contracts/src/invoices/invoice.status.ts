import { defineVocabulary } from '../vocabulary';

/** Invoice sync status towards the accounting channel. The spec gives names only, so values are strings. */
export const INVOICE_SYNC_STATUS = defineVocabulary('invoiceSyncStatus', [
  { value: 'pending', key: 'pending', label: 'Pending', tone: 'default' },
  { value: 'updated', key: 'updated', label: 'Updated', tone: 'processing' },
  { value: 'synced', key: 'synced', label: 'Synced', tone: 'success' },
  { value: 'failed', key: 'failed', label: 'Failed', tone: 'error' },
  { value: 'in_progress', key: 'in_progress', label: 'In progress', tone: 'processing' },
]);
