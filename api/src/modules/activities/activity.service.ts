import { Op, QueryTypes, Sequelize, type WhereOptions } from 'sequelize';
import type { ActivityDto, ListResponse } from '@syncdesk/contracts';
import type { Models, Activity } from '../../db/models';
import type { RequestScope } from '../../http/request-scope';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import { protectPersonalData } from '../../http/personal-data';
import { AppError } from '../../http/app-error';

export interface ActivityRecord {
  event: string;
  subjectType: string;
  subjectId: number | null;
  old?: Record<string, unknown> | null;
  new?: Record<string, unknown> | null;
  /** Defaults to the caller's company. */
  companyId?: number | null;
  /**
   * Who acted when there is no scope to say it (a callback finishing what a hosted page started);
   * defaults to the system.
   */
  actor?: { source: string; sourceName: string; via: string };
}

/** The kind of actor a scope is: a person, a user API token, or a hosted-page visitor. */
function sourceOf(scope: RequestScope): string {
  if (scope.hostedPageId !== undefined) return 'hosted_page';
  return scope.tokenId.startsWith('api-token:') ? 'api_token' : 'user';
}

const LIST_SPEC: ListQuerySpec = {
  filters: {
    event: { type: 'string', operators: ['eq', 'like', 'in'] },
    subject_type: { type: 'string', operators: ['eq', 'in'] },
    subject_id: { type: 'number', operators: ['eq'] },
    source_name: { type: 'string', operators: ['eq', 'like'] },
    via: { type: 'string', operators: ['eq'] },
    change_id: { type: 'string', operators: ['eq'] },
  },
  dateRanges: { created_at: {} },
  search: ['event', 'source_name', 'subject_type'],
  sort: {
    fields: ['created_at', 'event', 'source_name'],
    default: { field: 'created_at', direction: 'desc' },
  },
};

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Recorded old/new values can carry personal data anywhere (a `phone` field, a list of
 * notification e-mails…): for a data-protection role every e-mail-looking string and every value
 * under a phone key is masked, however deep.
 */
function protectValue(scope: Pick<RequestScope, 'dataProtection'>, value: unknown, key?: string): unknown {
  if (typeof value === 'string') {
    if (key && /phone/i.test(key)) return protectPersonalData(scope, value, 'phone');
    return EMAIL_LIKE.test(value) ? protectPersonalData(scope, value, 'email') : value;
  }
  if (Array.isArray(value)) return value.map((item) => protectValue(scope, item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([entryKey, entry]) => [entryKey, protectValue(scope, entry, entryKey)]),
    );
  }
  return value;
}

function protectValues(
  scope: Pick<RequestScope, 'dataProtection'>,
  values: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!scope.dataProtection || !values) return values;
  return protectValue(scope, values) as Record<string, unknown>;
}

function toDto(
  row: Activity,
  scope: Pick<RequestScope, 'dataProtection'> = { dataProtection: false },
): ActivityDto {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    source: row.source,
    source_name: row.source_name,
    via: row.via,
    event: row.event,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    old: protectValues(scope, row.old_values),
    new: protectValues(scope, row.new_values),
  };
}

/** Only the fields that changed, so the activity log reads as "old → new". */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { old: Record<string, unknown>; new: Record<string, unknown> } | null {
  const old: Record<string, unknown> = {};
  const next: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      old[key] = before[key] ?? null;
      next[key] = after[key] ?? null;
    }
  }
  return Object.keys(next).length ? { old, new: next } : null;
}

/**
 * A destination whose stock history is listed by `GET activities/{destination}/{id}/stock_updated`
 * (the products domain registers `product`): which activities it means, and who may read them.
 */
export interface StockHistoryDestination {
  subjectType: string;
  event: string;
  /** Resolves when the caller may read this id's history; throws (404) otherwise. */
  reach(scope: RequestScope, id: number): Promise<void>;
}

/**
 * A record kind whose own activities are listed by `GET activities/{destination}/{id}` (invoices
 * register `invoice`, confirmation orders `confirmation_order`): which subject it means, and who
 * may read it.
 */
export interface SubjectHistoryDestination {
  subjectType: string;
  /** Resolves when the caller may read this id's record; throws (404) otherwise. */
  reach(scope: RequestScope, id: number): Promise<void>;
}

