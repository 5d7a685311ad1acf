import {
  MAX_PER_PAGE,
  type ListResponse,
  type RouteParam,
  type TransactionRecordBulkResult,
  type TransactionRecordContentDto,
  type TransactionRecordDto,
  type TransactionRecordExplanationDto,
} from '@syncdesk/contracts';
import { apiClient, quietApiClient } from '@syncdesk/web-kit';

/**
 * Whose records a screen shows: one channel's, one plugin's, or the api's (`logs/apiLogs`, which
 * has neither a per-record read nor retry and ignore).
 */
export type RecordSource =
  | { kind: 'channel'; storeId: RouteParam; connectionId: RouteParam }
  | { kind: 'plugin'; storeId: RouteParam; connectionId: RouteParam }
  | { kind: 'api' };

/** The list path of a source's records (the list convention: `{ data, meta: { total } }`). */
export function recordListPath(source: RecordSource): string {
  if (source.kind === 'api') return '/logs/apiLogs';
  const segment = source.kind === 'channel' ? 'channels' : 'plugins';
  return `/logs/stores/${source.storeId}/${segment}/${source.connectionId}/logs`;
}

/**
 * One record of a channel or plugin. The api's records have no read of their own (their list does
 * not filter by id either): their screen shows the row the list handed over, and the content.
 */
export async function getTransactionRecord(
  source: Exclude<RecordSource, { kind: 'api' }>,
  logId: RouteParam,
): Promise<TransactionRecordDto> {
  return (await apiClient.get<{ data: TransactionRecordDto }>(`${recordListPath(source)}/${logId}`)).data;
}

export async function getTransactionRecordContent(
  source: RecordSource,
  logId: RouteParam,
): Promise<TransactionRecordContentDto> {
  return (
    await apiClient.get<{ data: TransactionRecordContentDto }>(`${recordListPath(source)}/${logId}/content`)
  ).data;
}

/**
 * The plain-language cause and fix of a failed record. Quiet: the page shows the record without it
 * rather than a red notice when no explanation can be had.
 */
export async function getTransactionRecordExplanation(
  source: RecordSource,
  logId: RouteParam,
): Promise<TransactionRecordExplanationDto> {
  return (
    await quietApiClient.get<{ data: TransactionRecordExplanationDto }>(
      `${recordListPath(source)}/${logId}/aiInterpreter`,
    )
  ).data;
}

/** The most records one retry or ignore call takes (the api's limit). */
export const MAX_LOG_IDS_PER_CALL = 1000;

/**
 * `PUT …/logs/retry` or `…/logs/ignore` with `{ log_ids }`, in calls the api accepts; the
 * outcomes add up.
 */
export async function changeTransactionRecords(
  source: RecordSource,
  action: 'retry' | 'ignore',
  logIds: number[],
): Promise<TransactionRecordBulkResult> {
  const total: TransactionRecordBulkResult = { updated: 0, skipped: 0 };
  for (let start = 0; start < logIds.length; start += MAX_LOG_IDS_PER_CALL) {
    const { data } = await apiClient.put<{ data: TransactionRecordBulkResult }>(
      `${recordListPath(source)}/${action}`,
      { log_ids: logIds.slice(start, start + MAX_LOG_IDS_PER_CALL) },
    );
    total.updated += data.updated;
    total.skipped += data.skipped;
  }
  return total;
}

/**
 * A store's sales channels or plugins, for choosing whose records to read. Quiet: a role that may
 * read records but not list channels gets the chooser's own message, not a trip home on 403.
 */
export async function getStoreConnections(
  kind: 'channel' | 'plugin',
  storeId: RouteParam,
): Promise<{ id: number; name: string }[]> {
  const segment = kind === 'channel' ? 'channels' : 'plugins';
  const body = await quietApiClient.get<ListResponse<{ id: number; name: string }>>(
    `/stores/${storeId}/${segment}`,
    { per_page: MAX_PER_PAGE },
  );
  return body?.data ?? [];
}

/**
 * Which of the given stores holds a channel or plugin, for paths that leave the store out
 * (`/transactionRecords/stores/channels/5`); quiet, since the stores that don't hold it answer 404.
 */
export async function findConnectionStore(
  kind: 'channel' | 'plugin',
  connectionId: RouteParam,
  storeIds: readonly number[],
): Promise<number | null> {
  const segment = kind === 'channel' ? 'channels' : 'plugins';
  for (const storeId of storeIds) {
    try {
      await quietApiClient.get(`/stores/${storeId}/${segment}/${connectionId}`);
      return storeId;
    } catch {
      // Not this store's; try the next.
    }
  }
  return null;
}
