import type { RecordHandling } from './record-handling';

/**
 * A transaction record (spec "Log") as the logs calls answer it. Written by the sync engine for
 * every external call; read by the transaction records screens and the dashboard.
 */
export interface TransactionRecordDto {
  id: number;
  store_id: number;
  /** The channel or plugin the call was made for; null for api records. */
  channel_id: number | null;
  channel_name: string | null;
  /** 'channel' | 'plugin' | 'api'. */
  kind: 'channel' | 'plugin' | 'api';
  /** Spec job type: get_orders, submit_inventory, submit_fulfillment, refresh_tokens, sync_orders … */
  type: string;
  method: string;
  url: string;
  /** LOG_STATUS value (0 waiting … 5 info). */
  status: number;
  http_status: number | null;
  /** Milliseconds. */
  response_time: number;
  attempts: number;
  message: string;
  /** Calls waiting for rate budget when this one started. */
  waiting_request_count: number;
  /** The failed record this one retried, and the record that retried this one. */
  retry_of_id: number | null;
  retried_by_id: number | null;
  /** The LOG_STATUS of the record that retried this one (how the retry went); null until it ran. */
  retried_by_status: number | null;
  /** What was done about a failure: open, retry_queued, retried or ignored (RECORD_HANDLINGS). */
  handling: RecordHandling;
  /** Whether retry is offered (a failed record that knows its operation and was not retried yet). */
  retryable: boolean;
  ignored: boolean;
  /** ISO date-time (UTC). */
  date: string;
}

/** `GET …/{logId}/content`: what was sent and answered, credentials redacted. */
export interface TransactionRecordContentDto {
  request: string | null;
  response: string | null;
}

/** `GET …/{logId}/aiInterpreter`: the plain-language cause and fix of a failed record. */
export interface TransactionRecordExplanationDto {
  /** What went wrong, in the seller's words. */
  cause: string;
  /** What to do about it. */
  fix: string;
  /** 'reconnect' | 'check_mapping' | 'wait' | 'order_state' | 'provider' | 'settings' | 'none'. */
  action: string;
  /** True when an optional LLM rephrased it (off by default). */
  rephrased: boolean;
}

/** `PUT …/retry` and `…/ignore` `{ log_ids }`. */
export interface TransactionRecordBulkResult {
  /** Records retried (a job queued) or ignored. */
  updated: number;
  /** Records left alone (not failed, already retried, no operation to repeat). */
  skipped: number;
}
