/**
 * A stand-in for socket.io-client's `io()` at the network edge: no connection, and the test plays
 * the server by calling `serverEmits`. Use with
 * `jest.mock('socket.io-client', () => jest.requireActual('<path>/fake-socket').socketIoModule)`.
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
  disconnect() {
    return socket;
  },
  io: { on: () => undefined },
};

export const socketIoModule = { io: () => socket };

export function serverEmits(event: string, payload: unknown): void {
  for (const listener of listeners.get(event) ?? []) listener(payload);
}
