/** Imports and exports of catalogue and order-domain files, run as jobs with live progress. */

export const FILE_TRANSFER_FORMATS = ['csv', 'xlsx'] as const;
export type FileTransferFormat = (typeof FILE_TRANSFER_FORMATS)[number];
export type FileTransferKind = 'import' | 'export';
/** What a transfer is about; the order domain's subjects are exported only (never imported). */
export type FileTransferSubject =
  'products' | 'channel_products' | 'orders' | 'plugin_orders' | 'invoices' | 'confirmation_orders';
export type FileTransferStatus = 'queued' | 'running' | 'done' | 'failed';

export interface FileTransferDto {
  id: number;
  uuid: string;
  store_id: number;
  channel_id: number | null;
  kind: FileTransferKind;
  subject: FileTransferSubject;
  file_format: FileTransferFormat;
  status: FileTransferStatus;
  original_name: string | null;
  rows_total: number | null;
  rows_done: number;
  rows_failed: number;
  error: string | null;
  /** API path to fetch the exported file (exports, when done). */
  download_path: string | null;
  /** API path to fetch the row-error report (imports with failed rows). */
  report_path: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One refused row of an import: the report lists these. Row 1 is the first data row after the header. */
export interface ImportRowErrorDto {
  row: number;
  column: string;
  message: string;
}
