import { Op, Sequelize, type Attributes, type WhereOptions } from 'sequelize';
import {
  LOG_STATUS,
  type ConnectionSyncHealthDto,
  type DashboardDto,
  type ListResponse,
  type TransactionRecordDto,
} from '@syncdesk/contracts';
import { parseListQuery, toFindOptions, findPage, type ListQueryInput } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import type { TransactionRecord } from '../../db/log.models';
import type { Models } from '../../db/models';
import { channelNamesOf, toDtoPage, TRANSACTION_RECORD_LIST_SPEC } from './transaction-record.service';

const FAILED = LOG_STATUS.byKey('failed').value;
const DAY_MS = 86_400_000;

/** The connection furthest behind, from the sync state service when the process has one. */
export type WorstLag = (scope: RequestScope) => Promise<ConnectionSyncHealthDto | null>;

/** `GET dashboard/logs?totalCount=1`: the count alone (the home page's badge). */
export interface FailedRecordCount {
  data: { total: number };
}

export interface DashboardService {
  summary(scope: RequestScope, worstLag?: WorstLag): Promise<DashboardDto>;
  /** Failed, not ignored, not retried channel and plugin records of the caller's stores. */
  failedRecords(
    scope: RequestScope,
    query: ListQueryInput,
  ): Promise<ListResponse<TransactionRecordDto> | FailedRecordCount>;
}

export function createDashboardService(deps: { models: Models }): DashboardService {
  const { models } = deps;

  /**
   * What counts as a failure to act on: a failed connection record nobody ignored and no retry
   * followed or waits to run (a retry's own record stands for it, so one problem is never counted
   * twice; a queued one leaves at the click, so the seller sees the retry taken).
   */
  const failures = (scope: RequestScope): WhereOptions<Attributes<TransactionRecord>> => ({
    store_id: [...scope.ownStoreIds, ...scope.sharedStoreIds],
    kind: ['channel', 'plugin'],
    status: FAILED,
    ignored_at: null,
    retried_by_id: null,
    retry_queued_at: null,
  });

  return {
    async summary(scope, worstLag) {
      const since = new Date(Date.now() - DAY_MS);
      const groups = (await models.TransactionRecord.findAll({
        attributes: [
          'channel_id',
          'store_id',
          'kind',
          [Sequelize.fn('COUNT', Sequelize.col('id')), 'failed'],
        ],
        where: { [Op.and]: [failures(scope), { created_at: { [Op.gte]: since } }] },
        group: ['channel_id', 'store_id', 'kind'],
        raw: true,
      })) as unknown as {
        channel_id: number | null;
        store_id: number;
        kind: 'channel' | 'plugin';
        failed: number | string;
      }[];
      const counted = groups
        .filter((group) => group.channel_id !== null)
        .map((group) => ({ ...group, channel_id: group.channel_id!, failed: Number(group.failed) }))
        .sort((a, b) => b.failed - a.failed || a.channel_id - b.channel_id);
      const names = await channelNamesOf(
        models,
        counted.map((group) => group.channel_id),
      );
      return {
        failed_records_24h: counted.reduce((sum, group) => sum + group.failed, 0),
        failing_connections: counted
          // A connection deleted since its records were written has nothing to open any more.
          .filter((group) => names.has(group.channel_id))
          .map((group) => ({
            channel_id: group.channel_id,
            channel_name: names.get(group.channel_id)!,
            store_id: group.store_id,
            kind: group.kind,
            failed: group.failed,
          })),
        worst_lag: worstLag ? await worstLag(scope) : null,
      };
    },

    async failedRecords(scope, query) {
      if (query.totalCount === '1') {
        const { totalCount: _ignored, ...rest } = query;
        const parsed = parseListQuery(rest, TRANSACTION_RECORD_LIST_SPEC);
        const { where } = toFindOptions(parsed, TRANSACTION_RECORD_LIST_SPEC, models.TransactionRecord);
        const total = await models.TransactionRecord.count({ where: { [Op.and]: [failures(scope), where] } });
        return { data: { total } };
      }
      const page = await findPage(
        models.TransactionRecord,
        query,
        TRANSACTION_RECORD_LIST_SPEC,
        failures(scope),
        {
          attributes: { exclude: ['request_body', 'response_body'] },
        },
      );
      return toDtoPage(models, page);
    },
  };
}
