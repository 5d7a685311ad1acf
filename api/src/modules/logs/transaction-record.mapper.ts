import {
  LOG_STATUS,
  type RecordHandling,
  type TransactionRecordContentDto,
  type TransactionRecordDto,
} from '@syncdesk/contracts';
import type { TransactionRecord } from '../../db/log.models';
import { maskPersonalDataInBody } from './content-protection';

const FAILED = LOG_STATUS.byKey('failed').value;

/** Retry is offered for a failed record that knows how to run again and was not retried yet. */
export function isRetryable(record: TransactionRecord): boolean {
  return (
    record.status === FAILED &&
    record.retried_by_id === null &&
    (record.retry_queued_at ?? null) === null &&
    record.operation !== null
  );
}

/** What was done about a record (RECORD_HANDLINGS); the same reading as `handlingWhere` in the service. */
export function handlingOf(
  record: Pick<TransactionRecord, 'ignored_at' | 'retried_by_id' | 'retry_queued_at'>,
): RecordHandling {
  if (record.ignored_at !== null && record.ignored_at !== undefined) return 'ignored';
  if (record.retried_by_id !== null && record.retried_by_id !== undefined) return 'retried';
  if (record.retry_queued_at !== null && record.retry_queued_at !== undefined) return 'retry_queued';
  return 'open';
}

/**
 * `retriedByStatus`: the LOG_STATUS of the record that retried this one, when it was read
 * (`retryStatusesOf`); null leaves the outcome unknown to the screen.
 */
export function toTransactionRecordDto(
  record: TransactionRecord,
  channelName: string | null,
  retriedByStatus: number | null = null,
): TransactionRecordDto {
  return {
    id: Number(record.id),
    store_id: record.store_id,
    channel_id: record.channel_id,
    channel_name: channelName,
    kind: record.kind,
    type: record.type,
    method: record.method,
    url: record.url,
    status: Number(record.status),
    http_status: record.http_status,
    response_time: record.response_time_ms,
    attempts: record.attempts,
    message: record.message,
    waiting_request_count: record.waiting_requests,
    retry_of_id: record.retry_of_id,
    retried_by_id: record.retried_by_id ?? null,
    retried_by_status: record.retried_by_id ? retriedByStatus : null,
    handling: handlingOf(record),
    retryable: isRetryable(record),
    ignored: record.ignored_at !== null && record.ignored_at !== undefined,
    date: new Date(record.created_at).toISOString(),
  };
}

/** Bodies are stored redacted (credentials never reach the table); personal data is masked on the way out. */
export function toContentDto(
  record: Pick<TransactionRecord, 'request_body' | 'response_body'>,
  viewer: { dataProtection: boolean },
): TransactionRecordContentDto {
  if (!viewer.dataProtection) return { request: record.request_body, response: record.response_body };
  return {
    request: maskPersonalDataInBody(record.request_body),
    response: maskPersonalDataInBody(record.response_body),
  };
}
