import { defineVocabulary } from '../vocabulary';

/** Whether an IP address entry of a company (or company role) lets requests through. */
export const IP_WHITELIST_STATUS = defineVocabulary('ipWhitelistStatus', [
  { value: 0, key: 'disabled', label: 'Disabled', tone: 'default' },
  { value: 1, key: 'allowed', label: 'Allowed', tone: 'success' },
  { value: 2, key: 'blocked', label: 'Blocked', tone: 'error' },
]);
