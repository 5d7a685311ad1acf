import { defineVocabulary } from '../vocabulary';

export const NOTIFICATION_STATUS = defineVocabulary('notificationStatus', [
  { value: 0, key: 'unread', label: 'Unread', tone: 'processing' },
  { value: 1, key: 'read', label: 'Read', tone: 'default' },
  { value: 2, key: 'dismissed', label: 'Dismissed', tone: 'default' },
]);

export const NOTIFICATION_LEVEL = defineVocabulary('notificationLevel', [
  { value: 0, key: 'info', label: 'Info', tone: 'processing' },
  { value: 1, key: 'warning', label: 'Warning', tone: 'warning' },
  { value: 2, key: 'error', label: 'Error', tone: 'error' },
]);
