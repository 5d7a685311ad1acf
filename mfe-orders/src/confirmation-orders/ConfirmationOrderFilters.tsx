import { Button, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';

import { ACKNOWLEDGE_SYNC_STATUS, PURCHASE_ORDER_STATUS, type ListParams } from '@syncdesk/contracts';
import {
  listDayRange,
  pickerDays,
  selectedFilterValues,
  withDateRange,
  withFilter,
  type ListParamsUpdate,
} from '@syncdesk/web-kit';

export interface ConfirmationOrderFiltersProps {
  params: ListParams;
  setParams(update: ListParamsUpdate): void;
  /** A new filter changes which rows 'all' means, so the selection is dropped. */
  onChange(): void;
}

const options = (entries: readonly { value: string; label: string }[]) =>
  entries.map((entry) => ({ value: entry.value, label: entry.label }));

/** Whether a filter or a search narrows the list. */
export function hasConfirmationOrderFilters(params: ListParams): boolean {
  return (
    Boolean(params.search) ||
    Object.keys(params.filters ?? {}).length > 0 ||
    Object.keys(params.dateRanges ?? {}).length > 0
  );
}

/**
 * Status, acknowledgement and order-date filters, sent as `status[in]`,
 * `acknowledge_sync_status[in]` and `order_date[startDate|endDate]` (whole UTC days).
 */
export function ConfirmationOrderFilters({ params, setParams, onChange }: ConfirmationOrderFiltersProps) {
  const filters = params.filters ?? {};
  const selected = (field: string) => selectedFilterValues(params, field);
  const setFilter = (field: string, values: string[]) => {
    onChange();
    setParams((previous) => withFilter(previous, field, values.length === 0 ? null : { in: values }));
  };
  const rangeValue = pickerDays(params.dateRanges?.order_date);
  const setRange = (value: [Dayjs | null, Dayjs | null] | null) => {
    onChange();
    setParams((previous) => withDateRange(previous, 'order_date', listDayRange(value)));
  };
  const any = Object.keys(filters).length > 0 || Object.keys(params.dateRanges ?? {}).length > 0;

  return (
    <>
      <Select<string[]>
        aria-label="Filter by status"
        placeholder="Any status"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={selected('status')}
        options={options(PURCHASE_ORDER_STATUS.entries)}
        onChange={(values) => setFilter('status', values)}
        style={{ minWidth: 160 }}
      />
      <Select<string[]>
        aria-label="Filter by acknowledgement"
        placeholder="Any acknowledgement"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={selected('acknowledge_sync_status')}
        options={options(ACKNOWLEDGE_SYNC_STATUS.entries)}
        onChange={(values) => setFilter('acknowledge_sync_status', values)}
        style={{ minWidth: 200 }}
      />
      <DatePicker.RangePicker
        aria-label="Order date"
        placeholder={['Ordered from', 'Ordered to']}
        value={rangeValue}
        onChange={(value) => setRange(value)}
      />
      {any ? (
        <Button
          type="link"
          onClick={() => {
            onChange();
            setParams((previous) => ({ ...previous, filters: {}, dateRanges: {}, page: 1 }));
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </>
  );
}
