import { defineVocabulary } from '../vocabulary';

/** Category a channel is grouped under in the channel picker. */
export const CHANNEL_CATEGORY = defineVocabulary('channelCategory', [
  { value: 'Accounting', key: 'accounting', label: 'Accounting', tone: 'default' },
  { value: 'Marketplace', key: 'marketplace', label: 'Marketplace', tone: 'default' },
  { value: 'Ecommerce', key: 'ecommerce', label: 'Ecommerce', tone: 'default' },
  { value: 'WMS', key: 'wms', label: 'WMS', tone: 'default' },
]);
