import { useEffect, useRef } from 'react';

import type { RealtimeEventName, RealtimePayload } from '@syncdesk/contracts';

import { useSessionStore } from '../session/session.store';
import { connectRealtime } from './realtime.client';

type Listener = (payload: unknown) => void;

/**
 * Calls `handler` for each `name` event on the page's socket while the component is mounted (and
 * signed in). The latest handler is used without resubscribing, so inline functions are fine.
 */
export function useRealtimeEvent<N extends RealtimeEventName>(
  name: N,
  handler: (payload: RealtimePayload<N>) => void,
): void {
  const token = useSessionStore((state) => state.token);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!token) return undefined;
    // Socket.IO's typed `on` cannot relate a generic event name to its listener; the cast stays here.
    const socket = connectRealtime(token) as unknown as {
      on(event: string, listener: Listener): unknown;
      off(event: string, listener: Listener): unknown;
    };
    const listener: Listener = (payload) => handlerRef.current(payload as RealtimePayload<N>);
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
    };
  }, [name, token]);
}
