import type { FileTransferDto, FileTransferStatus, TransferProgressEvent } from '@syncdesk/contracts';

/**
 * A transfer's figures arrive from two sources that can overtake each other: live
 * `transfer:progress` events and fetches of the transfer. Both only ever move forward (queued →
 * running → done/failed, counts growing), so merging keeps the furthest of each and a late,
 * stale answer can never undo a finish.
 */
const STAGE: Record<FileTransferStatus, number> = { queued: 0, running: 1, done: 2, failed: 2 };

export function isTransferFinished(transfer: Pick<FileTransferDto, 'status'> | null | undefined): boolean {
  return transfer?.status === 'done' || transfer?.status === 'failed';
}

function furthest(current: FileTransferStatus, next: FileTransferStatus): FileTransferStatus {
  // Once finished, the outcome stands; before that, the later stage wins.
  if (STAGE[current] === 2) return current;
  return STAGE[next] >= STAGE[current] ? next : current;
}

/** Applies a live event to what the page knows of the transfer. */
export function applyProgressEvent(transfer: FileTransferDto, event: TransferProgressEvent): FileTransferDto {
  if (event.transferId !== transfer.id) return transfer;
  return {
    ...transfer,
    status: furthest(transfer.status, event.status),
    rows_total: event.rowsTotal ?? transfer.rows_total,
    rows_done: Math.max(transfer.rows_done, event.rowsDone),
    rows_failed: Math.max(transfer.rows_failed, event.rowsFailed),
  };
}

/** Takes a fetched copy of the transfer, unless what the page already knows is further along. */
export function applyFetchedTransfer(
  current: FileTransferDto | null,
  fetched: FileTransferDto,
): FileTransferDto {
  if (!current || current.id !== fetched.id) return fetched;
  if (STAGE[current.status] > STAGE[fetched.status]) {
    return { ...fetched, ...pickProgress(current), status: current.status };
  }
  return {
    ...fetched,
    rows_total: fetched.rows_total ?? current.rows_total,
    rows_done: Math.max(current.rows_done, fetched.rows_done),
    rows_failed: Math.max(current.rows_failed, fetched.rows_failed),
  };
}

function pickProgress(transfer: FileTransferDto) {
  return {
    rows_total: transfer.rows_total,
    rows_done: transfer.rows_done,
    rows_failed: transfer.rows_failed,
  };
}

/** Rows handled so far (imported or refused) as a whole percentage, or null while the total is unknown. */
export function transferPercent(transfer: FileTransferDto): number | null {
  if (transfer.status === 'done') return 100;
  if (!transfer.rows_total) return null;
  const handled = transfer.rows_done + transfer.rows_failed;
  return Math.min(99, Math.floor((handled / transfer.rows_total) * 100));
}
