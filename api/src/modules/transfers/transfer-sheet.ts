import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import type * as ExcelJS from 'exceljs';
import { FORMULA_TRIGGER_CHARACTERS, type FileTransferFormat } from '@syncdesk/contracts';

/**
 * Reading and writing catalogue files one row at a time, through csv-parse/csv-stringify and
 * exceljs's streaming reader and writer: a 100,000-row file never sits in memory whole.
 */

/** One row of a sheet as text cells; `line` is its 1-based row in the sheet (the header's is 1 in most files). */
export interface SheetRow {
  line: number;
  cells: string[];
}

/**
 * A cell to write: text (neutralised against formulas), a number (written as a number), a decimal
 * amount (its text "12.50" in a CSV, a number in a workbook), or nothing.
 */
export type SheetCell = string | number | { amount: string } | null;

export interface SheetWriter {
  write(cells: readonly SheetCell[]): Promise<void>;
  /** Finishes the file; nothing is readable before this resolves. */
  close(): Promise<void>;
  /** Stops writing after a failure (the caller removes the file). */
  abort(): Promise<void>;
}

const CSV_DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of a CSV file, from its first line: spreadsheets in many locales save `;`, and
 * "tab separated" is a CSV too. The one found most often outside quotes wins; a comma by default.
 */
async function sniffDelimiter(path: string): Promise<string> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
    const unquoted = firstLine.replace(/"[^"]*"/g, '');
    let best: string = ',';
    let bestCount = 0;
    for (const delimiter of CSV_DELIMITERS) {
      const count = unquoted.split(delimiter).length - 1;
      if (count > bestCount) [best, bestCount] = [delimiter, count];
    }
    return best;
  } finally {
    await handle.close();
  }
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const parser = fs.createReadStream(path).pipe(
    parse({
      bom: true,
      delimiter: await sniffDelimiter(path),
      // Rows shorter or longer than the header are read as they are; missing cells are blank.
      relax_column_count: true,
      // Kept, so row numbers stay those a spreadsheet shows; blank rows are skipped by the caller.
      skip_empty_lines: false,
    }),
  );
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    line += 1;
    yield { line, cells: record };
  }
}

/** An exceljs cell value as the text a seller sees in the cell. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || (typeof result === 'object' && !(result instanceof Date))
      ? ''
      : cellText(result);
  }
  if ('hyperlink' in value) return String(value.text ?? '');
  if ('error' in value) return '';
  return '';
}

/**
 * exceljs, loaded by the first workbook read or written: at module level it was a third of a second
 * of every process's (and every test file's) start, most of which never touch a workbook.
 */
let excel: Promise<typeof ExcelJS> | undefined;
function loadExcel(): Promise<typeof ExcelJS> {
  // A CommonJS module: its exports arrive as `default` through Node's import, as-is under tsc's require.
  excel ??= import('exceljs').then((module) => (module as { default?: typeof ExcelJS }).default ?? module);
  return excel;
}

/** How often a workbook is read again when the reader lost its own workbook part (see below). */
const XLSX_READ_ATTEMPTS = 3;

async function* xlsxRowsOnce(path: string): AsyncGenerator<SheetRow> {
  const { stream } = await loadExcel();
  const workbook = new stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  // The first worksheet is the file's data; others (notes, lookups) are not read.
  for await (const worksheet of workbook) {
    for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
      // `values` is 1-based and sparse: index 0 is always empty.
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      yield { line: row.number, cells: Array.from(values, (value) => cellText(value)) };
    }
    return;
  }
}

/**
 * ExcelJS's streaming reader sometimes loses the workbook part of a valid file on a busy machine
 * (its unzip stream moves on before the part is read) and then fails on the first worksheet with
 * "Cannot read properties of undefined (reading 'sheets')", before any row. Such a read is simply
 * made again; a failure after rows were given, or any other failure, is the file's.
 */
async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  for (let attempt = 1; ; attempt += 1) {
    let gave = false;
    try {
      for await (const row of xlsxRowsOnce(path)) {
        gave = true;
        yield row;
      }
      return;
    } catch (error) {
      const lostWorkbook = error instanceof TypeError && /reading 'sheets'/.test(error.message);
      if (gave || !lostWorkbook || attempt >= XLSX_READ_ATTEMPTS) throw error;
    }
  }
}

/** The rows of a CSV or XLSX file, in order. Throws what the library says when the file is not readable. */
export function readSheet(path: string, format: FileTransferFormat): AsyncGenerator<SheetRow> {
  return format === 'csv' ? csvRows(path) : xlsxRows(path);
}

/** How many data rows a CSV holds (records after the first non-blank one), read once quickly for the progress bar. */
export async function countCsvRows(path: string): Promise<number> {
  let count = 0;
  let headerSeen = false;
  for await (const row of csvRows(path)) {
    const blank = isBlankRow(row.cells);
    if (!headerSeen) headerSeen = !blank;
    else if (!blank) count += 1;
  }
  return count;
}

export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * A cell a spreadsheet would run as a formula gets a leading `'` (OWASP's advice against CSV
 * injection). Only text is touched: numbers are written as numbers, so -3 stays -3.
 */
export function neutraliseFormula(text: string): string {
  return (FORMULA_TRIGGER_CHARACTERS as readonly string[]).includes(text.charAt(0)) ? `'${text}` : text;
}

/** Undoes `neutraliseFormula` on import, so an exported file imports back to the same values. */
export function restoreNeutralised(text: string): string {
  return text.startsWith("'") && (FORMULA_TRIGGER_CHARACTERS as readonly string[]).includes(text.charAt(1))
    ? text.slice(1)
    : text;
}

function csvCell(cell: SheetCell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return neutraliseFormula(cell);
  if (typeof cell === 'number') return String(cell);
  return cell.amount;
}

function xlsxCell(cell: SheetCell): string | number | null {
  if (cell === null || typeof cell === 'number') return cell;
  if (typeof cell === 'string') return neutraliseFormula(cell);
  return Number(cell.amount);
}

function csvWriter(path: string): SheetWriter {
  const output = fs.createWriteStream(path);
  // A byte-order mark, so spreadsheets open the UTF-8 file with the right characters (£, é…).
  const stringifier = stringify({ bom: true });
  stringifier.pipe(output);
  return {
    async write(cells) {
      if (!stringifier.write(cells.map(csvCell))) await once(stringifier, 'drain');
    },
    async close() {
      stringifier.end();
      await finished(output);
    },
    async abort() {
      stringifier.destroy();
      output.destroy();
    },
  };
}

function xlsxWriter(path: string, sheetName: string): SheetWriter {
  const opened = loadExcel().then(({ stream }) => {
    const workbook = new stream.xlsx.WorkbookWriter({
      filename: path,
      useStyles: false,
      useSharedStrings: false,
    });
    return { workbook, sheet: workbook.addWorksheet(sheetName) };
  });
  // Its failure reaches the caller through write/close; unawaited here it must not crash the process.
  opened.catch(() => undefined);
  return {
    async write(cells) {
      (await opened).sheet.addRow(cells.map(xlsxCell)).commit();
    },
    async close() {
      const { workbook, sheet } = await opened;
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      const { workbook } = await opened;
      await workbook.commit().catch(() => undefined);
    },
  };
}

/** A file written row by row; `sheetName` names the XLSX worksheet. */
export function writeSheet(path: string, format: FileTransferFormat, sheetName: string): SheetWriter {
  return format === 'csv' ? csvWriter(path) : xlsxWriter(path, sheetName);
}
