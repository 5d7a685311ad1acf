import { useEffect, useRef, type Key } from 'react';

import {
  encodeListQuery,
  MAX_PER_PAGE,
  MAX_SELECTED_LISTINGS,
  type ListParams,
  type ListResponse,
} from '@syncdesk/contracts';
import { apiClient, type ListQueryResult, type SelectionState } from '@syncdesk/web-kit';

/**
 * What a bulk action applies to: every row the list's filters select (the server reads the same
 * filters from the query string, so rows never loaded are included), or the rows named.
 */
export type BulkTarget<T> = { all: true; query: string } | { rows: T[] };

/** Whether the list shows fewer rows than its parent has (a search, a listing tab, a filter). */
export function isNarrowed(params: ListParams): boolean {
  return selectionQuery(params) !== '';
}

/** The list's filters and search as a query string, without paging or sort: what `all` means. */
export function selectionQuery(params: ListParams): string {
  const { filters, dateRanges, search, searchBy, filter, filterBy } = params;
  return encodeListQuery({ filters, dateRanges, search, searchBy, filter, filterBy }).toString();
}

/** `path` for a bulk call on `all`, carrying the list's filters. */
export function withSelectionQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

/** Runs `send` over the rows in requests the server accepts (at most MAX_SELECTED_LISTINGS each). */
export async function inBatches<T>(
  rows: readonly T[],
  send: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += MAX_SELECTED_LISTINGS) {
    await send(rows.slice(start, start + MAX_SELECTED_LISTINGS));
  }
}

/** Every row a list query matches, page by page at the largest page size. */
export async function listEveryRow<T>(path: string, params: ListParams): Promise<T[]> {
  const { sort_by, sort_direction, filters, dateRanges, search, searchBy, filter, filterBy } = params;
  const query: ListParams = {
    sort_by,
    sort_direction,
    filters,
    dateRanges,
    search,
    searchBy,
    filter,
    filterBy,
  };
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const body = await apiClient.get<ListResponse<T>>(path, { ...query, page, per_page: MAX_PER_PAGE });
    const data = Array.isArray(body?.data) ? body.data : [];
    rows.push(...data);
    const total = typeof body?.meta?.total === 'number' ? body.meta.total : rows.length;
    if (data.length === 0 || rows.length >= total) return rows;
  }
}

/** Whether the selection is 'Select all N' with nothing unticked since. */
export function selectsEverything(selection: SelectionState): boolean {
  return selection.selection.mode === 'all' && selection.selection.excludedIds.length === 0;
}

/**
 * The rows a bulk action is about, from the table's selection: the ticked rows; for 'Select all N',
 * `all` with the list's filters; for 'Select all N' with some rows unticked afterwards (which `all`
 * cannot say), the matching rows fetched afresh minus the unticked ones.
 */
export async function resolveBulkTarget<T extends { id: Key }>(
  selection: SelectionState,
  query: Pick<ListQueryResult<T>, 'params'>,
  path: string,
  seen: ReadonlyMap<Key, T>,
): Promise<BulkTarget<T>> {
  const chosen = selection.selection;
  if (chosen.mode === 'ids') {
    return { rows: chosen.ids.map((id) => seen.get(id)).filter((row): row is T => row !== undefined) };
  }
  if (chosen.excludedIds.length === 0) return { all: true, query: selectionQuery(query.params) };
  const excluded = new Set(chosen.excludedIds);
  const rows = await listEveryRow<T>(path, query.params);
  return { rows: rows.filter((row) => !excluded.has(row.id)) };
}

/**
 * Every row the table has shown since the page opened, by id: a selection holds ids only, and a
 * bulk call needs other fields (uuids) of rows ticked on earlier pages.
 */
export function useSeenRows<T extends { id: Key }>(rows: readonly T[]): ReadonlyMap<Key, T> {
  const seen = useRef(new Map<Key, T>());
  // A row can only be ticked once it has rendered, and effects run before the next click.
  useEffect(() => {
    for (const row of rows) seen.current.set(row.id, row);
  }, [rows]);
  return seen.current;
}
