import { Op, type Attributes, type WhereOptions } from 'sequelize';
import {
  JOB_NAMES,
  LOG_STATUS,
  RECORD_STATE_FILTERS,
  rooms,
  type JobData,
  type JobName,
  type ListResponse,
  type Publish,
  type TransactionRecordBulkResult,
  type TransactionRecordContentDto,
  type TransactionRecordDto,
  type TransactionRecordExplanationDto,
} from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { JobScheduler } from '../../jobs/job-scheduler';
import type { Channel } from '../../db/channel.models';
import type { TransactionRecord } from '../../db/log.models';
import type { Models } from '../../db/models';
import { findChannelStore } from '../channels/channel-access';
import { explainProviderOf, explainRecord, type Explanation } from '@syncdesk/integrations';
import type { ExplanationRephraser } from './explain/llm-rephraser';
import { toContentDto, toTransactionRecordDto, isRetryable } from './transaction-record.mapper';

const STATUS = {
  success: LOG_STATUS.byKey('success').value,
  warning: LOG_STATUS.byKey('warning').value,
  failed: LOG_STATUS.byKey('failed').value,
};

/** The list convention of every transaction records list (spec §7 "List query conventions"). */
export const TRANSACTION_RECORD_LIST_SPEC: ListQuerySpec<Attributes<TransactionRecord>> = {
  filters: {
    status: { type: 'number', operators: ['eq', 'ne', 'in'] },
    type: { type: 'string', operators: ['eq', 'in'] },
    method: { type: 'string', operators: ['eq', 'in'] },
    kind: { type: 'string', operators: ['eq', 'in'] },
    http_status: { type: 'number', operators: ['eq', 'in', 'gte', 'lte'] },
    channel_id: { type: 'number', operators: ['eq', 'in'] },
    response_time: { column: 'response_time_ms', type: 'number', operators: ['gte', 'lte', 'gt', 'lt'] },
    attempts: { type: 'number', operators: ['eq', 'gte', 'gt'] },
  },
  // `date` is what the screens call it (the DTO's field), `created_at` the column.
  dateRanges: { date: { column: 'created_at' }, created_at: {} },
  search: ['message', 'url'],
  sort: {
    fields: ['date', 'created_at', 'status', 'type', 'method', 'http_status', 'response_time', 'attempts'],
    default: { field: 'created_at', direction: 'desc' },
  },
};

const STATE_VALUES = new Set<string>(RECORD_STATE_FILTERS.map((entry) => entry.value));
const STATE_PARAMETERS = ['state[eq]', 'state[in]'] as const;

/**
 * One value of the screens' status filter (RECORD_STATE_FILTERS) as a condition: a LOG_STATUS key
 * means records of that status nobody handled (so "Failed" is the failures still to act on);
 * `retried` a retry queued or run; `ignored` taken out by hand. Reads as `handlingOf` does.
 */
function stateWhere(state: string): WhereOptions<Attributes<TransactionRecord>> {
  if (state === 'ignored') return { ignored_at: { [Op.ne]: null } };
  if (state === 'retried')
    return {
      ignored_at: null,
      [Op.or]: [{ retried_by_id: { [Op.ne]: null } }, { retry_queued_at: { [Op.ne]: null } }],
    };
  return {
    status: LOG_STATUS.byKey(state as Parameters<typeof LOG_STATUS.byKey>[0]).value,
    ignored_at: null,
    retried_by_id: null,
    retry_queued_at: null,
  };
}

/**
 * Takes `state[eq]` / `state[in]` out of a list query (the generic list convention knows only
 * columns) and answers its condition, or a 422 naming the values it takes.
 */
function splitStateFilter(query: ListQueryInput): {
  rest: ListQueryInput;
  where: WhereOptions<Attributes<TransactionRecord>> | null;
} {
  const rest = { ...query };
  const raw: string[] = [];
  for (const parameter of STATE_PARAMETERS) {
    const value = rest[parameter];
    delete rest[parameter];
    if (value === undefined) continue;
    for (const part of Array.isArray(value) ? value : [value]) raw.push(...part.split(','));
  }
  const states = [...new Set(raw.map((value) => value.trim()).filter((value) => value !== ''))];
  if (states.length === 0) return { rest, where: null };
  const unknown = states.find((state) => !STATE_VALUES.has(state));
  if (unknown !== undefined) {
    throw AppError.validation({
      state: [`The status filter takes: ${[...STATE_VALUES].join(', ')}.`],
    });
  }
  return { rest, where: { [Op.or]: states.map(stateWhere) } };
}

/** The status of the record that retried each of these, in one query (how each retry went). */
async function retryStatusesOf(
  models: Models,
  records: readonly Pick<TransactionRecord, 'retried_by_id'>[],
): Promise<Map<number, number>> {
  const ids = [...new Set(records.map((record) => record.retried_by_id).filter((id) => id != null))];
  if (ids.length === 0) return new Map();
  const retries = await models.TransactionRecord.findAll({
    where: { id: ids },
    attributes: ['id', 'status'],
  });
  return new Map(retries.map((retry) => [Number(retry.id), Number(retry.status)]));
}

