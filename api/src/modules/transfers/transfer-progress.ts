import { rooms, type Publish } from '@syncdesk/contracts';
import type { FileTransfer } from '../../db/catalogue.models';

/** How often progress is told at most by rows, and at least by time while rows keep coming. */
export const PROGRESS_EVERY_ROWS = 1000;
export const PROGRESS_EVERY_MS = 500;

/**
 * The figures of a running transfer: `done` rows applied (or written, for an export), `failed`
 * rows refused. They are saved on the row and sent to the starting user's pages
 * (`transfer:progress`) at the start, every PROGRESS_EVERY_ROWS rows or PROGRESS_EVERY_MS, and at the end.
 */
export interface TransferProgress {
  readonly done: number;
  readonly failed: number;
  readonly total: number | null;
  /** Sets the total told with the next figures. */
  setTotal(total: number | null): void;
  /** Counts rows; tells when a threshold is passed. */
  add(done: number, failed: number): Promise<void>;
  /** Saves and tells now (the start, the end). */
  flush(): Promise<void>;
}

export function createTransferProgress(
  transfer: FileTransfer,
  publish: Publish,
  now: () => number = Date.now,
): TransferProgress {
  let done = transfer.rows_done;
  let failed = transfer.rows_failed;
  let total = transfer.rows_total;
  let toldAtRows = done + failed;
  let toldAt = now();

  async function flush() {
    toldAtRows = done + failed;
    toldAt = now();
    await transfer.update({ rows_done: done, rows_failed: failed, rows_total: total });
    publish({
      name: 'transfer:progress',
      rooms: [rooms.user(transfer.user_id)],
      payload: {
        transferId: transfer.id,
        storeId: transfer.store_id,
        kind: transfer.kind,
        subject: transfer.subject,
        status: transfer.status,
        rowsTotal: total,
        rowsDone: done,
        rowsFailed: failed,
      },
    });
  }

  return {
    get done() {
      return done;
    },
    get failed() {
      return failed;
    },
    get total() {
      return total;
    },
    setTotal(value) {
      total = value;
    },
    async add(doneRows, failedRows) {
      done += doneRows;
      failed += failedRows;
      if (done + failed - toldAtRows >= PROGRESS_EVERY_ROWS || now() - toldAt >= PROGRESS_EVERY_MS) {
        await flush();
      }
    },
    flush,
  };
}
