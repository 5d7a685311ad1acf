import { useCallback, useEffect, useRef, useState } from 'react';
import type { SorterResult, TablePaginationConfig } from 'antd/es/table/interface';

import { DEFAULT_PER_PAGE, type FilterValue, type ListParams, type ListResponse } from '@syncdesk/contracts';

import { apiClient, type ApiClient } from '../http/api-client';
import type { ApiError } from '../http/api-error';

export interface UseListQueryOptions {
  /** Starting parameters; page 1 and DEFAULT_PER_PAGE unless given. */
  initialParams?: ListParams;
  /** False skips loading (a path that still lacks an id); defaults to true. */
  enabled?: boolean;
  /** Defaults to the shared client (its error handler already notifies the user). */
  client?: ApiClient;
}

export type ListParamsUpdate = Partial<ListParams> | ((previous: ListParams) => ListParams);

export interface ListQueryResult<T> {
  data: T[];
  total: number;
  loading: boolean;
  error: ApiError | Error | null;
  params: ListParams;
  /** A partial update is merged into the current parameters; a function replaces them. */
  setParams(update: ListParamsUpdate): void;
  /** Loads the same parameters again (after a create, update or delete). */
  reload(): void;
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * Loads one page of a list with the spec's list convention (§7) and answers `{ data, meta.total }`.
 * It refetches whenever the path or the parameters change, cancels the request it replaces (so a
 * slow early page never overwrites a later one) and cancels on unmount.
 */
export function useListQuery<T>(path: string, options: UseListQueryOptions = {}): ListQueryResult<T> {
  const { enabled = true, client = apiClient } = options;
  const [params, setParamsState] = useState<ListParams>(() => ({
    page: 1,
    per_page: DEFAULT_PER_PAGE,
    ...options.initialParams,
  }));
  const [data, setData] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [reloadCount, setReloadCount] = useState(0);

  // The params object is rebuilt by every setParams; the request depends on its content only.
  const paramsKey = JSON.stringify(params);
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const clientRef = useRef(client);
  clientRef.current = client;

  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return undefined;
    }
    const controller = new AbortController();
    setLoading(true);
    clientRef.current
      .get<ListResponse<T>>(path, paramsRef.current, { signal: controller.signal })
      .then((body) => {
        if (controller.signal.aborted) return;
        const rows = Array.isArray(body?.data) ? body.data : [];
        setData(rows);
        setTotal(typeof body?.meta?.total === 'number' ? body.meta.total : rows.length);
        setError(null);
        setLoading(false);
      })
      .catch((cause: unknown) => {
        if (controller.signal.aborted || isAbortError(cause)) return;
        setError(cause instanceof Error ? cause : new Error(String(cause)));
        setLoading(false);
      });
    return () => controller.abort();
  }, [path, paramsKey, enabled, reloadCount]);

  const setParams = useCallback((update: ListParamsUpdate) => {
    setParamsState((previous) =>
      typeof update === 'function' ? update(previous) : { ...previous, ...update },
    );
  }, []);
  const reload = useCallback(() => setReloadCount((count) => count + 1), []);

  return { data, total, loading, error, params, setParams, reload };
}

/** The filter values antd hands to Table's onChange, per column key. */
export type TableFilters = Record<string, (string | number | boolean | bigint)[] | null>;

/**
 * Turns an antd Table change into list parameters: paging as page/per_page, the (single) sort as
 * sort_by/sort_direction, and column filters as `field[eq]` (one value) or `field[in]` (several).
 * A new sort or filter goes back to page 1, since the old page number means nothing any more.
 */
export function listParamsFromTableChange<T>(
  previous: ListParams,
  pagination: TablePaginationConfig,
  filters: TableFilters,
  sorter: SorterResult<T> | SorterResult<T>[],
  action: 'paginate' | 'sort' | 'filter',
): ListParams {
  const next: ListParams = { ...previous };
  if (action === 'paginate') {
    next.page = pagination.current ?? 1;
    next.per_page = pagination.pageSize ?? previous.per_page ?? DEFAULT_PER_PAGE;
    return next;
  }
  next.page = 1;
  if (action === 'sort') {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.columnKey ?? single?.field;
    if (single?.order && field !== undefined) {
      next.sort_by = String(Array.isArray(field) ? field.join('.') : field);
      next.sort_direction = single.order === 'ascend' ? 'asc' : 'desc';
    } else {
      delete next.sort_by;
      delete next.sort_direction;
    }
    return next;
  }
  const columnFilters: NonNullable<ListParams['filters']> = { ...previous.filters };
  for (const [field, values] of Object.entries(filters)) {
    const list = (values ?? []).map((value) => (typeof value === 'number' ? value : String(value)));
    if (list.length === 0) delete columnFilters[field];
    else if (list.length === 1) columnFilters[field] = { eq: list[0] as FilterValue };
    else columnFilters[field] = { in: list };
  }
  next.filters = columnFilters;
  return next;
}
