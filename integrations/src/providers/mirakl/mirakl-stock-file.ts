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
 * The rejected lines of an STO03 error report, traced to the SKUs we sent. Mirakl documents the
 * report as "The first column contains the line number in error. The second column contains the
 * error reason", followed by the line as sent (ready to reimport once fixed); the columns' names
 * are not documented, so they are read by position. A line is traced by the SKU it repeats when
 * that is one we sent, else by its line number in our file (the header is line 1). `untraced`
 * counts report lines neither names: the caller then cannot claim any other SKU accepted.
 */
export function rejectedLinesOf(
  report: string,
  sent: readonly { sku: string }[],
): { rejected: { sku: string; reason: string }[]; untraced: number } {
  const lines = report.split(/\r?\n/).filter((line) => line.trim() !== '');
  const skus = new Set(sent.map((row) => row.sku));
  const rejected = new Map<string, string>();
  let untraced = 0;
  lines.forEach((line, index) => {
    const cells = cellsOf(line).map((cell) => cell.trim());
    const lineNumber = /^\d+$/.test(cells[0] ?? '') ? Number(cells[0]) : null;
    // The header row (no line number in its first column) says nothing about a SKU.
    if (lineNumber === null && index === 0) return;
    const reason = cells[1] || 'Mirakl refused this line.';
    const repeated = cells[2] ?? '';
    const byLine = lineNumber !== null && lineNumber >= 2 ? sent[lineNumber - 2]?.sku : undefined;
    const sku = skus.has(repeated) ? repeated : byLine;
    if (sku === undefined) untraced += 1;
    else if (!rejected.has(sku)) rejected.set(sku, reason);
  });
  return { rejected: [...rejected].map(([sku, reason]) => ({ sku, reason })), untraced };
}
