export { RECORD_TYPES, recordTypeLabel } from '@syncdesk/contracts';
import {
  ROUTE_PATTERNS,
  routes,
  type RouteParam,
  type TransactionRecordBulkResult,
} from '@syncdesk/contracts';

import type { RecordSource } from './transaction-records.api';

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
