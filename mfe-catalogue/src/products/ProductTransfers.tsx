import { Button } from 'antd';

import { encodeListQuery, PRODUCT_TRANSFER_COLUMNS, type ListParams } from '@syncdesk/contracts';
import { ExportMenu, ImportDialog, TransferLinkHandler, type Selection } from '@syncdesk/web-kit';

import { productsPath, selectionFilters } from './products.api';

const TEMPLATE_COLUMNS = [...PRODUCT_TRANSFER_COLUMNS];
export const IMPORT_TITLE = 'Import products';

export interface ProductTransfersProps {
  storeId: string;
  /** The list's parameters: an export holds what its filters, search and sort show. */
  params: ListParams;
  /** The list's selection: ticked rows are exported by uuid (the table's row key). */
  selection: Selection;
  mayImport: boolean;
  /** Whether the import dialog is open (the empty state opens it too). */
  importing: boolean;
  onImportingChange(open: boolean): void;
  /** An import has finished: its rows are in the list now. */
  onImported(): void;
}

/**
 * Export (CSV, XLSX) of what the list shows, or of the ticked products, and Import of a CSV or
 * XLSX file with live progress and the row-error report; also opens the outcome of an import or
 * export that an e-mail or notification links to (`?transfer=<uuid>`).
 */
export function ProductTransfers({
  storeId,
  params,
  selection,
  mayImport,
  importing,
  onImportingChange,
  onImported,
}: ProductTransfersProps) {
  const uploadPath = `${productsPath(storeId)}/import`;
  const query = encodeListQuery({
    ...selectionFilters(params),
    sort_by: params.sort_by,
    sort_direction: params.sort_direction,
  });
  // Ticked rows go by uuid; after 'Select all N' the file holds what the filters select.
  const ids = selection.mode === 'ids' ? selection.ids.map(String) : [];

  return (
    <>
      <ExportMenu
        exportPath={`${productsPath(storeId)}/export`}
        query={query}
        selection={ids.length > 0 ? { field: 'product_uuids', ids } : undefined}
      />
      {mayImport ? <Button onClick={() => onImportingChange(true)}>Import</Button> : null}
      <ImportDialog
        open={importing}
        onClose={() => onImportingChange(false)}
        title={IMPORT_TITLE}
        uploadPath={uploadPath}
        templateColumns={TEMPLATE_COLUMNS}
        onFinished={onImported}
      />
      <TransferLinkHandler
        storeId={Number(storeId)}
        importTitle={IMPORT_TITLE}
        uploadPath={uploadPath}
        templateColumns={TEMPLATE_COLUMNS}
        onImportFinished={onImported}
      />
    </>
  );
}
