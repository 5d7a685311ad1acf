import Papa from 'papaparse';

import type { FileTransferDto, FileTransferFormat, ImportRowErrorDto } from '@syncdesk/contracts';

import { apiClient } from '../http/api-client';

/** What `POST …/import` and `POST …/export/{format}` answer (202). */
export interface TransferStartedResponse {
  message: string;
  data: FileTransferDto;
}

/** The refused rows of an import, and the report file as the server wrote it (for saving). */
export interface ImportReport {
  rows: ImportRowErrorDto[];
  csv: string;
}

const transferPath = (storeId: number, uuid: string) =>
  `fileTransfers/${storeId}/${encodeURIComponent(uuid)}`;

export function startImport(uploadPath: string, file: File): Promise<TransferStartedResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiClient.post<TransferStartedResponse>(uploadPath, body);
}

/**
 * Starts an export of what the list shows: its filters travel in the query string, a selection in
 * the body (`{ product_uuids: [...] }`).
 */
export function startExport(
  exportPath: string,
  format: FileTransferFormat,
  query?: Record<string, string> | URLSearchParams,
  selection?: { field: string; ids: string[] },
): Promise<TransferStartedResponse> {
  const search = new URLSearchParams(query).toString();
  const path = `${exportPath.replace(/\/+$/, '')}/${format}${search ? `?${search}` : ''}`;
  return apiClient.post<TransferStartedResponse>(path, selection ? { [selection.field]: selection.ids } : {});
}

export async function fetchTransfer(storeId: number, uuid: string): Promise<FileTransferDto> {
  return (await apiClient.get<{ data: FileTransferDto }>(transferPath(storeId, uuid))).data;
}

/** The row-error report of an import (CSV: row, column, message), read into rows. */
export async function fetchImportReport(transfer: FileTransferDto): Promise<ImportReport> {
  const csv = await apiClient.get<string>(
    `${transferPath(transfer.store_id, transfer.uuid)}/report`,
    undefined,
    {
      headers: { Accept: 'text/csv' },
    },
  );
  return { csv, rows: parseImportReport(csv) };
}

/**
 * The report's rows, read by position (row, column, message) after its header line, whose wording
 * is the server's to choose (`row (1 = first row after the header)`).
 */
export function parseImportReport(csv: string): ImportRowErrorDto[] {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  return parsed.data.slice(1).map(([row = '', column = '', message = '']) => ({
    row: Number(row),
    column,
    message,
  }));
}

/** The exported file, as bytes (an xlsx must not pass through text decoding). */
export function downloadTransferFile(transfer: FileTransferDto): Promise<Blob> {
  return apiClient.get<Blob>(`${transferPath(transfer.store_id, transfer.uuid)}/download`, undefined, {
    responseType: 'blob',
    headers: { Accept: '*/*' },
  });
}

/** The name an exported file is saved under: `products-export-2026-11-24.xlsx`. */
export function exportFileName(transfer: FileTransferDto): string {
  const day = (transfer.finished_at ?? transfer.created_at).slice(0, 10);
  return `${transfer.subject.replace(/_/g, '-')}-export-${day}.${transfer.file_format}`;
}

/** Hands a file to the browser's download (no new tab; the object url is released after). */
export function saveFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download synchronously; revoking on the next turn is safe.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
