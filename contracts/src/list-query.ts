/**
 * The spec's list-query convention (§7), shared by the browser (which encodes it) and the api
 * (which parses it against a whitelist):
 *   name[operator]=value      a filter on a field
 *   name[startDate]/[endDate] a date range, applied only when BOTH parse as `YYYY-MM-DD HH:mm:ss`
 *   search, searchBy          free text over the searchable fields (or the one named by searchBy)
 *   filterBy + filter         a single field=value filter (the older form of name[eq])
 *   sort_by, sort_direction   sort field and direction (asc | desc)
 *   page, per_page            1-based paging
 * Responses are `{ data, meta: { total } }`.
 */
export const LIST_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'in'] as const;
export type ListOperator = (typeof LIST_OPERATORS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 500;

/** `YYYY-MM-DD HH:mm:ss` with a real calendar date and time (no `2026-02-30`, no `24:00:00`). */
export const LIST_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

export function isListDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = LIST_DATE_TIME_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

export type FilterValue = string | number | boolean | null | undefined | (string | number)[];

export interface ListParams {
  /** `{ status: { eq: 2 }, total: { gte: 10 } }` */
  filters?: Record<string, Partial<Record<ListOperator, FilterValue>>>;
  /** `{ created_at: { startDate, endDate } }`, sent only when both ends are valid */
  dateRanges?: Record<string, { startDate?: string | null; endDate?: string | null }>;
  search?: string;
  searchBy?: string;
  filterBy?: string;
  filter?: string;
  sort_by?: string;
  sort_direction?: SortDirection;
  page?: number;
  per_page?: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: { total: number };
}

function isEmpty(value: FilterValue): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Encodes list parameters into a query string, dropping empty filters and half-open date ranges. */
export function encodeListQuery(params: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [field, operators] of Object.entries(params.filters ?? {})) {
    for (const [operator, value] of Object.entries(operators)) {
      if (isEmpty(value)) continue;
      query.append(`${field}[${operator}]`, Array.isArray(value) ? value.join(',') : String(value));
    }
  }
  for (const [field, range] of Object.entries(params.dateRanges ?? {})) {
    if (isListDateTime(range.startDate) && isListDateTime(range.endDate)) {
      query.append(`${field}[startDate]`, range.startDate);
      query.append(`${field}[endDate]`, range.endDate);
    }
  }
  const scalars: (keyof ListParams)[] = [
    'search',
    'searchBy',
    'filterBy',
    'filter',
    'sort_by',
    'sort_direction',
    'page',
    'per_page',
  ];
  for (const key of scalars) {
    const value = params[key] as FilterValue;
    if (!isEmpty(value)) query.append(key, String(value));
  }
  return query;
}
