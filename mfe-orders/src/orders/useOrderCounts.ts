import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import type { ListParams, OrderCountGroupByStatusDto } from '@syncdesk/contracts';

import { countFilters, getOrderCounts } from './orders.api';

export interface OrderCountsState {
  /** Orders per sync status; null until the first answer. */
  bySyncStatus: ReadonlyMap<number, number> | null;
  total: number | null;
  reload(): void;
}

/**
 * The order counts per sync status for the list's filters (`getOrderCountGroupByStatus`; without
 * filters the server answers from counters kept in step with every write). Refetched when the
 * filters change (not the tab, page or sort); reloads keep the previous figures on screen until
 * the new ones arrive, and a late answer for an older request is dropped.
 */
export function useOrderCounts(storeId: string, params: ListParams): OrderCountsState {
  const [counts, setCounts] = useState<OrderCountGroupByStatusDto | null>(null);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);
  const filterKey = JSON.stringify(countFilters(params));
  const paramsRef = useRef(params);
  paramsRef.current = params;

  useEffect(() => {
    const request = ++latest.current;
    getOrderCounts(storeId, paramsRef.current)
      .then((answer) => request === latest.current && setCounts(answer))
      // The api client's handler has told the user; the tabs keep their last figures.
      .catch(() => undefined);
    return () => {
      latest.current += 1;
    };
  }, [storeId, filterKey, version]);

  const reload = useCallback(() => setVersion((count) => count + 1), []);
  const bySyncStatus = useMemo(
    () => (counts ? new Map(counts.sync_status.map((entry) => [Number(entry.value), entry.count])) : null),
    [counts],
  );
  return { bySyncStatus, total: counts?.total ?? null, reload };
}
