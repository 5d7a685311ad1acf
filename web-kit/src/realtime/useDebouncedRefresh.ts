import { useCallback, useEffect, useRef } from 'react';

/**
 * A `schedule()` that calls the latest `refresh` once per burst: calls within `delayMs` of each other
 * collapse into one, so a stream of live events (an import's batches, a bulk action) reloads a page a
 * few times, not thousands. Pending calls are dropped when the component unmounts.
 */
export function useDebouncedRefresh(refresh: () => void, delayMs: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      refreshRef.current();
    }, delayMs);
  }, [delayMs]);
}
