/**
 * A stand-in for socket.io-client's `io()` (the network edge of realtime) for page tests: no
 * connection, and the test plays the server with `serverEmits`. Use with
 * `jest.mock('socket.io-client', () => jest.requireActual('@syncdesk/web-kit/testing/fake-socket').socketIoModule)`
 * and import `serverEmits` / `listenerCount` from the same path (each test file gets its own copy).
 */
type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();

const socket = {
  connected: false,
  active: false,
  on(event: string, listener: Listener) {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)?.add(listener);
    return socket;
  },
  off(event: string, listener: Listener) {
    listeners.get(event)?.delete(listener);
    return socket;
  },
  listeners(event: string) {
    return [...(listeners.get(event) ?? [])];
  },
  disconnect() {
    return socket;
  },
  io: { on: () => undefined },
};

export const socketIoModule = { io: () => socket };

/** Delivers a server event to every listener the page registered. */
export function serverEmits(event: string, payload: unknown): void {
  for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
}

/** How many listeners are registered for an event (to wait until a page subscribed). */
export function listenerCount(event: string): number {
  return listeners.get(event)?.size ?? 0;
}
