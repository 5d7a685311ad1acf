import type { FileTransferDto } from '@syncdesk/contracts';
import type { FileTransfer } from '../../db/catalogue.models';

/** The api paths of a transfer's files (relative to `/api`, as the browser's client calls them). */
export const transferPaths = (transfer: Pick<FileTransfer, 'store_id' | 'uuid'>) => {
  const base = `/fileTransfers/${transfer.store_id}/${transfer.uuid}`;
  return { show: base, download: `${base}/download`, report: `${base}/report` };
};

export function toFileTransferDto(row: FileTransfer): FileTransferDto {
  const paths = transferPaths(row);
  const done = row.status === 'done';
  return {
    id: row.id,
    uuid: row.uuid,
    store_id: row.store_id,
    channel_id: row.channel_id,
    kind: row.kind,
    subject: row.subject,
    file_format: row.file_format,
    status: row.status,
    original_name: row.original_name,
    rows_total: row.rows_total,
    rows_done: row.rows_done,
    rows_failed: row.rows_failed,
    error: row.error,
    download_path: row.kind === 'export' && done ? paths.download : null,
    report_path: row.kind === 'import' && row.report_path ? paths.report : null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
  };
}
