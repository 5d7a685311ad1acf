import { Op } from 'sequelize';
import { rooms, type LogCreatedEvent, type Publish } from '@syncdesk/contracts';
import type { Logger } from '../../logger';
import type { LogModels, TransactionRecord } from '../../db/log.models';
import type { TransactionRecorder, TransactionRecordInput } from '@syncdesk/integrations';

/** A recorder that writes in batches; `close` stops its timer and writes what is left (shutdown). */
export interface BatchedTransactionRecorder extends TransactionRecorder {
  close(): Promise<void>;
}

export interface TransactionRecorderOptions {
  models: LogModels;
  publish: Publish;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Longest a record waits in memory before its batch is written; default 250 ms. */
  flushEveryMs?: number;
  /** Records per insert; reaching it writes at once. Default 200. */
  batchSize?: number;
  /**
   * Records kept while the database is slow or down; newer ones are dropped (and counted in a
   * warning) rather than letting a sync's memory grow without bound. Default 20,000.
   */
  maxQueued?: number;
}

type Row = Omit<
  TransactionRecord['_creationAttributes'],
  'id' | 'retried_by_id' | 'retry_queued_at' | 'ignored_at'
>;

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

function rowOf(entry: TransactionRecordInput): Row {
  return {
    company_id: entry.companyId,
    store_id: entry.storeId,
    channel_id: entry.channelId,
    kind: entry.kind,
    type: cut(entry.type, 40),
    method: cut(entry.method, 10),
    url: entry.url,
    status: entry.status,
    http_status: entry.httpStatus,
    response_time_ms: Math.max(0, Math.round(entry.responseTimeMs)),
    attempts: entry.attempts,
    message: cut(entry.message, 1000),
    request_body: entry.requestBody,
    response_body: entry.responseBody,
    waiting_requests: entry.waitingRequests,
    error_code: entry.errorCode ? cut(entry.errorCode, 100) : null,
    operation: entry.operation ?? null,
    retry_of_id: entry.retryOfId ?? null,
    created_at: entry.createdAt,
  };
}

/**
 * The transaction records' writer. A connector's call only pushes onto an in-memory queue; one
 * multi-row INSERT writes up to `batchSize` records every `flushEveryMs` (whichever comes first), so
 * a sync of thousands of calls costs a few inserts, not one round trip per call.
 *
 * After each batch: a retry's records link the record they retry (`retried_by_id`, the first
 * one only), and ONE `log:created` per connection and store goes to the store's room carrying the
 * newest id of that connection in the batch — pages refetch on it, so one event per batch is
 * enough, and per connection so a page watching one channel or plugin knows it is concerned.
 *
 * Never throws into the caller: a failed insert is tried once more, then the batch is dropped and
 * logged (losing records beats failing or stalling the sync).
 */
export function createTransactionRecorder(options: TransactionRecorderOptions): BatchedTransactionRecorder {
  const { models, publish, logger } = options;
  const flushEveryMs = options.flushEveryMs ?? 250;
  const batchSize = options.batchSize ?? 200;
  const maxQueued = options.maxQueued ?? 20_000;
  let queue: TransactionRecordInput[] = [];
  let timer: NodeJS.Timeout | null = null;
  // Batches are written one after the other, so `flush` can wait for everything queued before it.
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  async function insert(rows: Row[]): Promise<TransactionRecord[] | null> {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        return await models.TransactionRecord.bulkCreate(rows, { validate: false, hooks: false });
      } catch (error) {
        if (attempt === 2) {
          logger.error(
            { err: error, records: rows.length },
            'transaction records dropped: the database refused them',
          );
        }
      }
    }
    return null;
  }

  async function linkRetries(written: TransactionRecord[]): Promise<void> {
    const firstRetry = new Map<number, number>();
    for (const record of written) {
      if (record.retry_of_id === null || record.retry_of_id === undefined) continue;
      const known = firstRetry.get(record.retry_of_id);
      if (known === undefined || record.id < known) firstRetry.set(record.retry_of_id, record.id);
    }
    for (const [retried, by] of firstRetry) {
      await models.TransactionRecord.update(
        { retried_by_id: by },
        { where: { id: retried, retried_by_id: { [Op.is]: null } } },
      );
    }
  }

  function announce(written: TransactionRecord[]): void {
    const newest = new Map<string, TransactionRecord>();
    for (const record of written) {
      const key = `${record.store_id}:${record.kind}:${record.channel_id ?? ''}`;
      const known = newest.get(key);
      if (!known || record.id > known.id) newest.set(key, record);
    }
    for (const record of newest.values()) {
      const payload: LogCreatedEvent = { logId: record.id, storeId: record.store_id };
      if (record.channel_id !== null && record.kind === 'channel') payload.channelId = record.channel_id;
      if (record.channel_id !== null && record.kind === 'plugin') payload.pluginId = record.channel_id;
      publish({ name: 'log:created', rooms: [rooms.store(record.store_id)], payload });
    }
  }

  async function write(batch: TransactionRecordInput[]): Promise<void> {
    for (let start = 0; start < batch.length; start += batchSize) {
      const written = await insert(batch.slice(start, start + batchSize).map(rowOf));
      if (!written) continue;
      try {
        await linkRetries(written);
        announce(written);
      } catch (error) {
        logger.warn(
          { err: error },
          'transaction records written, but linking retries or announcing them failed',
        );
      }
    }
    if (dropped > 0) {
      logger.warn({ dropped }, 'transaction records dropped: too many were waiting for the database');
      dropped = 0;
    }
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (queue.length > 0) {
      const batch = queue;
      queue = [];
      writing = writing
        .then(() => write(batch))
        .catch((error: unknown) => logger.error({ err: error }, 'transaction records: a batch failed'));
    }
    return writing;
  }

  return {
    record(entry) {
      if (queue.length >= maxQueued) {
        dropped += 1;
        return;
      }
      queue.push(entry);
      if (queue.length >= batchSize) {
        void flush();
      } else if (!timer) {
        timer = setTimeout(() => void flush(), flushEveryMs);
        // A queued record alone never keeps a process alive; shutdown calls `close`.
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
