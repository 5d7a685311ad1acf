import { defineVocabulary } from '../vocabulary';

export const USER_GROUP = defineVocabulary('userGroup', [
  { value: 0, key: 'user', label: 'User', tone: 'default' },
  { value: 1, key: 'moderator', label: 'Moderator', tone: 'processing' },
  { value: 2, key: 'admin', label: 'Admin', tone: 'warning' },
]);
