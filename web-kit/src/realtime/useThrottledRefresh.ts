import { useCallback, useEffect, useRef } from 'react';

/**
 * A `schedule()` that refreshes at once when the page is quiet, then at most once per `windowMs`
 * (one more call at the end of a window catches what arrived during it). Unlike a debounce, a
 * steady stream of events — live orders every half second — never postpones the refresh: what
 * the seller sees is at most `windowMs` behind. Pending calls are dropped on unmount.
 */
export function useThrottledRefresh(refresh: () => void, windowMs: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(false);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) {
      pending.current = true;
      return;
    }
    const closeWindow = () => {
      if (pending.current) {
        pending.current = false;
        refreshRef.current();
        timer.current = setTimeout(closeWindow, windowMs);
      } else {
        timer.current = null;
      }
    };
    refreshRef.current();
    timer.current = setTimeout(closeWindow, windowMs);
  }, [windowMs]);
}
