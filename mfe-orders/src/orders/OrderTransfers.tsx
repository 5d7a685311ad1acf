import { encodeListQuery, type ListParams } from '@syncdesk/contracts';
import { ExportMenu, type Selection } from '@syncdesk/web-kit';

import { ordersPath, selectionFilters } from './orders.api';

export interface OrderTransfersProps {
  storeId: string;
  /** The list's parameters: an export holds what its tab, filters, search and sort show. */
  params: ListParams;
  /** The list's selection: ticked orders are exported by id. */
  selection: Selection;
}

/**
 * Export (CSV, XLSX) of what the list shows, or of the ticked orders; the export runs as a job and
 * the menu follows it to its Download button.
 */
export function OrderTransfers({ storeId, params, selection }: OrderTransfersProps) {
  const query = encodeListQuery({
    ...selectionFilters(params),
    sort_by: params.sort_by,
    sort_direction: params.sort_direction,
  });
  // Ticked rows go by id; after 'Select all N' the file holds what the filters select.
  const ids = selection.mode === 'ids' ? selection.ids.map(String) : [];
  return (
    <ExportMenu
      exportPath={`${ordersPath(storeId)}/export`}
      query={query}
      selection={ids.length > 0 ? { field: 'order_ids', ids } : undefined}
    />
  );
}
