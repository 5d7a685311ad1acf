import { defineVocabulary } from '../vocabulary';

/**
 * Account status of a company in the accounts system; it decides the account banner (spec §4):
 * trial shows a countdown, limited blocks non-administrators. The spec has no 0 or 2.
 */
export const COMPANY_ACCOUNT_STATUS = defineVocabulary('companyAccountStatus', [
  { value: 1, key: 'trial', label: 'Trial', tone: 'processing' },
  { value: 3, key: 'no_banner', label: 'No banner', tone: 'default' },
  { value: 4, key: 'limited', label: 'Limited', tone: 'warning' },
]);
