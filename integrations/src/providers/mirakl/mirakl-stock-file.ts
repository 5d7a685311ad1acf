/**
 * The STO01 stock file and the STO03 error report: semicolon-separated CSV with quoted values
 * (channel-apis §2). Without a warehouse code a quantity is the offer's global quantity.
 */
export const STOCK_FILE_COLUMNS = ['offer-sku', 'quantity'] as const;

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

export function stockFileOf(levels: readonly { sku: string; quantity: number }[]): string {
  const rows = levels.map((level) => [
    quote(level.sku),
    quote(String(Math.max(0, Math.trunc(level.quantity)))),
  ]);
  return [STOCK_FILE_COLUMNS.map(quote), ...rows].map((row) => row.join(';')).join('\n') + '\n';
}

/** Splits one CSV line on `;`, honouring quotes and doubled quotes. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** Rows of a semicolon CSV as objects keyed by the header's names. */
export function parseSemicolonCsv(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (!lines.length) return [];
  const header = cellsOf(lines[0]!).map((name) => name.trim());
  return lines.slice(1).map((line) => {
    const cells = cellsOf(line);
    return Object.fromEntries(header.map((name, index) => [name, (cells[index] ?? '').trim()]));
  });
}

/**
 * The rejected lines of an error report. The report repeats the file's columns and adds the reason;
 * its column name is not in the stored reference, so any column whose name says "error" is read.
 */
export function rejectedLinesOf(report: string): { sku: string; reason: string }[] {
  return parseSemicolonCsv(report)
    .filter((row) => row['offer-sku'])
    .map((row) => {
      const reasonColumn = Object.keys(row).find((name) => /error/i.test(name) && row[name]);
      return {
        sku: row['offer-sku']!,
        reason: (reasonColumn && row[reasonColumn]) || 'Mirakl refused this line.',
      };
    });
}
