import { useState } from 'react';
import { DatePicker, Flex } from 'antd';
import type { Dayjs } from 'dayjs';

import { encodeListQuery, type ListParams } from '@syncdesk/contracts';
import { ExportMenu, type Selection } from '@syncdesk/web-kit';

import { confirmationOrdersPath } from './confirmation-orders.api';

export interface ConfirmationOrderExportProps {
  storeId: string;
  params: ListParams;
  selection: Selection;
}

/**
 * Export (CSV, XLSX) of the confirmation orders in a date range (spec §7:
 * `export/{fileFormat}?startDate&endDate`, whole days), or of the ticked orders by uuid. Without a
 * range the file holds what the list's filters and search show.
 */
export function ConfirmationOrderExport({ storeId, params, selection }: ConfirmationOrderExportProps) {
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query = new URLSearchParams(
    encodeListQuery({
      filters: params.filters,
      dateRanges: params.dateRanges,
      search: params.search,
      sort_by: params.sort_by,
      sort_direction: params.sort_direction,
    }),
  );
  if (range) {
    query.set('startDate', range[0].format('YYYY-MM-DD'));
    query.set('endDate', range[1].format('YYYY-MM-DD'));
  }
  const ids = selection.mode === 'ids' ? selection.ids.map(String) : [];

  return (
    <Flex gap={8} align="center" wrap>
      <DatePicker.RangePicker
        aria-label="Export date range"
        placeholder={['Export from', 'Export to']}
        value={range}
        onChange={(value) => setRange(value?.[0] && value[1] ? [value[0], value[1]] : null)}
      />
      <ExportMenu
        exportPath={`${confirmationOrdersPath(storeId)}/export`}
        query={query}
        selection={ids.length > 0 ? { field: 'confirmation_order_uuids', ids } : undefined}
      />
    </Flex>
  );
}
