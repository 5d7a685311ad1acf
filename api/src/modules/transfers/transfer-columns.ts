import { z } from 'zod';
import {
  CHANNEL_PRODUCT_TRANSFER_COLUMNS,
  CHANNEL_PRODUCT_TRANSFER_REQUIRED_COLUMNS,
  createProductSchema,
  KIT_ITEM_QUANTITY_SEPARATOR,
  KIT_ITEMS_CELL_SEPARATOR,
  KIT_MESSAGES,
  PRODUCT_LISTING_FILTER,
  PRODUCT_TRANSFER_COLUMNS,
  PRODUCT_TRANSFER_REQUIRED_COLUMNS,
  priceSchema,
  updateChannelProductSchema,
  type ImportRowErrorDto,
  type ProductType,
} from '@syncdesk/contracts';
import type { ProductUpsertRow } from '../products/product-batch.types';
import type { ChannelProductUpsertRow } from '../channel-products/channel-product-services';
import { restoreNeutralised, type SheetCell } from './transfer-sheet';

/**
 * Each subject's columns both ways: a file row (text cells by column) becomes an upsert row or the
 * row's errors, and a stored record becomes the cells of an export row, in the same columns.
 */

export type RowProblem = Omit<ImportRowErrorDto, 'row'>;

/** A file row's cells by column; `undefined` when the file has no such column (the value is kept). */
export type CellLookup = (column: string) => string | undefined;

export type ParsedRow<T> = { ok: true; value: T } | { ok: false; problems: RowProblem[] };

