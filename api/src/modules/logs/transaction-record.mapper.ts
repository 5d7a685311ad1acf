import { LOG_STATUS, type TransactionRecordContentDto, type TransactionRecordDto } from '@syncdesk/contracts';
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

export function toTransactionRecordDto(
  record: TransactionRecord,
  channelName: string | null,
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
