import type { MiraklStockImportStatus } from '../mirakl-order.types';
import { parseSemicolonCsv } from '../mirakl-stock-file';

/**
 * Offers and the asynchronous stock import (STO01 → STO02 → STO03): an import waits
 * `waitingMs`, runs `runningMs`, then applies its lines to the offers and completes. Lines for an
 * offer the shop does not have, or with a quantity that is not a whole number ≥ 0, go to the
 * error report.
 */
export interface StockImport {
  importId: string;
  status: MiraklStockImportStatus['status'];
  createdAt: number;
  /** The file as received, for tests that check what was sent. */
  file: string;
  lines: { sku: string; quantity: string }[];
  /** `line`: the line of the file (the header is line 1), as STO03 numbers it. */
  errors: { line: number; sku: string; quantity: string; message: string }[];
  applied: number;
}

export interface StockBook {
  offers(): Record<string, number>;
  addOffer(sku: string, quantity?: number): void;
  submit(file: string, now: number): StockImport;
  get(importId: string): StockImport | undefined;
  all(): StockImport[];
  /** Moves imports along their timeline up to `now`. */
  settle(now: number): void;
  statusOf(entry: StockImport, shopId: string): MiraklStockImportStatus;
  errorReportOf(entry: StockImport): string | null;
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

export function createStockBook(options: {
  skus: readonly string[];
  initialStock: Readonly<Record<string, number>>;
  waitingMs: number;
  runningMs: number;
}): StockBook {
  const offers = new Map<string, number>();
  for (const sku of options.skus) offers.set(sku, options.initialStock[sku] ?? 0);
  for (const [sku, quantity] of Object.entries(options.initialStock)) offers.set(sku, quantity);
  const imports = new Map<string, StockImport>();
  let sequence = 3000;

  function run(entry: StockImport) {
    const rows = parseSemicolonCsv(entry.file);
    const header = entry.file.split(/\r?\n/, 1)[0] ?? '';
    if (!/offer-sku/.test(header) || !/quantity/.test(header)) {
      entry.status = 'FAILED';
      return;
    }
    for (const [index, row] of rows.entries()) {
      const line = index + 2;
      const sku = row['offer-sku'] ?? '';
      const quantity = row.quantity ?? '';
      entry.lines.push({ sku, quantity });
      if (!offers.has(sku)) {
        entry.errors.push({ line, sku, quantity, message: 'The offer does not exist' });
      } else if (!/^\d+$/.test(quantity)) {
        entry.errors.push({ line, sku, quantity, message: 'The quantity must be a positive whole number' });
      } else {
        offers.set(sku, Number.parseInt(quantity, 10));
        entry.applied += 1;
      }
    }
    entry.status = 'COMPLETE';
  }

  return {
    offers: () => Object.fromEntries([...offers].sort(([a], [b]) => a.localeCompare(b))),
    addOffer(sku, quantity = 0) {
      if (!offers.has(sku)) offers.set(sku, quantity);
    },
    submit(file, now) {
      sequence += 1;
      const entry: StockImport = {
        importId: String(sequence),
        status: 'WAITING',
        createdAt: now,
        file,
        lines: [],
        errors: [],
        applied: 0,
      };
      imports.set(entry.importId, entry);
      return entry;
    },
    get: (importId) => imports.get(importId),
    all: () => [...imports.values()],
    settle(now) {
      for (const entry of imports.values()) {
        if (entry.status === 'WAITING' && now >= entry.createdAt + options.waitingMs)
          entry.status = 'RUNNING';
        if (entry.status === 'RUNNING' && now >= entry.createdAt + options.waitingMs + options.runningMs)
          run(entry);
      }
    },
    statusOf(entry, shopId) {
      const done = entry.status === 'COMPLETE' || entry.status === 'FAILED';
      return {
        import_id: entry.importId,
        status: entry.status,
        lines_in_success: done ? entry.applied : 0,
        lines_in_error: done ? entry.errors.length : 0,
        has_error_report: entry.errors.length > 0,
        date_created: new Date(entry.createdAt).toISOString(),
        shop_id: shopId,
      };
    },
    // STO03: "The first column contains the line number in error. The second column contains the
    // error reason", then the line as sent. The header names of the first two are ours (Mirakl's
    // are not documented), so the connector must read them by position.
    errorReportOf(entry) {
      if (!entry.errors.length) return null;
      const rows = entry.errors.map((error) =>
        [String(error.line), error.message, error.sku, error.quantity].map(quote).join(';'),
      );
      return [['line', 'error', 'offer-sku', 'quantity'].map(quote).join(';'), ...rows].join('\n') + '\n';
    },
  };
}
