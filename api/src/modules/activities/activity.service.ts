import type { ActivityDto, ListResponse } from '@syncdesk/contracts';
import type { Models, Activity } from '../../db/models';
import type { RequestScope } from '../../http/request-scope';
import { findPage, type ListQueryInput, type ListQuerySpec } from '../../http/list-query';
import { protectPersonalData } from '../../http/personal-data';

export interface ActivityRecord {
  event: string;
  subjectType: string;
  subjectId: number | null;
  old?: Record<string, unknown> | null;
  new?: Record<string, unknown> | null;
  /** Defaults to the caller's company. */
  companyId?: number | null;
}

const LIST_SPEC: ListQuerySpec = {
  filters: {
    event: { type: 'string', operators: ['eq', 'like', 'in'] },
    subject_type: { type: 'string', operators: ['eq', 'in'] },
    subject_id: { type: 'number', operators: ['eq'] },
    source_name: { type: 'string', operators: ['eq', 'like'] },
    via: { type: 'string', operators: ['eq'] },
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

export interface ActivityService {
  /** Who changed what: written by every service that changes identity data. */
  record(scope: RequestScope | null, entry: ActivityRecord): Promise<void>;
  list(scope: RequestScope, query: ListQueryInput): Promise<ListResponse<ActivityDto>>;
}

export function createActivityService(deps: { models: Models }): ActivityService {
  return {
    async record(scope, entry) {
      await deps.models.Activity.create({
        company_id: entry.companyId === undefined ? (scope?.companyId ?? null) : entry.companyId,
        user_id: scope?.userId ?? null,
        source: scope ? (scope.tokenId.startsWith('api-token:') ? 'api_token' : 'user') : 'system',
        source_name: scope?.userName ?? 'System',
        via: scope?.via ?? 'system',
        event: entry.event,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        old_values: entry.old ?? null,
        new_values: entry.new ?? null,
      });
    },
    list(scope, query) {
      return findPage(
        deps.models.Activity,
        query,
        LIST_SPEC,
        { company_id: scope.companyId },
        { map: (row) => toDto(row, scope) },
      );
    },
  };
}
