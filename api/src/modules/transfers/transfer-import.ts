import {
  formatMessage,
  IMPORT_REPORT_COLUMNS,
  TRANSFER_MESSAGES,
  type FileTransferFormat,
} from '@syncdesk/contracts';
import type { UpsertRowResult } from '../products/product-batch.types';
import { normaliseHeader, type CellLookup, type RowProblem, type SubjectColumns } from './transfer-columns';
import type { TransferProgress } from './transfer-progress';
import { isBlankRow, readSheet, writeSheet, type SheetRow } from './transfer-sheet';

/** Rows handed to the domain service at a time. */
export const IMPORT_BATCH_SIZE = 1000;

/** A failure of the whole transfer, in words for the seller (the notification and `error` say it). */
export class TransferFailure extends Error {
  override readonly name = 'TransferFailure';
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface ImportPlan<Row> {
  columns: SubjectColumns<Row>;
  /** Applies valid rows in one batch; one result per row, in order. */
  apply(rows: Row[]): Promise<UpsertRowResult[]>;
  /** What makes two rows of a file the same record (a later one is refused). */
  keyOf(row: Row): string;
  /** The column the key is read from, for the duplicate's message. */
  keyColumn: string;
  /** Rows applied after every other row (kits, which may name components further down the file). */
  deferred?(row: Row): boolean;
}

export interface ImportFiles {
  source: string;
  format: FileTransferFormat;
  /** Where the error report goes, if any row is refused. */
  report: string;
}

interface PendingRow<Row> {
  row: number;
  value: Row;
}

const duplicateMessage = (column: string, row: number) =>
  `This ${column.replace(/_/g, ' ')} is already in row ${row} of the file; each may appear only once.`;

/** The file's rows, with a read failure (a broken quote, a damaged workbook) told in the seller's words. */
async function* readable(files: ImportFiles): AsyncGenerator<SheetRow> {
  const rows = readSheet(files.source, files.format);
  while (true) {
    let next: IteratorResult<SheetRow>;
    try {
      next = await rows.next();
    } catch (error) {
      throw new TransferFailure(
        formatMessage(TRANSFER_MESSAGES.unreadable, { reason: (error as Error).message }),
      );
    }
    if (next.done) return;
    yield next.value;
  }
}

/** Finds each known column in the header row; refuses a file without a required one. */
function columnIndexes(header: readonly string[], columns: SubjectColumns<unknown>): Map<string, number> {
  const indexes = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = normaliseHeader(cell);
    if (!columns.columns.includes(name)) return;
    if (indexes.has(name)) throw new TransferFailure(`The file has two ${name} columns; keep one of them.`);
    indexes.set(name, index);
  });
  const missing = columns.required.filter((column) => !indexes.has(column));
  if (missing.length > 0) {
    throw new TransferFailure(
      formatMessage(TRANSFER_MESSAGES.missingColumns, { columns: missing.join(', ') }),
    );
  }
  return indexes;
}

/**
 * Reads an import file row by row and applies its valid rows in batches. A refused row (invalid
 * here, refused by the service, or a repeat of an earlier row) goes to the report with its row
 * number (1 = the first row after the header), column and message, and never stops the others.
 */
export async function runImport<Row>(
  plan: ImportPlan<Row>,
  files: ImportFiles,
  progress: TransferProgress,
): Promise<ImportCounts & { reported: boolean }> {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  // Kept until the end, so the report lists rows in file order whichever step refused them (kits
  // are applied last, and a batch's service refusals come after the next rows were read).
  const refused: (RowProblem & { row: number })[] = [];
  const refuse = (row: number, problems: RowProblem[]) => {
    for (const problem of problems) refused.push({ row, ...problem });
    counts.failed += 1;
  };

  const apply = async (batch: PendingRow<Row>[]) => {
    if (batch.length === 0) return;
    const results = await plan.apply(batch.map((pending) => pending.value));
    let done = 0;
    let failed = 0;
    for (const [index, result] of results.entries()) {
      const pending = batch[index]!;
      if (result.status === 'failed') {
        failed += 1;
        refuse(
          pending.row,
          result.errors.map((error) => ({
            column: error.field.split('.')[0] ?? error.field,
            message: error.message,
          })),
        );
      } else {
        done += 1;
        counts[result.status] += 1;
      }
    }
    await progress.add(done, failed);
  };

  let headerLine: number | null = null;
  let indexes = new Map<string, number>();
  const firstRowOf = new Map<string, number>();
  const deferred: PendingRow<Row>[] = [];
  let batch: PendingRow<Row>[] = [];

  for await (const { line, cells } of readable(files)) {
    if (isBlankRow(cells)) continue;
    if (headerLine === null) {
      headerLine = line;
      indexes = columnIndexes(cells, plan.columns as SubjectColumns<unknown>);
      continue;
    }
    const row = line - headerLine;
    const cell: CellLookup = (column) => {
      const index = indexes.get(column);
      return index === undefined ? undefined : (cells[index] ?? '');
    };
    const parsed = plan.columns.parse(cell);
    if (!parsed.ok) {
      refuse(row, parsed.problems);
      await progress.add(0, 1);
      continue;
    }
    const key = plan.keyOf(parsed.value);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      refuse(row, [{ column: plan.keyColumn, message: duplicateMessage(plan.keyColumn, first) }]);
      await progress.add(0, 1);
      continue;
    }
    firstRowOf.set(key, row);
    if (plan.deferred?.(parsed.value)) {
      deferred.push({ row, value: parsed.value });
      continue;
    }
    batch.push({ row, value: parsed.value });
    if (batch.length >= IMPORT_BATCH_SIZE) {
      await apply(batch);
      batch = [];
    }
  }
  if (headerLine === null) throw new TransferFailure(TRANSFER_MESSAGES.noHeader);
  await apply(batch);
  for (let start = 0; start < deferred.length; start += IMPORT_BATCH_SIZE) {
    await apply(deferred.slice(start, start + IMPORT_BATCH_SIZE));
  }

  if (refused.length === 0) return { ...counts, reported: false };
  refused.sort((a, b) => a.row - b.row);
  const report = writeSheet(files.report, 'csv', 'Errors');
  try {
    await report.write(IMPORT_REPORT_COLUMNS);
    for (const problem of refused) await report.write([problem.row, problem.column, problem.message]);
    await report.close();
  } catch (error) {
    await report.abort();
    throw error;
  }
  return { ...counts, reported: true };
}
