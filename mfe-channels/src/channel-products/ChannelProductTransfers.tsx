import type { Key } from 'react';
import { Button } from 'antd';

import {
  CHANNEL_PRODUCT_TRANSFER_COLUMNS,
  encodeListQuery,
  type ChannelProductDto,
  type ListParams,
} from '@syncdesk/contracts';
import { ExportMenu, ImportDialog, TransferLinkHandler, type SelectionState } from '@syncdesk/web-kit';

import { channelProductsExportPath, channelProductsImportPath } from './channel-products.api';

const TEMPLATE_COLUMNS = [...CHANNEL_PRODUCT_TRANSFER_COLUMNS];

export interface ChannelProductTransfersProps {
  storeId: string;
  channelId: string;
  params: ListParams;
  selection: SelectionState;
  seen: ReadonlyMap<Key, ChannelProductDto>;
  mayImport: boolean;
  /** Whether the import dialog is open (the page's empty state opens it too). */
  importing: boolean;
  onImportingChange(open: boolean): void;
  /** Called when an import has finished: its rows are now in the list. */
  onImported(): void;
}

/**
 * Export (CSV, XLSX) of what the list shows, or of the ticked listings, and Import of a file of
 * listings; also opens the outcome of an import or export the e-mail or notification links to.
 */
export function ChannelProductTransfers({
  storeId,
  channelId,
  params,
  selection,
  seen,
  mayImport,
  importing,
  onImportingChange,
  onImported,
}: ChannelProductTransfersProps) {
  const uploadPath = channelProductsImportPath(storeId, channelId);
  const { filters, dateRanges, search, searchBy, filter, filterBy, sort_by, sort_direction } = params;
  const query = encodeListQuery({
    filters,
    dateRanges,
    search,
    searchBy,
    filter,
    filterBy,
    sort_by,
    sort_direction,
  });
  // Ticked rows go as their uuids; after 'Select all N' the file holds what the filters select.
  const chosen = selection.selection;
  const uuids =
    chosen.mode === 'ids'
      ? chosen.ids.map((id) => seen.get(id)?.uuid).filter((uuid): uuid is string => uuid !== undefined)
      : [];

  return (
    <>
      <ExportMenu
        exportPath={channelProductsExportPath(storeId, channelId)}
        query={query}
        selection={uuids.length > 0 ? { field: 'channel_product_uuids', ids: uuids } : undefined}
      />
      {mayImport ? <Button onClick={() => onImportingChange(true)}>Import</Button> : null}
      <ImportDialog
        open={importing}
        onClose={() => onImportingChange(false)}
        title="Import channel products"
        uploadPath={uploadPath}
        templateColumns={TEMPLATE_COLUMNS}
        onFinished={onImported}
      />
      <TransferLinkHandler
        storeId={Number(storeId)}
        importTitle="Import channel products"
        uploadPath={uploadPath}
        templateColumns={TEMPLATE_COLUMNS}
        onImportFinished={onImported}
      />
    </>
  );
}
