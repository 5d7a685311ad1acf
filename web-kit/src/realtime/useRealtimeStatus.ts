import { useRealtimeStore, type RealtimeStatus } from './realtime.client';

/** The connection state of the page's socket, for a live indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  return useRealtimeStore((state) => state.status);
}