export interface ActivityService {
  /** Who changed what: written by every service that changes identity data. */
  record(scope: RequestScope | null, entry: ActivityRecord): Promise<void>;
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<ActivityDto>>;
  registerStockDestination(destination: string, entry: StockHistoryDestination): void;
  registerSubjectHistory(destination: string, entry: SubjectHistoryDestination): void;
  /** Every activity of one record (newest first); an unknown destination is 404. */
  listSubjectHistory(
    scope: RequestScope,
    destination: string,
    destinationId: number,
    query: ListQueryInput,
  ): Promise<ListResponse<ActivityDto>>;
  /** The `stock_updated` activities of one destination id, newest first; an unknown destination is 404. */
  listStockUpdated(
    scope: RequestScope,
    destination: string,
    destinationId: number,
    query: ListQueryInput,
  ): Promise<ListResponse<ActivityDto>>;
}

export function createActivityService(deps: { models: Models }): ActivityService {
  const stockDestinations = new Map<string, StockHistoryDestination>();
  const subjectDestinations = new Map<string, SubjectHistoryDestination>();
  return {
    async record(scope, entry) {
      await deps.models.Activity.create({
        company_id: entry.companyId === undefined ? (scope?.companyId ?? null) : entry.companyId,
        // A hosted-page visitor is nobody's account (the scope's user is the link's maker).
        user_id: scope?.hostedPageId !== undefined ? null : (scope?.userId ?? null),
        source: scope ? sourceOf(scope) : (entry.actor?.source ?? 'system'),
        source_name: scope?.userName ?? entry.actor?.sourceName ?? 'System',
        via: scope?.via ?? entry.actor?.via ?? 'system',
        event: entry.event,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        old_values: entry.old ?? null,
        new_values: entry.new ?? null,
      });
    },
    async list(scope, query) {
      // A stock change writes one entry per product (a 150-line order batch, a warehouse report):
      // the company's list shows the change once, by its latest entry, with how many it stands
      // for. Asked for one change's entries, or one subject's, every entry shows.
      const filtered = (field: string) => Object.keys(query).some((key) => key.startsWith(`${field}[`));
      const grouped = !filtered('change_id') && !filtered('subject_id');
      const sequelize = deps.models.Activity.sequelize!;
      const quote = (name: string) => sequelize.getQueryInterface().quoteIdentifier(name);
      const scopeWhere: WhereOptions<Activity> = grouped
        ? {
            [Op.and]: [
              { company_id: scope.companyId },
              Sequelize.literal(
                `(${quote('Activity')}.${quote('change_id')} IS NULL OR NOT EXISTS (SELECT 1 FROM ${quote('activities')} ${quote('later')} ` +
                  `WHERE ${quote('later')}.${quote('change_id')} = ${quote('Activity')}.${quote('change_id')} ` +
                  `AND ${quote('later')}.${quote('id')} > ${quote('Activity')}.${quote('id')}))`,
              ),
            ],
          }
        : { company_id: scope.companyId };
      const page = await findPage(deps.models.Activity, query, LIST_SPEC, scopeWhere);
      const changes = [
        ...new Set(page.data.map((row) => row.change_id).filter((id): id is string => Boolean(id))),
      ];
      const counts = new Map<string, number>();
      if (grouped && changes.length > 0) {
        const rows = await sequelize.query<{ change_id: string; entries: number | string }>(
          `SELECT change_id, COUNT(*) AS entries FROM activities WHERE change_id IN (:changes) GROUP BY change_id`,
          { replacements: { changes }, type: QueryTypes.SELECT },
        );
        for (const row of rows) counts.set(row.change_id, Number(row.entries));
      }
      return {
        data: page.data.map((row) => ({
          ...toDto(row, scope),
          change: row.change_id ? { id: row.change_id, count: counts.get(row.change_id) ?? 1 } : null,
        })),
        meta: page.meta,
      };
    },
    registerStockDestination(destination, entry) {
      stockDestinations.set(destination, entry);
    },
    registerSubjectHistory(destination, entry) {
      subjectDestinations.set(destination, entry);
    },
    async listSubjectHistory(scope, destination, destinationId, query) {
      const entry = subjectDestinations.get(destination);
      if (!entry) throw AppError.notFound();
      await entry.reach(scope, destinationId);
      return findPage(
        deps.models.Activity,
        query,
        LIST_SPEC,
        { subject_type: entry.subjectType, subject_id: destinationId },
        { map: (row) => toDto(row, scope) },
      );
    },
    async listStockUpdated(scope, destination, destinationId, query) {
      const entry = stockDestinations.get(destination);
      if (!entry) throw AppError.notFound();
      await entry.reach(scope, destinationId);
      return findPage(
        deps.models.Activity,
        query,
        LIST_SPEC,
        { subject_type: entry.subjectType, subject_id: destinationId, event: entry.event },
        { map: (row) => toDto(row, scope) },
      );
    },
  };
}
