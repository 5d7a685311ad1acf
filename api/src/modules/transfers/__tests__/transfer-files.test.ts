import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {
  channelProductColumns,
  formatKitItemsCell,
  normaliseHeader,
  parseKitItemsCell,
  productColumns,
  type CellLookup,
} from '../transfer-columns';
import {
  cellText,
  countCsvRows,
  neutraliseFormula,
  readSheet,
  restoreNeutralised,
  writeSheet,
} from '../transfer-sheet';
import { isXlsxPackage } from '../transfer-upload';

/** The file-level pieces of imports and exports, without a database: cells, columns, readers, writers. */

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'transfer-files-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const file = (name: string, content?: string | Buffer) => {
  const target = path.join(folder, name);
  if (content !== undefined) fs.writeFileSync(target, content);
  return target;
};
const rowsOf = async (target: string, format: 'csv' | 'xlsx') => {
  const rows: { line: number; cells: string[] }[] = [];
  for await (const row of readSheet(target, format)) rows.push(row);
  return rows;
};
const lookup =
  (cells: Record<string, string>): CellLookup =>
  (column) =>
    cells[column];

describe('formula neutralising', () => {
  it.each(['=1+2', '+44 20', '-SKU', '@SUM(A1)', '\tTab', '\rReturn'])(
    'quotes %j and reads it back',
    (value) => {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
      expect(restoreNeutralised(neutraliseFormula(value))).toBe(value);
    },
  );

  it.each(['Mug', '', "'quoted already", '12', 'a=b'])('leaves %j as it is', (value) => {
    expect(neutraliseFormula(value)).toBe(value);
    expect(restoreNeutralised(value)).toBe(value);
  });
});

describe('columns', () => {
  it('reads headers as sellers write them', () => {
    expect(['SKU', ' Nominal Code ', 'auto-sync-stock', '\uFEFFkit_items'].map(normaliseHeader)).toEqual([
      'sku',
      'nominal_code',
      'auto_sync_stock',
      'kit_items',
    ]);
  });

  it('writes and reads kit items, a SKU with a colon included', () => {
    const items = [
      { sku: 'A:1', quantity: 2 },
      { sku: 'B', quantity: 1 },
    ];
    expect(formatKitItemsCell(items)).toBe('A:1:2|B:1');
    expect(parseKitItemsCell('A:1:2| B :1 |')).toEqual(items);
    expect(parseKitItemsCell('A-1')).toBeNull();
  });

  it('keeps what a file has no column for, clears what it has blank', () => {
    expect(productColumns.parse(lookup({ sku: ' S-1 ', title: 'T', type: 'Product' }))).toEqual({
      ok: true,
      value: { sku: 'S-1', title: 'T', type: 'product' },
    });
    expect(
      productColumns.parse(
        lookup({
          sku: 'S-1',
          title: 'T',
          type: 'product',
          price: '',
          barcode: '',
          quantity: '',
          auto_sync_stock: 'off',
        }),
      ),
    ).toEqual({
      ok: true,
      value: { sku: 'S-1', title: 'T', type: 'product', price: null, barcode: null, auto_sync_stock: false },
    });
  });

  it("ignores a kit's quantity and refuses what can't be read", () => {
    expect(
      productColumns.parse(lookup({ sku: 'K', title: 'Kit', type: 'kit', quantity: '5', kit_items: 'A:2' })),
    ).toEqual({
      ok: true,
      value: { sku: 'K', title: 'Kit', type: 'kit', kit_items: [{ sku: 'A', quantity: 2 }] },
    });
    const refused = productColumns.parse(
      lookup({ sku: 'K', title: '', type: 'kit', auto_sync_stock: 'maybe', kit_items: 'A:0|B' }),
    );
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems.map((problem) => problem.column).sort()).toEqual([
      'auto_sync_stock',
      'kit_items',
      'title',
    ]);
  });

  it('reads listing statuses by label or number', () => {
    const parse = (status: string) =>
      channelProductColumns.parse(lookup({ channel_product_id: 'L', listing_status: status }));
    expect(parse('live')).toEqual({ ok: true, value: { channel_product_id: 'L', listing_status: 4 } });
    expect(parse('2')).toEqual({ ok: true, value: { channel_product_id: 'L', listing_status: 2 } });
    expect(parse('All').ok).toBe(false);
  });
});

describe('sheets', () => {
  it('reads a CSV with a byte-order mark, semicolons, quoted line breaks and blank lines', async () => {
    const target = file('semicolons.csv', '\uFEFFsku;title\n"A-1";"Two\nlines"\n\nB-1;"x;y"\n');
    expect(await rowsOf(target, 'csv')).toEqual([
      { line: 1, cells: ['sku', 'title'] },
      { line: 2, cells: ['A-1', 'Two\nlines'] },
      { line: 3, cells: [''] },
      { line: 4, cells: ['B-1', 'x;y'] },
    ]);
    expect(await countCsvRows(target)).toBe(2);
  });

  it('throws on a CSV it cannot read', async () => {
    await expect(rowsOf(file('broken.csv', 'sku,title\n"A-1,unclosed\n'), 'csv')).rejects.toThrow(/quote/i);
  });

  it.each(['csv', 'xlsx'] as const)(
    'writes %s rows that read back the same, formulas quoted',
    async (format) => {
      const target = file(`written.${format}`);
      const writer = writeSheet(target, format, 'Products');
      await writer.write(['sku', 'title', 'quantity', 'price']);
      await writer.write(['=cmd', 'Mug', -3, { amount: '4.50' }]);
      await writer.write(['B', null, 0, null]);
      await writer.close();
      const rows = await rowsOf(target, format);
      expect(rows.map((row) => row.cells)).toEqual([
        ['sku', 'title', 'quantity', 'price'],
        ["'=cmd", 'Mug', '-3', format === 'csv' ? '4.50' : '4.5'],
        format === 'csv' ? ['B', '', '0', ''] : ['B', '', '0'],
      ]);
    },
  );

  it('reads the text of any workbook cell: rich text, formula results, links, booleans', async () => {
    expect(cellText({ richText: [{ text: 'Red ' }, { text: 'mug' }] })).toBe('Red mug');
    expect(cellText({ formula: 'A1*2', result: 6 } as ExcelJS.CellFormulaValue)).toBe('6');
    expect(cellText({ text: 'Site', hyperlink: 'https://example.test' })).toBe('Site');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
  });

  it('tells a workbook from any other zip', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').addRow(['sku']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await isXlsxPackage(file('book.xlsx', bytes))).toBe(true);
    const renamed = Buffer.from(bytes);
    const name = Buffer.from('xl/workbook.xml');
    for (let at = renamed.indexOf(name); at !== -1; at = renamed.indexOf(name, at + 1))
      renamed.write('xl/workbooX.xml', at);
    expect(await isXlsxPackage(file('other.zip', renamed))).toBe(false);
    expect(await isXlsxPackage(file('junk.xlsx', 'PK\u0003\u0004 not really'))).toBe(false);
  });
});
