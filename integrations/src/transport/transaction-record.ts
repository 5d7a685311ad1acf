/**
 * One external call as the transaction records (spec "Log") keep it. Written by the jobs' HTTP
 * transport for every call a connector makes; read by the logs screens, the dashboard and retry.
 */
export interface TransactionRecordInput {
  companyId: number;
  storeId: number;
  /** The channel or plugin the call was made for (channels.id: both kinds live there). */
  channelId: number | null;
  /** 'channel' | 'plugin' (the connection's kind) or 'api' for calls not tied to a connection. */
  kind: 'channel' | 'plugin' | 'api';
  /** Spec job type: get_orders, submit_inventory, submit_fulfillment, refresh_tokens, sync_orders … */
  type: string;
  method: string;
  /** The url called, query included, credentials never (the transport strips them). */
  url: string;
  /** LOG_STATUS value: 2 success, 3 warning, 4 failed, 5 info (0/1 while throttled or running). */
  status: number;
  /** Null when no answer came (timeout, refused connection). */
  httpStatus: number | null;
  responseTimeMs: number;
  /** Calls made for this record (1 + retries after a 429/5xx). */
  attempts: number;
  /** One line in the user's words: "Imported 50 orders", "Shopify answered 429: …". */
  message: string;
  /** Request and response bodies, credentials, tokens and signatures already redacted. */
  requestBody: string | null;
  responseBody: string | null;
  /** Calls of the same connection and operation waiting for budget when this one started. */
  waitingRequests: number;
  /** The provider error code the explainer maps (Mirakl `ORDER_INVALID_STATE`, `invalid_grant` …). */
  errorCode?: string | null;
  /** How to run the same operation again (`PUT …/retry`): the job and its data. */
  operation?: { job: string; data: Record<string, unknown> } | null;
  /** The failed record this one retries. */
  retryOfId?: number | null;
  createdAt: Date;
}

/** Where the transport hands its records; batched by the logs module so writes never slow the sync. */
export interface TransactionRecorder {
  /** Queues a record; never throws, never waits for the database. */
  record(entry: TransactionRecordInput): void;
  /** Writes what is queued (tests, shutdown, the end of a job). */
  flush(): Promise<void>;
}

/** Keeps nothing: tests of a connector that look only at the simulator's side. */
export const discardingRecorder: TransactionRecorder = {
  record: () => undefined,
  flush: async () => undefined,
};

/** Keeps records in memory: connector tests that assert what was recorded. */
export function memoryRecorder(): TransactionRecorder & { records: TransactionRecordInput[] } {
  const records: TransactionRecordInput[] = [];
  return { records, record: (entry) => void records.push(entry), flush: async () => undefined };
}