/** A header as a seller may write it ("SKU", " Nominal code", "auto-sync-stock") → the column's name. */
export function normaliseHeader(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Text of a cell as imported: the export's anti-formula quote dropped, surrounding spaces kept for the schemas to trim. */
const text = (cell: string) => restoreNeutralised(cell);

const NUMBER_TEXT = /^[-+]?\d+(\.\d+)?$/;

/** A number when the cell holds one; else the text, for the schema to refuse in its own words. */
function numberOrText(cell: string): number | string {
  const trimmed = cell.trim();
  return NUMBER_TEXT.test(trimmed) ? Number(trimmed) : trimmed;
}

const TRUE_WORDS = ['1', 'true', 'yes', 'y', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'n', 'off'];

function booleanOrText(cell: string): boolean | string {
  const word = cell.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return cell;
}

/** Spreadsheets in the UK often carry the pound sign into a price cell. */
const priceText = (cell: string) => text(cell).trim().replace(/^£\s*/, '');

const KIT_ITEMS_FORMAT = `Write the components as SKU${KIT_ITEM_QUANTITY_SEPARATOR}quantity separated by ${KIT_ITEMS_CELL_SEPARATOR}, e.g. MUG-RED${KIT_ITEM_QUANTITY_SEPARATOR}2${KIT_ITEMS_CELL_SEPARATOR}BOX-S${KIT_ITEM_QUANTITY_SEPARATOR}1.`;

/** `MUG-RED:2|BOX-S:1` → components; the quantity follows the last `:` so a SKU may hold one. */
export function parseKitItemsCell(cell: string): { sku: string; quantity: number | string }[] | null {
  const items: { sku: string; quantity: number | string }[] = [];
  for (const part of text(cell).split(KIT_ITEMS_CELL_SEPARATOR)) {
    if (part.trim() === '') continue;
    const at = part.lastIndexOf(KIT_ITEM_QUANTITY_SEPARATOR);
    if (at <= 0) return null;
    items.push({ sku: part.slice(0, at).trim(), quantity: numberOrText(part.slice(at + 1)) });
  }
  return items;
}

export function formatKitItemsCell(items: readonly { sku: string; quantity: number }[]): string {
  return items
    .map((item) => `${item.sku}${KIT_ITEM_QUANTITY_SEPARATOR}${item.quantity}`)
    .join(KIT_ITEMS_CELL_SEPARATOR);
}

/** A zod failure as row problems: the first part of each issue's path names the column. */
function problemsOf(error: z.ZodError, fallback: string): RowProblem[] {
  const seen = new Set<string>();
  const problems: RowProblem[] = [];
  for (const issue of error.issues) {
    const column = typeof issue.path[0] === 'string' ? issue.path[0] : fallback;
    const key = `${column}\n${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ column, message: issue.message });
  }
  return problems;
}

export interface SubjectColumns<Row> {
  columns: readonly string[];
  required: readonly string[];
  parse(cell: CellLookup): ParsedRow<Row>;
}

// ——— products ———

/** The product columns of an import row. Quantity is ignored on kits: a kit's stock comes from its components. */
export const productColumns: SubjectColumns<ProductUpsertRow> = {
  columns: PRODUCT_TRANSFER_COLUMNS,
  required: PRODUCT_TRANSFER_REQUIRED_COLUMNS,
  parse(cell) {
    const input: Record<string, unknown> = {};
    const problems: RowProblem[] = [];
    const type = cell('type')?.trim().toLowerCase() ?? '';
    input.sku = text(cell('sku') ?? '');
    input.title = text(cell('title') ?? '');
    input.type = type;
    const quantity = cell('quantity');
    if (quantity !== undefined && quantity.trim() !== '' && type !== 'kit')
      input.quantity = numberOrText(quantity);
    const price = cell('price');
    if (price !== undefined) input.price = priceText(price);
    for (const column of ['nominal_code', 'barcode'] as const) {
      const value = cell(column);
      if (value !== undefined) input[column] = text(value);
    }
    const autoSync = cell('auto_sync_stock');
    if (autoSync !== undefined && autoSync.trim() !== '') input.auto_sync_stock = booleanOrText(autoSync);
    const kitItems = cell('kit_items');
    if (kitItems !== undefined) {
      if (type === 'kit') {
        const items = parseKitItemsCell(kitItems);
        if (items === null) problems.push({ column: 'kit_items', message: KIT_ITEMS_FORMAT });
        else input.kit_items = items;
      } else if (kitItems.trim() !== '') {
        problems.push({ column: 'kit_items', message: KIT_MESSAGES.onlyKitsHaveComponents });
      }
    }
    const parsed = createProductSchema.safeParse(input);
    if (!parsed.success) problems.push(...problemsOf(parsed.error, 'sku'));
    if (problems.length > 0 || !parsed.success) return { ok: false, problems };
    const data = parsed.data;
    const row: ProductUpsertRow = { sku: data.sku, title: data.title, type: data.type as ProductType };
    if (data.quantity !== undefined && data.quantity !== null) row.quantity = data.quantity;
    if ('price' in input) row.price = data.price ?? null;
    if ('nominal_code' in input) row.nominal_code = data.nominal_code ?? null;
    if ('barcode' in input) row.barcode = data.barcode ?? null;
    if (data.auto_sync_stock !== undefined) row.auto_sync_stock = data.auto_sync_stock;
    if (data.kit_items !== undefined) {
      row.kit_items = data.kit_items.map((item) => ({ sku: item.sku, quantity: item.quantity }));
    }
    return { ok: true, value: row };
  },
};

/** What an export row of a product is made from. */
export interface ProductExportRecord {
  sku: string;
  title: string;
  type: ProductType;
  quantity: number;
  price: string | null;
  nominal_code: string | null;
  barcode: string | null;
  auto_sync_stock: boolean;
  kit_items: { sku: string; quantity: number }[];
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const amount = (value: string | null): SheetCell => (value === null ? null : { amount: value });

/** A kit's quantity cell stays empty: it holds no stock of its own, and an import ignores it. */
export function productCells(record: ProductExportRecord): SheetCell[] {
  const isKit = record.type === 'kit';
  return [
    record.sku,
    record.title,
    record.type,
    isKit ? null : record.quantity,
    amount(record.price),
    record.nominal_code,
    record.barcode,
    yesNo(record.auto_sync_stock),
    isKit ? formatKitItemsCell(record.kit_items) : null,
  ];
}

// ——— channel products ———

const LISTING_STATUS_MESSAGE = `The listing status must be one of: ${PRODUCT_LISTING_FILTER.entries
  .filter((entry) => entry.key !== 'all')
  .map((entry) => entry.label)
  .join(', ')}.`;

/** The listing status as its label ("Live") or number (4); the "All" filter is no status. */
function listingStatusOf(cell: string): number | null {
  const word = cell.trim().toLowerCase();
  const entry = PRODUCT_LISTING_FILTER.entries.find(
    (candidate) =>
      candidate.key !== 'all' && (candidate.label.toLowerCase() === word || String(candidate.value) === word),
  );
  return entry ? (entry.value as number) : null;
}

const optionalListingText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .optional();

const CHANNEL_QUANTITY_MESSAGE = 'The quantity must be a whole number.';

const channelProductRowSchema = z.object({
  channel_product_id: z
    .string()
    .trim()
    .min(1, 'The channel product id field is required.')
    .max(190, 'The channel product id may not be greater than 190 characters.'),
  sku: optionalListingText('SKU', 190),
  remote_sku: optionalListingText('remote SKU', 190),
  title: optionalListingText('title', 255),
  quantity: z
    .number({ error: CHANNEL_QUANTITY_MESSAGE })
    .int(CHANNEL_QUANTITY_MESSAGE)
    .min(-2_147_483_648, CHANNEL_QUANTITY_MESSAGE)
    .max(2_147_483_647, CHANNEL_QUANTITY_MESSAGE)
    .nullable()
    .optional(),
  price: priceSchema,
  matched_sku: updateChannelProductSchema.shape.matched_sku.optional(),
});

export const channelProductColumns: SubjectColumns<ChannelProductUpsertRow> = {
  columns: CHANNEL_PRODUCT_TRANSFER_COLUMNS,
  required: CHANNEL_PRODUCT_TRANSFER_REQUIRED_COLUMNS,
  parse(cell) {
    const input: Record<string, unknown> = { channel_product_id: text(cell('channel_product_id') ?? '') };
    const problems: RowProblem[] = [];
    for (const column of ['sku', 'remote_sku', 'title', 'matched_sku'] as const) {
      const value = cell(column);
      if (value !== undefined) input[column] = text(value);
    }
    const quantity = cell('quantity');
    if (quantity !== undefined) input.quantity = quantity.trim() === '' ? null : numberOrText(quantity);
    const price = cell('price');
    if (price !== undefined) input.price = priceText(price);
    let listingStatus: number | undefined;
    const status = cell('listing_status');
    if (status !== undefined && status.trim() !== '') {
      const value = listingStatusOf(status);
      if (value === null) problems.push({ column: 'listing_status', message: LISTING_STATUS_MESSAGE });
      else listingStatus = value;
    }
    const parsed = channelProductRowSchema.safeParse(input);
    if (!parsed.success) problems.push(...problemsOf(parsed.error, 'channel_product_id'));
    if (problems.length > 0 || !parsed.success) return { ok: false, problems };
    const data = parsed.data;
    const row: ChannelProductUpsertRow = { channel_product_id: data.channel_product_id };
    for (const column of ['sku', 'remote_sku', 'title', 'quantity', 'price', 'matched_sku'] as const) {
      if (column in input) row[column] = (data[column] ?? null) as never;
    }
    if (listingStatus !== undefined) row.listing_status = listingStatus;
    return { ok: true, value: row };
  },
};

export interface ChannelProductExportRecord {
  channel_product_id: string;
  sku: string | null;
  remote_sku: string | null;
  title: string | null;
  quantity: number | null;
  price: string | null;
  listing_status: number;
  matched_sku: string | null;
}

export function channelProductCells(record: ChannelProductExportRecord): SheetCell[] {
  const status = PRODUCT_LISTING_FILTER.entries.find((entry) => entry.value === record.listing_status);
  return [
    record.channel_product_id,
    record.sku,
    record.remote_sku,
    record.title,
    record.quantity,
    amount(record.price),
    status ? status.label : String(record.listing_status),
    record.matched_sku,
  ];
}
