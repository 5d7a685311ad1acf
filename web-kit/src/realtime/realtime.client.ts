import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';

import type { ClientToServerEvents, ServerToClientEvents } from '@syncdesk/contracts';

import { useSessionStore } from '../session/session.store';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type RealtimeStatus = 'connected' | 'connecting' | 'disconnected';

export interface RealtimeOptions {
  /** Server address; the page's own origin when absent (the api serves Socket.IO beside /api). */
  url?: string;
}

interface RealtimeState {
  socket: RealtimeSocket | null;
  token: string | null;
  status: RealtimeStatus;
}

/** @internal Shared by the hooks; one per page because web-kit is a federation singleton. */
export const useRealtimeStore = create<RealtimeState>()(() => ({
  socket: null,
  token: null,
  status: 'disconnected',
}));

/**
 * The page's one Socket.IO connection, authenticated with the session token (the server joins it
 * to its user, company and store rooms from that token). Calling again with the same token returns
 * the same socket; a different token (company switch, new sign-in) replaces it, because rooms come
 * from the token and would otherwise be stale.
 */
export function connectRealtime(token: string, options: RealtimeOptions = {}): RealtimeSocket {
  const current = useRealtimeStore.getState();
  if (current.socket && current.token === token) return current.socket;
  disconnectRealtime();

  const socketOptions = {
    path: '/socket.io',
    auth: { token },
    // WebSocket first; proxies that block it still get a connection over long polling.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  };
  const socket: RealtimeSocket = options.url ? io(options.url, socketOptions) : io(socketOptions);

  const setStatus = (status: RealtimeStatus) => {
    if (useRealtimeStore.getState().socket === socket) useRealtimeStore.setState({ status });
  };
  socket.on('connect', () => setStatus('connected'));
  // `active` is false when the server refused us (bad token) or we disconnected on purpose: no retry.
  socket.on('disconnect', () => setStatus(socket.active ? 'connecting' : 'disconnected'));
  socket.on('connect_error', () => setStatus(socket.active ? 'connecting' : 'disconnected'));
  socket.io.on('reconnect_attempt', () => setStatus('connecting'));

  useRealtimeStore.setState({ socket, token, status: 'connecting' });
  return socket;
}

/** Closes the connection (sign-out). */
export function disconnectRealtime(): void {
  const { socket } = useRealtimeStore.getState();
  useRealtimeStore.setState({ socket: null, token: null, status: 'disconnected' });
  socket?.disconnect();
}

// Follow the session: sign-out closes the socket; a new token (company switch) reconnects it with
// the new rooms, if one was open.
useSessionStore.subscribe((session, previous) => {
  if (session.token === previous.token) return;
  if (!session.token) disconnectRealtime();
  else if (useRealtimeStore.getState().socket) connectRealtime(session.token);
});
