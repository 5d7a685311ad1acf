import type { Socket } from 'socket.io-client';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FileTransferDto, TransferProgressEvent } from '@syncdesk/contracts';
import { connected, readJson, type TestProcess } from '@syncdesk/server/testing';

/** Calls, uploads and file readers shared by the transfer tests. */

export interface Call {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read whatever JSON came back
  body: any;
}

export function transferClient(server: TestProcess) {
  const call = async (method: string, path: string, token: string, body?: unknown): Promise<Call> => {
    const response = await server.request(method, `/api${path}`, { token, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  /** A multipart upload of `bytes` as the `file` field (what the browser's file picker sends). */
  const upload = async (path: string, token: string, bytes: Buffer | string, name: string): Promise<Call> => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      body: form,
    });
    return { status: response.status, body: await readJson(response) };
  };

  const fetchFile = async (path: string, token: string) => {
    const response = await fetch(`${server.url}/api${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  return { call, upload, fetchFile };
}

/**
 * Listens to a user's `transfer:progress` events from the moment it connects, so an event sent
 * before a test starts waiting is not missed.
 */
export async function progressListener(server: TestProcess, token: string) {
  const socket: Socket = server.connect(token);
  await connected(socket);
  const events: TransferProgressEvent[] = [];
  const waiters: (() => void)[] = [];
  socket.on('transfer:progress', (event: TransferProgressEvent) => {
    events.push(event);
    for (const wake of waiters.splice(0)) wake();
  });
  const finishedEvent = (transferId: number) =>
    events.find(
      (event) => event.transferId === transferId && (event.status === 'done' || event.status === 'failed'),
    );
  return {
    events,
    /** Resolves with the transfer's closing event (done or failed). */
    async finished(transferId: number): Promise<TransferProgressEvent> {
      for (;;) {
        const event = finishedEvent(transferId);
        if (event) return event;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    of: (transferId: number) => events.filter((event) => event.transferId === transferId),
  };
}

export type ProgressListener = Awaited<ReturnType<typeof progressListener>>;

/** Starts a transfer through the api and waits for the worker to finish it. */
export async function finishedTransfer(
  started: Call,
  listener: ProgressListener,
): Promise<FileTransferDto & { _event: TransferProgressEvent }> {
  if (started.status !== 202)
    throw new Error(`expected 202, got ${started.status}: ${JSON.stringify(started.body)}`);
  const dto = started.body.data as FileTransferDto;
  const event = await listener.finished(dto.id);
  return { ...dto, _event: event };
}

export function readCsv(bytes: Buffer): string[][] {
  return parse(bytes, { bom: true, relax_column_count: true }) as string[][];
}

/** The first worksheet's rows as exceljs values (index 0 = column A). */
export async function readXlsx(bytes: Buffer): Promise<ExcelJS.CellValue[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: ExcelJS.CellValue[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

/** A workbook as Excel writes it (shared strings, styles), built in memory. */
export async function xlsxOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const csvOf = (rows: (string | number)[][]) =>
  rows
    .map((row) =>
      row
        .map((cell) => (/[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : cell))
        .join(','),
    )
    .join('\n') + '\n';
