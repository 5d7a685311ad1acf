import { act, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { Server } from 'socket.io';

import type {
  ClientToServerEvents,
  FileTransferDto,
  ServerToClientEvents,
  TransferProgressEvent,
} from '@syncdesk/contracts';

import { NotificationBridge } from '../../feedback/NotificationBridge';
import { connectRealtime, disconnectRealtime } from '../../realtime/realtime.client';
import { useSessionStore } from '../../session/session.store';

/**
 * Test helpers for the transfer pieces: a real Socket.IO server the page's socket connects to (so
 * `transfer:progress` arrives as it does in the browser), the session token set, and the browser's
 * download machinery (object urls, the anchor click) recorded instead of navigating.
 */
export interface LiveServer {
  emitProgress(event: TransferProgressEvent): void;
  /** Opens the page's socket against this server and waits until it is connected. */
  connect(): Promise<void>;
  close(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const httpServer: HttpServer = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, { path: '/socket.io' });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return {
    emitProgress: (event) => act(() => void io.emit('transfer:progress', event)),
    async connect() {
      act(() => useSessionStore.getState().setToken('test-token'));
      const socket = connectRealtime('test-token', { url });
      if (!socket.connected) await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    },
    async close() {
      disconnectRealtime();
      io.close();
      await new Promise((resolve) => httpServer.close(resolve));
    },
  };
}

export interface SavedFile {
  name: string;
  content: Blob;
}

/** Records what `saveFile` hands to the browser: jsdom can neither make object urls nor download. */
export function recordDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${++next}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => blobs.delete(url),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const content = blobs.get(this.href);
    if (content) saved.push({ name: this.download, content });
  });
  return saved;
}

/** jsdom's Blob has no text(); FileReader reads it. */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error as Error);
    reader.readAsText(blob);
  });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithApp(ui: ReactNode, path = '/products/12') {
  return render(
    <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
      <NotificationBridge />
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Location />
      </MemoryRouter>
    </ConfigProvider>,
  );
}

export const TRANSFER: FileTransferDto = {
  id: 31,
  uuid: '0b8e7c1a-2f4d-4c6b-9a1e-5d3f2b7c8a90',
  store_id: 12,
  channel_id: null,
  kind: 'import',
  subject: 'products',
  file_format: 'csv',
  status: 'queued',
  original_name: 'products.csv',
  rows_total: null,
  rows_done: 0,
  rows_failed: 0,
  error: null,
  download_path: null,
  report_path: null,
  created_at: '2026-11-24T09:30:00.000Z',
  finished_at: null,
};

export const progress = (overrides: Partial<TransferProgressEvent>): TransferProgressEvent => ({
  transferId: TRANSFER.id,
  storeId: 12,
  kind: 'import',
  subject: 'products',
  status: 'running',
  rowsTotal: 100,
  rowsDone: 0,
  rowsFailed: 0,
  ...overrides,
});