/** List rows never carry the bodies (up to 64 KB each); content calls read them one record at a time. */
const LIST_ATTRIBUTES = { exclude: ['request_body', 'response_body'] };

export type ConnectionKind = 'channel' | 'plugin';

export interface ConnectionRef {
  kind: ConnectionKind;
  id: number;
}

/**
 * Reading and acting on transaction records. A connection's records are reached through its store,
 * which the caller's company owns or was shared (channel-access.ts); api records belong to the
 * caller's company. Anything else is 404, so ids reveal nothing.
 */
export interface TransactionRecordService {
  listApi(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<TransactionRecordDto>>;
  apiContent(scope: RequestScope, logId: number): Promise<TransactionRecordContentDto>;
  list(
    scope: RequestScope,
    storeId: number,
    connection: ConnectionRef,
    query: ListQueryInput,
  ): Promise<ListResponse<TransactionRecordDto>>;
  show(
    scope: RequestScope,
    storeId: number,
    connection: ConnectionRef,
    logId: number,
  ): Promise<TransactionRecordDto>;
  content(
    scope: RequestScope,
    storeId: number,
    connection: ConnectionRef,
    logId: number,
  ): Promise<TransactionRecordContentDto>;
  explain(
    scope: RequestScope,
    storeId: number,
    connection: ConnectionRef,
    logId: number,
  ): Promise<TransactionRecordExplanationDto>;
  /** Queues each failed, not yet retried record's operation again; the new records link back. */
  retry(
    scope: RequestScope,
    storeId: number,
    connection: ConnectionRef,
    logIds: readonly number[],
  ): Promise<TransactionRecordBulkResult>;
  /**
   * Takes failed records out of the failures (dashboard, the "Failed" filter); they stay listed,
   * flagged as ignored. A record that did not fail has nothing to ignore and is left alone.
   */
  ignore(
    scope: RequestScope,
    storeId: number,
    connection: ConnectionRef,
    logIds: readonly number[],
  ): Promise<TransactionRecordBulkResult>;
}

export interface TransactionRecordServiceDependencies {
  models: Models;
  jobs: JobScheduler;
  /**
   * Tells the store's pages that a connection's failures changed (a retry queued, records
   * ignored), so the dashboard drops them live; absent in tests that look at the service alone.
   */
  publish?: Publish;
  /** Optional LLM rephrasing of explanations (LOG_EXPLAINER_LLM_URL); off when absent. */
  rephrase?: ExplanationRephraser;
}

const KNOWN_JOBS = new Set<string>(Object.values(JOB_NAMES));

/** Names of the channels of a page of records, in one query. */
export async function channelNamesOf(
  models: Models,
  channelIds: readonly (number | null)[],
): Promise<Map<number, string>> {
  const ids = [...new Set(channelIds.filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const channels = await models.Channel.findAll({ where: { id: ids }, attributes: ['id', 'name'] });
  return new Map(channels.map((channel) => [channel.id, channel.name]));
}

export async function toDtoPage(
  models: Models,
  page: ListResponse<TransactionRecord>,
): Promise<ListResponse<TransactionRecordDto>> {
  const names = await channelNamesOf(
    models,
    page.data.map((record) => record.channel_id),
  );
  return {
    ...page,
    data: page.data.map((record) =>
      toTransactionRecordDto(
        record,
        record.channel_id === null ? null : (names.get(record.channel_id) ?? null),
      ),
    ),
  };
}

export function createTransactionRecordService(
  deps: TransactionRecordServiceDependencies,
): TransactionRecordService {
  const { models } = deps;

  /** The channel (channel or accounting row) or plugin in the path, of a store the caller reaches. */
  async function findConnection(
    scope: RequestScope,
    storeId: number,
    connection: ConnectionRef,
  ): Promise<Channel> {
    const store = await findChannelStore(models, scope, storeId);
    const channel = await models.Channel.findOne({
      where: {
        id: connection.id,
        store_id: store.id,
        kind: connection.kind === 'plugin' ? 'plugin' : ['channel', 'accounting'],
      },
      attributes: ['id', 'store_id', 'name', 'type', 'kind'],
    });
    if (!channel) throw AppError.notFound();
    return channel;
  }

  /**
   * `sync:changed` is what the dashboard and the connection's health refetch on: its failures are
   * part of the connection's health, and the event names the connection and carries no more.
   */
  function failuresChanged(channel: Channel): void {
    deps.publish?.({
      name: 'sync:changed',
      rooms: [rooms.store(channel.store_id)],
      payload: { storeId: channel.store_id, channelId: channel.id },
    });
  }

  const recordsOf = (channel: Channel): WhereOptions<Attributes<TransactionRecord>> => ({
    store_id: channel.store_id,
    channel_id: channel.id,
  });

  async function findRecord(scope: RequestScope, storeId: number, connection: ConnectionRef, logId: number) {
    const channel = await findConnection(scope, storeId, connection);
    const record = await models.TransactionRecord.findOne({ where: { id: logId, ...recordsOf(channel) } });
    if (!record) throw AppError.notFound();
    return { channel, record };
  }

  async function explanationOf(
    channel: Channel,
    record: TransactionRecord,
  ): Promise<TransactionRecordExplanationDto> {
    if (record.status !== STATUS.failed && record.status !== STATUS.warning) {
      return {
        cause: 'Nothing went wrong: this call worked.',
        fix: 'Nothing to do.',
        action: 'none',
        rephrased: false,
      };
    }
    const provider = explainProviderOf(channel.type);
    const explanation: Explanation = explainRecord({
      provider,
      httpStatus: record.http_status,
      errorCode: record.error_code,
      message: record.message,
      responseBody: record.response_body,
      type: record.type,
    });
    const rephrased = deps.rephrase
      ? await deps.rephrase(explanation, { provider, type: record.type })
      : null;
    return rephrased
      ? { ...explanation, cause: rephrased.cause, fix: rephrased.fix, rephrased: true }
      : { ...explanation, rephrased: false };
  }

  return {
    async listApi(scope, query) {
      const page = await findPage(
        models.TransactionRecord,
        query,
        TRANSACTION_RECORD_LIST_SPEC,
        { company_id: scope.companyId, kind: 'api' },
        { attributes: LIST_ATTRIBUTES },
      );
      return toDtoPage(models, page);
    },

    async apiContent(scope, logId) {
      const record = await models.TransactionRecord.findOne({
        where: { id: logId, company_id: scope.companyId, kind: 'api' },
        attributes: ['id', 'request_body', 'response_body'],
      });
      if (!record) throw AppError.notFound();
      return toContentDto(record, scope);
    },

    async list(scope, storeId, connection, query) {
      const channel = await findConnection(scope, storeId, connection);
      const { rest, where: state } = splitStateFilter(query);
      const page = await findPage(
        models.TransactionRecord,
        rest,
        TRANSACTION_RECORD_LIST_SPEC,
        state ? { [Op.and]: [recordsOf(channel), state] } : recordsOf(channel),
        {
          attributes: LIST_ATTRIBUTES,
        },
      );
      const outcomes = await retryStatusesOf(models, page.data);
      return {
        ...page,
        data: page.data.map((record) =>
          toTransactionRecordDto(
            record,
            channel.name,
            record.retried_by_id ? (outcomes.get(Number(record.retried_by_id)) ?? null) : null,
          ),
        ),
      };
    },

    async show(scope, storeId, connection, logId) {
      const { channel, record } = await findRecord(scope, storeId, connection, logId);
      const outcomes = await retryStatusesOf(models, [record]);
      return toTransactionRecordDto(
        record,
        channel.name,
        record.retried_by_id ? (outcomes.get(Number(record.retried_by_id)) ?? null) : null,
      );
    },

    async content(scope, storeId, connection, logId) {
      const { record } = await findRecord(scope, storeId, connection, logId);
      return toContentDto(record, scope);
    },

    async explain(scope, storeId, connection, logId) {
      const { channel, record } = await findRecord(scope, storeId, connection, logId);
      return explanationOf(channel, record);
    },

    async retry(scope, storeId, connection, logIds) {
      const channel = await findConnection(scope, storeId, connection);
      const wanted = [...new Set(logIds)];
      const records = await models.TransactionRecord.findAll({
        where: { id: wanted, ...recordsOf(channel) },
        attributes: ['id', 'status', 'operation', 'retried_by_id', 'retry_queued_at'],
      });
      let updated = 0;
      for (const record of records) {
        const operation = record.operation;
        if (!isRetryable(record) || !operation || !KNOWN_JOBS.has(operation.job)) continue;
        // Claimed first: of two clicks (or two users) at once, one queues the retry.
        const [claimed] = await models.TransactionRecord.update(
          { retry_queued_at: new Date() },
          { where: { id: record.id, retry_queued_at: null, retried_by_id: null } },
        );
        if (claimed !== 1) continue;
        const job = operation.job as JobName;
        await deps.jobs.enqueue(job, { ...operation.data, retryOfLogId: record.id } as JobData[typeof job]);
        updated += 1;
      }
      if (updated > 0) failuresChanged(channel);
      return { updated, skipped: wanted.length - updated };
    },

    async ignore(scope, storeId, connection, logIds) {
      const channel = await findConnection(scope, storeId, connection);
      const wanted = [...new Set(logIds)];
      const [updated] = await models.TransactionRecord.update(
        { ignored_at: new Date() },
        {
          where: {
            [Op.and]: [{ id: wanted }, recordsOf(channel), { status: STATUS.failed, ignored_at: null }],
          },
        },
      );
      if (updated > 0) failuresChanged(channel);
      return { updated, skipped: wanted.length - updated };
    },
  };
}
