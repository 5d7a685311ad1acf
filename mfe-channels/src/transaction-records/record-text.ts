import {
  ROUTE_PATTERNS,
  routes,
  type RouteParam,
  type TransactionRecordBulkResult,
} from '@syncdesk/contracts';

import type { RecordSource } from './transaction-records.api';

/** The job types a record can carry (contracts' job names without their area), as the filter offers them. */
export const RECORD_TYPES = [
  { value: 'get_orders', label: 'Get orders' },
  { value: 'submit_inventory', label: 'Submit inventory' },
  { value: 'submit_fulfillment', label: 'Submit fulfilment' },
  { value: 'pickup_order', label: 'Pickup order' },
  { value: 'refresh_tokens', label: 'Refresh tokens' },
  { value: 'webhook_subscriptions', label: 'Webhook subscriptions' },
  { value: 'sync_orders', label: 'Sync orders' },
  { value: 'get_updates', label: 'Get updates' },
] as const;

/** A record's type in words; a type this screen does not know yet reads as its words, title-cased. */
export function recordTypeLabel(type: string): string {
  const known = RECORD_TYPES.find((entry) => entry.value === type);
  if (known) return known.label;
  const words = type.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a bulk retry or ignore did: "3 retried, 1 left alone". */
export function bulkResultText(action: 'retry' | 'ignore', result: TransactionRecordBulkResult): string {
  const done = action === 'retry' ? 'retried' : 'ignored';
  return `${result.updated} ${done}, ${result.skipped} left alone`;
}

/** The records screen of a source. */
export function recordListRoute(source: RecordSource): string {
  if (source.kind === 'api') return ROUTE_PATTERNS.apiTransactionRecords;
  return source.kind === 'channel'
    ? routes.channelTransactionRecords(source.storeId, source.connectionId)
    : routes.pluginTransactionRecords(source.storeId, source.connectionId);
}

/** One record's screen. */
export function recordDetailRoute(source: RecordSource, logId: RouteParam): string {
  if (source.kind === 'api') return routes.apiTransactionRecordDetail(logId);
  return source.kind === 'channel'
    ? routes.channelTransactionRecordDetail(source.storeId, source.connectionId, logId)
    : routes.pluginTransactionRecordDetail(source.storeId, source.connectionId, logId);
}

/** The channel's or plugin's own page (reconnect, settings). */
export function connectionRoute(source: RecordSource): string | null {
  if (source.kind === 'api') return null;
  return source.kind === 'channel'
    ? routes.channelDetail(source.storeId, source.connectionId)
    : routes.pluginDetail(source.storeId, source.connectionId);
}
