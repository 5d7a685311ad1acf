/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// A real Socket.IO server on a local port; the jsdom page uses socket.io-client's Node build
// (the export conditions above) because jsdom's browser build cannot reach a Node server here.
import { act, render, waitFor } from '@testing-library/react';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

import type {
  ClientToServerEvents,
  NotificationCreatedEvent,
  ServerToClientEvents,
} from '@syncdesk/contracts';

import { useSessionStore } from '../../session/session.store';
import { connectRealtime, disconnectRealtime, useRealtimeStore } from '../realtime.client';
import { useRealtimeEvent } from '../useRealtimeEvent';
import { useRealtimeStatus } from '../useRealtimeStatus';

let httpServer: HttpServer;
let io: Server<ClientToServerEvents, ServerToClientEvents>;
let url: string;
const seenTokens: string[] = [];

beforeAll(async () => {
  httpServer = createServer();
  io = new Server(httpServer, { path: '/socket.io' });
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token;
    if (!token || token === 'bad') return next(new Error('unauthorized'));
    seenTokens.push(token);
    return next();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterEach(() => {
  disconnectRealtime();
  act(() => useSessionStore.getState().reset());
});

afterAll(async () => {
  io.close();
  await new Promise((resolve) => httpServer.close(resolve));
});

describe('connectRealtime', () => {
  it('connects with the token, reuses the socket per token and replaces it on a new token', async () => {
    const first = connectRealtime('token-a', { url });
    expect(connectRealtime('token-a', { url })).toBe(first);
    await waitFor(() => expect(useRealtimeStore.getState().status).toBe('connected'));
    expect(seenTokens).toContain('token-a');

    const second = connectRealtime('token-b', { url });
    expect(second).not.toBe(first);
    expect(first.connected).toBe(false);
    await waitFor(() => expect(second.connected).toBe(true));
  });

  it('reports disconnected when the server refuses the token', async () => {
    connectRealtime('bad', { url });
    await waitFor(() => expect(useRealtimeStore.getState().status).toBe('disconnected'));
  });

  it('disconnects when the session is reset', async () => {
    act(() => useSessionStore.getState().setToken('token-c'));
    const socket = connectRealtime('token-c', { url });
    await waitFor(() => expect(socket.connected).toBe(true));
    act(() => useSessionStore.getState().reset());
    expect(socket.connected).toBe(false);
    expect(useRealtimeStore.getState().status).toBe('disconnected');
  });
});

describe('useRealtimeEvent / useRealtimeStatus', () => {
  function Listener({ onEvent }: { onEvent: (event: NotificationCreatedEvent) => void }) {
    useRealtimeEvent('notification:created', onEvent);
    return <span>{useRealtimeStatus()}</span>;
  }

  it('delivers events while mounted and stops after unmount', async () => {
    act(() => useSessionStore.getState().setToken('token-d'));
    // The hook connects to the page origin; open the token's socket against the test server first.
    const socket = connectRealtime('token-d', { url });
    const received: NotificationCreatedEvent[] = [];
    const view = render(<Listener onEvent={(event) => received.push(event)} />);

    await waitFor(() => expect(view.container).toHaveTextContent('connected'));
    act(() => {
      io.emit('notification:created', { notificationId: 9, level: 2 });
    });
    await waitFor(() => expect(received).toEqual([{ notificationId: 9, level: 2 }]));

    view.unmount();
    expect(socket.listeners('notification:created')).toHaveLength(0);
  });
});
