/**
 * The columns of catalogue files. One list per subject, used both ways: an export writes these
 * headers in this order, and an import reads them back (headers matched case-insensitively, spaces
 * and dashes read as `_`, other columns ignored), so an exported file can be edited and imported.
 */

export const PRODUCT_TRANSFER_COLUMNS = [
  'sku',
  'title',
  'type',
  'quantity',
  'price',
  'nominal_code',
  'barcode',
  'auto_sync_stock',
  'kit_items',
] as const;
export type ProductTransferColumn = (typeof PRODUCT_TRANSFER_COLUMNS)[number];

/** An import without one of these columns is refused as a whole. */
export const PRODUCT_TRANSFER_REQUIRED_COLUMNS: readonly ProductTransferColumn[] = ['sku', 'title', 'type'];

export const CHANNEL_PRODUCT_TRANSFER_COLUMNS = [
  'channel_product_id',
  'sku',
  'remote_sku',
  'title',
  'quantity',
  'price',
  'listing_status',
  'matched_sku',
] as const;
export type ChannelProductTransferColumn = (typeof CHANNEL_PRODUCT_TRANSFER_COLUMNS)[number];

export const CHANNEL_PRODUCT_TRANSFER_REQUIRED_COLUMNS: readonly ChannelProductTransferColumn[] = [
  'channel_product_id',
];

/** A kit's components in one cell: `SKU:quantity` pairs separated by `|`, e.g. `MUG-RED:2|BOX-S:1`. */
export const KIT_ITEMS_CELL_SEPARATOR = '|';
export const KIT_ITEM_QUANTITY_SEPARATOR = ':';

/**
 * Cells of an export that begin with one of these are prefixed with a single quote, so a
 * spreadsheet never runs them as a formula (CSV injection); an import drops that quote again.
 * Numbers are written as numbers and never prefixed: a quantity of -3 is data, not a formula.
 */
export const FORMULA_TRIGGER_CHARACTERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** The first column of an import's error report; row 1 is the first row after the header. */
export const IMPORT_REPORT_COLUMNS = ['row (1 = first row after the header)', 'column', 'message'] as const;

export const TRANSFER_MESSAGES = {
  fileRequired: 'Please choose a CSV or XLSX file to import.',
  wrongType: 'The file must be a CSV or XLSX file.',
  emptyFile: 'The file is empty.',
  /** `{limit}` in MB. */
  tooLarge: 'The file is larger than the {limit} MB limit.',
  notReady: 'The file is not ready yet.',
  /** `{columns}`: the missing headers, comma separated. */
  missingColumns: 'The file has no {columns} column. The first row must hold the column headers.',
  noHeader: 'The file has no header row.',
  lostAccess: 'You no longer have access to these products, so the file was not processed.',
  /** A file built with personal data in clear, asked for by a role under data protection. */
  personalDataHidden:
    'This file shows personal data your role may not see. Start your own export to get a file with personal data masked.',
  unreadable: 'The file could not be read: {reason}',
} as const;
