import fs from 'node:fs';
import type { FileTransferFormat } from '@syncdesk/contracts';
import type { TransferProgress } from './transfer-progress';
import { writeSheet, type SheetCell } from './transfer-sheet';

/** Records read from the database at a time. */
export const EXPORT_PAGE_SIZE = 1000;

export interface ExportPage {
  rows: SheetCell[][];
  /** The last record's id: the next page starts after it. */
  lastId: number;
  /**
   * Records read, when one record spans several rows (an order and its lines): progress and the
   * end of the list count records, as `count()` does. `rows.length` otherwise.
   */
  records?: number;
}

export interface ExportPlan {
  columns: readonly string[];
  /** The XLSX worksheet's name. */
  sheetName: string;
  count(): Promise<number>;
  /** Up to `limit` records with an id above `afterId`, by id: pages never skip or repeat a record as rows change. */
  page(afterId: number, limit: number): Promise<ExportPage>;
}

/**
 * Writes every record the plan selects to `file`, a page at a time (never the whole list in
 * memory), under the same headers an import reads. Written to a temporary name first, so a
 * half-written file is never the one downloaded.
 */
export async function runExport(
  plan: ExportPlan,
  file: string,
  format: FileTransferFormat,
  progress: TransferProgress,
): Promise<void> {
  progress.setTotal(await plan.count());
  await progress.flush();
  const partial = `${file}.partial`;
  const writer = writeSheet(partial, format, plan.sheetName);
  try {
    await writer.write(plan.columns);
    let afterId = 0;
    while (true) {
      const page = await plan.page(afterId, EXPORT_PAGE_SIZE);
      for (const row of page.rows) await writer.write(row);
      const records = page.records ?? page.rows.length;
      await progress.add(records, 0);
      if (records < EXPORT_PAGE_SIZE) break;
      afterId = page.lastId;
    }
    await writer.close();
  } catch (error) {
    await writer.abort();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  await fs.promises.rename(partial, file);
  // Records added or removed while the file was written: the file's own count is the one that holds.
  progress.setTotal(progress.done);
}
