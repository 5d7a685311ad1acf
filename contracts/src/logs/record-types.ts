/** The job types a transaction record can carry (spec §9 job types), as screens name them. */
export const RECORD_TYPES = [
  { value: 'get_orders', label: 'Get orders' },
  { value: 'get_products', label: 'Get products' },
  { value: 'submit_inventory', label: 'Submit inventory' },
  { value: 'submit_fulfillment', label: 'Submit fulfilment' },
  { value: 'pickup_order', label: 'Pickup order' },
  { value: 'refresh_tokens', label: 'Refresh tokens' },
  { value: 'webhook_subscriptions', label: 'Webhook subscriptions' },
  { value: 'sync_orders', label: 'Sync orders' },
  { value: 'get_updates', label: 'Get updates' },
  { value: 'api_call', label: 'API call' },
  /** A provider's webhook we acted on beyond an order import (an uninstall, a privacy request). */
  { value: 'receive_webhook', label: 'Receive webhook' },
] as const;

/** A record's type in words; a type not listed yet reads as its words, first letter capitalised. */
export function recordTypeLabel(type: string): string {
  const known = RECORD_TYPES.find((entry) => entry.value === type);
  if (known) return known.label;
  const words = type.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
