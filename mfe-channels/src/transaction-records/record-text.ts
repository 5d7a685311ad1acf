export { RECORD_TYPES, recordTypeLabel } from '@syncdesk/contracts';
import {
  ROUTE_PATTERNS,
  routes,
  type RouteParam,
  type TransactionRecordBulkResult,
} from '@syncdesk/contracts';

import type { RecordSource } from './transaction-records.api';

const records = (count: number) => `${count} ${count === 1 ? 'record' : 'records'}`;

/**
 * What a retry or ignore did, and what happens next, in the seller's words: a retry only queues
 * the operation, so the text says where its outcome will show; records left alone say why.
 */
export function bulkResultText(action: 'retry' | 'ignore', result: TransactionRecordBulkResult): string {
  const { updated, skipped } = result;
  if (action === 'retry') {
    const why = 'only failures not retried yet, that know how to run again, can be retried';
    if (updated === 0) return `Nothing was retried: ${why}.`;
    const done =
      updated === 1
        ? 'Retry queued for 1 record: it has left the failures, and its new attempt will appear in the transaction records, linked to it.'
        : `Retry queued for ${records(updated)}: they have left the failures, and each new attempt will appear in the transaction records, linked to the record it retries.`;
    return skipped > 0 ? `${done} ${records(skipped)} left alone: ${why}.` : done;
  }
  const why = 'only failures not handled yet can be ignored';
  if (updated === 0) return `Nothing was ignored: ${why}.`;
  const done = `${records(updated)} ignored: ${updated === 1 ? 'it has' : 'they have'} left the failures and the dashboard.`;
  return skipped > 0 ? `${done} ${records(skipped)} left alone: ${why}.` : done;
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
